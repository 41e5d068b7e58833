import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const WEB = 'src/web/**/*.test.{ts,tsx}';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['src/web/testing/setup-waits.ts', 'src/web/testing/setup-styles.ts'],
    pool: 'forks',
    // One fork per core, at least two: the integration files spend much of their time waiting on
    // the sandbox's sockets and the store, so two forks on the 2-core CI machine finish the suite
    // in about two thirds of the time one takes (Vitest's default there is a single fork).
    maxWorkers: Math.max(2, availableParallelism()),
    // A fork keeps its loaded modules from one test file to the next instead of importing the
    // whole server again for each of the ~90 files: the suite took 236 s with isolation and 155 s
    // without on the 2-core machine. Each test builds its own app, store and sandbox (the test
    // harness), so no file relies on another's module state; vi.mock still applies per file.
    isolate: false,
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
