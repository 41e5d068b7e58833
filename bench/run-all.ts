/**
 * `npm run bench`: every benchmark in turn, each printing figures measured side by side in one run
 * against the sandbox on 127.0.0.1. `--smoke` (`npm run bench -- --smoke`) runs each briefly: it proves the
 * benchmarks work; timings are printed, never asserted.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const smoke = process.argv.includes('--smoke');
const flag = smoke ? ['--smoke'] : [];
const benchmarks: { name: string; command: string[]; needs?: string; full?: boolean }[] = [
  { name: 'sandbox throughput', command: ['npx', 'tsx', 'bench/sandbox-throughput.ts', ...flag] },
  { name: '(a) BFF overhead', command: ['npx', 'tsx', 'bench/bff-overhead.ts', ...flag] },
  {
    name: 'order book bytes per day (raw, gzip, brotli)',
    command: ['npx', 'tsx', 'bench/order-book-bytes.ts', ...flag],
  },
  { name: '(b) coalescing and cache', command: ['npx', 'tsx', 'bench/coalescing.ts', ...flag] },
  {
    name: '(c) first-page JavaScript',
    command: ['node', 'scripts/report-bundle.mjs'],
    needs: 'dist/.vite/manifest.json',
  },
  // Starts the whole portal six times: only in a full run, never in the smoke run.
  { name: 'start with a build present', command: ['npx', 'tsx', 'bench/start.ts'], full: true },
  {
    name: '(d) order book, 10,000+ orders',
    command: ['npx', 'tsx', 'bench/order-book.ts', ...flag],
    needs: 'bench/order-book.ts',
  },
];

let failures = 0;
for (const b of benchmarks) {
  console.log(`\n── ${b.name}`);
  if (b.full && smoke) {
    console.log('skipped in the smoke run');
    continue;
  }
  if (b.needs && !existsSync(b.needs)) {
    console.log(
      `skipped: ${b.needs} is missing${b.needs.startsWith('dist') ? ' (run npm run build)' : ''}`,
    );
    continue;
  }
  const r = spawnSync(b.command[0], b.command.slice(1), { stdio: 'inherit' });
  if (r.status !== 0) {
    failures++;
    console.log(`✘ ${b.name} did not complete`);
  }
}
process.exit(failures ? 1 : 0);
