/**
 * Throughput of the sandbox as an upstream: a small read (getMarketHours) and one page of 500
 * orders (getOrdersForADay). Closed-loop clients over a keep-alive agent, autocannon style, with
 * bounded request counts. `npx tsx bench/sandbox-throughput.ts [--smoke]` (smoke ≈ 2 seconds).
 */
import http from 'node:http';
import { startSandbox } from '../src/sandbox/index.js';

interface Scenario {
  name: string;
  path: string;
  body: string;
  requests: number;
  connections: number;
}

interface Outcome {
  name: string;
  requests: number;
  seconds: number;
  latenciesMs: number[];
  errors: number;
  /** CPU time of this process (server and client loops) per request; robust on a busy machine. */
  cpuMsPerRequest: number;
}

const smoke = process.argv.includes('--smoke');

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function once(
  agent: http.Agent,
  url: URL,
  path: string,
  body: string,
  authorization: string,
): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        let ok = response.statusCode === 200;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          ok = ok && Buffer.concat(chunks).includes('"statusCode":"101"');
          resolve(ok);
        });
      },
    );
    request.on('error', () => resolve(false));
    request.end(body);
  });
}

async function run(scenario: Scenario, url: URL, authorization: string): Promise<Outcome> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: scenario.connections });
  const latenciesMs: number[] = [];
  let issued = 0;
  let errors = 0;
  const worker = async () => {
    while (issued < scenario.requests) {
      issued++;
      const started = process.hrtime.bigint();
      const ok = await once(agent, url, scenario.path, scenario.body, authorization);
      latenciesMs.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (!ok) errors++;
    }
  };
  // Warm-up: the order page generates and caches its day on first use.
  await once(agent, url, scenario.path, scenario.body, authorization);
  const started = process.hrtime.bigint();
  const cpuBefore = process.cpuUsage();
  await Promise.all(Array.from({ length: scenario.connections }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  return {
    name: scenario.name,
    requests: latenciesMs.length,
    seconds,
    latenciesMs: latenciesMs.sort((a, b) => a - b),
    errors,
    cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / latenciesMs.length,
  };
}

const sandbox = await startSandbox({ port: 0, dataDir: null });
const url = new URL(sandbox.url);
const authorization = `Bearer ${sandbox.credentials.clientId}:${sandbox.credentials.apiKey}`;
// A recent weekday before today, so the book is a full 10,000+ order day (today's holds only the
// orders placed by now).
const day = new Date();
do day.setUTCDate(day.getUTCDate() - 1);
while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
const date = `${String(day.getUTCMonth() + 1).padStart(2, '0')}-${String(day.getUTCDate()).padStart(2, '0')}-${day.getUTCFullYear()}`;

const scenarios: Scenario[] = [
  {
    name: 'getMarketHours (small read)',
    path: '/index.php/v3/getMarketHours',
    body: '{}',
    requests: smoke ? 2000 : 20000,
    connections: 10,
  },
  {
    name: 'getOrdersForADay (500 orders)',
    path: '/index.php/v3/getOrdersForADay',
    body: JSON.stringify({ date, limitStart: 0, limitEnd: 500 }),
    requests: smoke ? 150 : 1500,
    connections: 4,
  },
];

console.log(
  `sandbox throughput${smoke ? ' (smoke)' : ''} — ${sandbox.url}, node ${process.version}`,
);
console.log(
  'scenario                        requests   req/s     p50 ms   p99 ms  cpu ms/req  errors',
);
try {
  for (const scenario of scenarios) {
    const o = await run(scenario, url, authorization);
    console.log(
      `${o.name.padEnd(31)} ${String(o.requests).padStart(8)} ${(o.requests / o.seconds).toFixed(0).padStart(7)} ${percentile(o.latenciesMs, 50).toFixed(2).padStart(9)} ${percentile(o.latenciesMs, 99).toFixed(2).padStart(8)} ${o.cpuMsPerRequest.toFixed(3).padStart(11)} ${String(o.errors).padStart(7)}`,
    );
  }
} finally {
  await sandbox.close();
}
