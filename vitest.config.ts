import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const WEB = 'src/web/**/*.test.{ts,tsx}';
/** At least two, as on the 2-core CI machine these figures come from. */
const cores = Math.max(2, availableParallelism());

/**
 * The files that took longest on a clean clone (CI), longest first, each with its seconds there
 * (2026-11-30, the 2-core machine idle). With no results cached, Vitest starts the larger files
 * first, which put the signals test (a small file that starts `npm start` three times, 21 s) last
 * among the server files: one fork ran it alone for 16 s while the other waited for the web files.
 */
const SLOW_FILES = [
  ['src/server/__tests__/crash-money.test.ts', 33],
  ['src/server/__tests__/signals.test.ts', 21],
  ['src/server/__tests__/fuzz-mutations.test.ts', 21],
  ['src/server/__tests__/fuzz-queries.test.ts', 20],
  ['src/server/__tests__/workspaces-issuer.test.ts', 19],
  ['src/server/__tests__/order-book.test.ts', 18],
  ['src/server/__tests__/identity.test.ts', 14],
  ['src/server/store/db.test.ts', 13],
  ['src/server/__tests__/late-arrival.test.ts', 13],
  ['src/server/__tests__/bank-linking.test.ts', 13],
  ['src/web/app/routes/app/admin/__tests__/users.test.tsx', 36],
  ['src/web/app/routes/app/order-book/__tests__/order-book-place.test.tsx', 23],
  ['src/web/app/layout/__tests__/session-ended.test.tsx', 20],
  ['src/web/features/money/components/__tests__/settle-by-hand.test.tsx', 19],
  ['src/web/features/ira/components/__tests__/ira-wizard-submit.test.tsx', 16],
  ['src/web/app/routes/app/approvals/__tests__/approvals.test.tsx', 16],
  ['src/web/app/routes/app/market-hours/__tests__/security-hours.test.tsx', 14],
  ['src/web/features/order-book/components/__tests__/order-book-view.test.tsx', 13],
] as const;
const slowSeconds = new Map<string, number>(SLOW_FILES);
for (const [file] of SLOW_FILES) {
  // A file renamed or removed would silently go back to the end of the queue.
  if (!existsSync(file))
    throw new Error(`vitest.config.ts: SLOW_FILES names ${file}, which is gone`);
}

/**
 * Vitest's order (projects in their group order; within one, the cached durations or else the
 * larger files first), with the files known to be slow moved to the front of their project, so
 * that each project ends on short files and neither fork waits long for the other.
 */
class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const project = new Map<string, number>();
    for (const spec of sorted) {
      if (!project.has(spec.project.name)) project.set(spec.project.name, project.size);
    }
    const seconds = (spec: TestSpecification) =>
      slowSeconds.get(path.relative(spec.project.config.root, spec.moduleId)) ?? 0;
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort(
        (a, b) =>
          project.get(a.spec.project.name)! - project.get(b.spec.project.name)! ||
          seconds(b.spec) - seconds(a.spec) ||
          a.index - b.index,
      )
      .map(({ spec }) => spec);
  }
}

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['src/web/testing/setup-waits.ts', 'src/web/testing/setup-styles.ts'],
    pool: 'forks',
    // One fork more than the cores, for the server and the web files alike: a fork waits part of
    // its time (the integration files on the sandbox's sockets and the PostgreSQL server), and
    // each fork runs its files one after another in one heap (the web files in one jsdom
    // document), where a file late in a fork costs more than the same file early. On the 2-core
    // machine, idle: the server files took 171 s with two forks, 159 s with three and 165 s with
    // four (the PostgreSQL run 58.5 s with two, 48.9 s with three); the web files 173 s with two,
    // 143 s with three, 130 s with four and 138 s with six. On a slower 2-core machine, the web
    // files in turns: three forks 127 s and 172 s, four 159 s and 205 s.
    maxWorkers: cores + 1,
    // A fork keeps its loaded modules from one test file to the next instead of importing the
    // whole server again for each of the ~90 files: the suite took 236 s with isolation and 155 s
    // without on the 2-core machine. Each test builds its own app, store and sandbox (the test
    // harness), so no file relies on another's module state; vi.mock still applies per file.
    isolate: false,
    sequence: { sequencer: SlowFilesFirst },
    // The server, sandbox and contract files first, then the web files (jsdom), never mixed in one
    // fork: a fork that went from one kind to the other carried both module graphs and set jsdom
    // up again, and the whole suite took 473–489 s on the 2-core machine where the two kinds one
    // after the other took 204 + 149 s.
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: [WEB],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'web', include: [WEB], sequence: { groupOrder: 1 } },
      },
    ],
  },
});
