import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * Real processes for tests that need them (signals, kill -9): the command `npm start` runs, the
 * sandbox on its own, the users CLI. Every wait is for a condition (a line on stdout, an exit),
 * bounded by a deadline that fails the test.
 */

const ROOT = process.cwd();

/** The `start` script of package.json, as npm runs it (`sh -c`). */
export function startScript(): string {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return pkg.scripts.start;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A built SPA that is never stale, so `npm start` does not build one (folder under .data/). */
export function fakeSpaDir(name: string): string {
  const dir = path.join('.data', 'test', name, 'spa');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>test</title>');
  return dir;
}

export interface Running {
  child: ChildProcess;
  output(): string;
  /** Resolves with the first match of `pattern` on stdout/stderr; rejects after `ms` or on exit. */
  waitFor(pattern: RegExp, ms: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code, or rejects after `ms`. */
  exited(ms: number): Promise<number | null>;
}

export function run(command: string, env: Record<string, string>): Running {
  const child = spawn('sh', ['-c', command], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  let exitCode: number | null | undefined;
  const exit = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      for (const l of listeners) l();
      resolve(code);
    }),
  );
  return {
    child,
    output: () => text,
    waitFor(pattern, ms) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = text.match(pattern);
          if (match) {
            done();
            resolve(match);
          } else if (exitCode !== undefined) {
            done();
            reject(new Error(`process exited (${exitCode}) before ${pattern}:\n${text}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no ${pattern} within ${ms} ms:\n${text}`));
        }, ms);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    exited(ms) {
      return Promise.race([
        exit,
        new Promise<never>((_, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`process still running after ${ms} ms:\n${text}`)),
            ms,
          );
          void exit.then(() => clearTimeout(timer));
        }),
      ]);
    },
  };
}
