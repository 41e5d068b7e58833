import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { bundleServer } from '../scripts/server-bundle.mjs';

/** Shared by the benchmarks: bounded loops of real HTTP requests over keep-alive connections. */
export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface HttpCall {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

export function agent(maxSockets: number) {
  return new http.Agent({ keepAlive: true, maxSockets });
}

export function send(call: HttpCall, via: http.Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      call.url,
      { method: call.method, headers: call.headers, agent: via },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    if (call.body) req.write(call.body);
    req.end();
  });
}

/** Sends `total` requests with `concurrency` in flight; latencies in milliseconds. */
export async function load(
  call: HttpCall,
  concurrency: number,
  total: number,
): Promise<LoadResult> {
  const via = agent(concurrency);
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const t0 = performance.now();
        try {
          const res = await send(call, via);
          if (res.status >= 400) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  via.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { requests: total, seconds, rps: total / seconds, p50: at(0.5), p99: at(0.99), errors };
}

export const isSmoke = process.argv.includes('--smoke');

export function fmt(n: number, digits = 1): string {
  return n.toLocaleString('en-US', {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  });
}

/**
 * Runs a benchmark when its file is the one tsx was started with (`npx tsx bench/<file>`), and
 * ends the process with status 1 when it fails, so that run-all sees the failure.
 */
export function runWhenStarted(fileName: string, run: () => Promise<unknown>): void {
  if (!process.argv[1]?.endsWith(fileName)) return;
  run().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

export interface StartedTarget {
  url: string;
  /** A signed-in investor's cookie (the BFF). */
  cookie?: string;
  /** The credentials the sandbox accepts (the sandbox). */
  credentials?: { clientId: string; apiKey: string };
  pid: number;
  child: ChildProcess;
}

interface PackageScripts {
  scripts: { start: string };
}

/**
 * The V8 flags `npm start` gives the portal's process (package.json), given to every target alike
 * so that each is measured as it runs in production and none has a runtime the others lack.
 */
const startCommand = (JSON.parse(readFileSync('package.json', 'utf8')) as PackageScripts).scripts
  .start;
const productionFlags = startCommand.split(' ').filter((word) => word.startsWith('--'));

let bundled: Promise<string> | undefined;

/**
 * bench/target.ts bundled as `npm start` bundles the server (scripts/server-bundle.mjs), once per
 * benchmark run: through tsx's loader every function would also carry a naming helper and the
 * process would map stack traces to the sources, neither of which the portal pays in production.
 */
function targetBundle(): Promise<string> {
  bundled ??= (async () => {
    // A folder for each checkout: worktrees may share one node_modules (and so its cache), and
    // a run must never measure another checkout's bundle written under it.
    const checkout = createHash('sha256').update(process.cwd()).digest('hex').slice(0, 12);
    const outdir = path.resolve('node_modules/.cache/transact-portal/bench', checkout);
    await bundleServer({ target: 'bench/target.ts' }, outdir);
    return path.join(outdir, 'target.js');
  })();
  return bundled;
}

/**
 * Starts bench/target.ts in a process of its own (so that it never shares an event loop with the
 * load generator or with the browser's driver) and resolves with the fields of its `READY` line.
 */
export async function startTarget(
  kind: string,
  env: Record<string, string>,
): Promise<StartedTarget> {
  const child = spawn(process.execPath, [...productionFlags, await targetBundle(), kind], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('READY ')) resolve({ ...JSON.parse(line.slice(6)), child });
    });
    child.once('exit', (code) => reject(new Error(`${kind} exited with ${code}`)));
  });
}
