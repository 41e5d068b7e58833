import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
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
  },
});
