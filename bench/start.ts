/**
 * `npx tsx bench/start.ts [--smoke]` (part of `npm run bench`, not of its smoke run): how long `npm start` takes, with a build present, from the
 * command to the first successful /readyz, on a fresh data folder and on an existing one. Each
 * case is run three times (once in a smoke run) and the median is printed with the machine's load
 * average, since a busy machine stretches every figure. Timings are printed, never asserted.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, run, startScript } from '../src/server/__tests__/processes';

const smoke = process.argv.includes('--smoke');
const rounds = smoke ? 1 : 3;

if (!existsSync('dist/.build-inputs')) {
  console.log('skipped: no build present (run npm run build); this measures starts without one');
  process.exit(0);
}

async function readyAfter(dataDir: string): Promise<number> {
  const [port, sandboxPort] = [await freePort(), await freePort()];
  const startedAt = performance.now();
  const portal = run(startScript(), {
    PORT: String(port),
    SANDBOX_PORT: String(sandboxPort),
    DATA_DIR: path.join(dataDir, 'portal'),
    SANDBOX_DATA_DIR: path.join(dataDir, 'sandbox'),
    LOG_LEVEL: 'warn',
  });
  try {
    await portal.waitFor(/Portal ready in/, 120_000);
    // Ready means the readiness probe answers, not only that the line was printed.
    for (;;) {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
      if (res?.ok) return performance.now() - startedAt;
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    portal.child.kill('SIGTERM');
    await portal.exited(20_000);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

const root = mkdtempSync(path.join(tmpdir(), 'bench-start-'));
try {
  const fresh: number[] = [];
  const existing: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const dataDir = path.join(root, `round-${i}`);
    fresh.push(await readyAfter(dataDir));
    existing.push(await readyAfter(dataDir));
  }
  const load = loadavg()[0].toFixed(1);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`npm start → /readyz ready, build present (load average ${load}, ${rounds} run(s))`);
  console.log(`  fresh data folder:    median ${seconds(median(fresh))}`);
  console.log(`  existing data folder: median ${seconds(median(existing))}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
