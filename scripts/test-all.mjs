#!/usr/bin/env node
// `npm test`: every check (lint, format, types and unused code side by side; then unit +
// integration, build, browser e2e), then a summary. Each step runs even when an earlier one failed,
// so one run shows everything. The benchmarks are not checks: `npm run bench` (`-- --smoke` for a
// short run that proves they work).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { stripVTControlCharacters } from 'node:util';

mkdirSync('.data/test', { recursive: true });
const results = [];
let passed = 0;
let failed = 0;
let skipped = 0;

function run(name, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n━━ ${name}: ${command} ${args.join(' ')}`);
  const r = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = r.status === 0;
  return { ok, seconds };
}

function step(name, command, args, env) {
  const { ok, seconds } = run(name, command, args, env);
  if (ok) passed++;
  else failed++;
  results.push(`${ok ? '✔' : '✘'} ${name} (${seconds} s)`);
  return ok;
}

function countedStep(name, command, args, reportFile, readCounts, env) {
  const { ok, seconds } = run(name, command, args, env);
  let detail = '';
  let failures = [];
  if (existsSync(reportFile)) {
    const c = readCounts(JSON.parse(readFileSync(reportFile, 'utf8')));
    passed += c.passed;
    failed += c.failed;
    skipped += c.skipped;
    detail = `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`;
    if (!ok && c.failed === 0) failed++;
    failures = c.failures ?? [];
  } else {
    if (ok) passed++;
    else failed++;
    detail = ok ? 'ok' : 'did not run';
  }
  results.push(`${ok ? '✔' : '✘'} ${name}: ${detail} (${seconds} s)`);
  // The summary is what a CI log's tail shows: it names each failed test and the first line of
  // its failure, so a failure that does not come back on a second run is still known.
  for (const f of failures.slice(0, 20)) results.push(`    ✘ ${f}`);
  if (failures.length > 20) results.push(`    … and ${failures.length - 20} more`);
}

/** The failed tests of a Vitest JSON report, as `file › test: first line of the failure`. */
function vitestFailures(j) {
  return (j.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((t) => t.status === 'failed')
      .map((t) => {
        const where = file.name.replace(`${process.cwd()}/`, '');
        const why = String(t.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 200);
        return `${where} › ${t.fullName}: ${why}`;
      }),
  );
}

/** The failed or flaky tests of a Playwright JSON report, as `file › title: first line`. */
function playwrightFailures(j) {
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const error = test.results?.find((r) => r.error)?.error?.message ?? '';
          const why = stripVTControlCharacters(String(error)).split('\n')[0].slice(0, 200);
          out.push(
            `${spec.file} › ${[...titles, spec.title].join(' › ')} (${test.status}): ${why}`,
          );
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of j.suites ?? []) walk(suite, []);
  return out;
}

/**
 * The static checks read the sources only and none writes what another reads, so they run side by
 * side (each waits on its own files much of the time); their output is printed whole, one check
 * after the other, and each is timed on its own. Returns whether each passed, by name.
 */
async function staticChecks(checks) {
  const finished = await Promise.all(
    checks.map(([name, command, args, { yields = false } = {}]) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
        // A check that yields runs at a lower priority (its own children inherit it): the
        // longest check keeps a core, and the others share what it leaves.
        if (yields && child.pid) {
          try {
            setPriority(child.pid, 10);
          } catch {
            // Where that is refused, the check runs at the common priority.
          }
        }
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) =>
          resolve({ name, command, args, output, ok: code === 0, started }),
        );
        child.on('error', (error) =>
          resolve({ name, command, args, output: String(error), ok: false, started }),
        );
      }).then((r) => ({ ...r, seconds: ((Date.now() - r.started) / 1000).toFixed(1) })),
    ),
  );
  for (const r of finished) {
    console.log(`\n━━ ${r.name}: ${r.command} ${r.args.join(' ')}`);
    process.stdout.write(r.output);
    if (r.ok) passed++;
    else failed++;
    results.push(`${r.ok ? '✔' : '✘'} ${r.name} (${r.seconds} s)`);
  }
  return Object.fromEntries(finished.map((r) => [r.name, r.ok]));
}

// `npm run build` prints the first-page JavaScript weight and fails above 140 KB gzip
// (scripts/report-bundle.mjs). It runs beside the static checks, which never read its dist/
// (ignored by each). ESLint is the longest of them and runs on one core (about 55 s of CPU,
// 2026-11-30); the others yield to it and share the other core. On the 2-core machine the five
// took 88–90 s side by side at one priority, and 72–77 s with the others yielding (ESLint's own
// --concurrency 2 took 85–88 s: its threads then took both cores from the rest).
const BUILD = 'build and first-page weight';
const yields = { yields: true };
const staticOk = await staticChecks([
  [BUILD, 'npm', ['run', '--silent', 'build'], yields],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['format', 'npx', ['prettier', '--check', '.'], yields],
  ['types', 'npm', ['run', '--silent', 'typecheck'], yields],
  // knip.json names the entry points (servers, CLIs, route modules the router loads by name,
  // benchmarks, scripts, e2e); any file, export or dependency nothing reaches from them fails.
  ['unused files, exports and dependencies', 'npx', ['knip'], yields],
]);
countedStep(
  'unit and integration',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=.data/test/vitest.json'],
  '.data/test/vitest.json',
  (j) => ({
    passed: j.numPassedTests,
    failed: j.numFailedTests,
    skipped: j.numPendingTests + (j.numTodoTests ?? 0),
    failures: vitestFailures(j),
  }),
);
// The integration tests whose subject lives in the store, again against a PostgreSQL server:
// sessions, their cache and the auth epoch's listener, second factors and single sign-on, the
// money register and idempotency (with the crash test), audit and saved records, rate-limit
// counters shared by two instances, a store outage (of the register and of an approval's hold),
// a held request whose "held" was never recorded (its row lock and the approval it closes),
// filters fuzzed into store queries, and two removals of second factors at once. The
// tests of HTTP edges, policy and upstream faults do not depend on the dialect and run once,
// on PGlite, above.
const POSTGRES_SUITE = [
  'approval-store-outage',
  'auth-epoch-listen',
  'crash-money',
  'fuzz-queries',
  'held-answer-lost',
  'identity',
  'investor-accounts',
  'investor-money',
  'money-picture',
  'money-register',
  'offerings-and-policy',
  'oidc',
  'scale-out',
  'session',
  'session-cache',
  'store-outage',
  'workspaces-compliance',
  'workspaces-issuer',
]
  .map((name) => `src/server/__tests__/${name}.test.ts`)
  // Two removals of second factors at once: their row lock (SELECT … FOR UPDATE) on each dialect.
  .concat(['src/server/store/second-factors.test.ts']);
const pg = spawnSync('bash', ['scripts/postgres.sh', 'start'], { encoding: 'utf8' });
if (pg.status === 0) {
  const url = pg.stdout.trim().split('\n').pop();
  countedStep(
    'integration on PostgreSQL',
    'npx',
    [
      'vitest',
      'run',
      ...POSTGRES_SUITE,
      '--reporter=default',
      '--reporter=json',
      '--outputFile=.data/test/vitest-pg.json',
    ],
    '.data/test/vitest-pg.json',
    (j) => ({
      passed: j.numPassedTests,
      failed: j.numFailedTests,
      skipped: j.numPendingTests + (j.numTodoTests ?? 0),
      failures: vitestFailures(j),
    }),
    { TEST_DATABASE_URL: url },
  );
  spawnSync('bash', ['scripts/postgres.sh', 'stop']);
} else if (process.env.CI) {
  failed++;
  results.push(
    `✘ integration on PostgreSQL: the server did not start (${(pg.stderr || '').trim()})`,
  );
} else {
  skipped++;
  results.push(
    '- integration on PostgreSQL: skipped, PostgreSQL is not installed (apt-get install postgresql)',
  );
}

// The browser tests serve the build in dist/ on any E2E_PORT (playwright.config.ts would otherwise
// look for a build of its own beside the data of a port other than 8181); their BFF log is kept
// beside that port's data.
const e2ePort = process.env.E2E_PORT ?? '8181';
if (staticOk[BUILD]) {
  countedStep(
    'browser e2e',
    'npx',
    ['playwright', 'test'],
    '.data/test/playwright.json',
    (j) => ({
      passed: j.stats.expected,
      failed: j.stats.unexpected + j.stats.flaky,
      skipped: j.stats.skipped,
      failures: playwrightFailures(j),
    }),
    { PLAYWRIGHT_JSON_OUTPUT_NAME: '.data/test/playwright.json', SPA_DIR: 'dist' },
  );
  step('logs of the e2e run hold no secrets', 'node', [
    'scripts/scan-logs.mjs',
    `.data/e2e-${e2ePort}/portal.log`,
  ]);
} else {
  failed++;
  results.push('✘ browser e2e: not run, the build failed');
}

console.log('\n━━ Summary');
for (const line of results) console.log(line);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
