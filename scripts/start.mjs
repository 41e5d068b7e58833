// `npm start`: runs the portal's server code (src/server/start.ts) from one bundle instead of
// transpiling a few hundred TypeScript files at every start, which took seconds on a small
// machine. The bundle lives in node_modules/.cache (never in the repository; `npm ci` clears it)
// and is rebuilt, in about a second, only when its inputs changed (scripts/server-bundle.mjs).
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { inputsHash } from './inputs-hash.mjs';

const OUT = path.resolve('node_modules/.cache/transact-portal/server');
const STAMP = '.build-inputs';
const INPUTS = [
  'src/server',
  'src/sandbox',
  'src/contract',
  'scripts/inputs-hash.mjs',
  'scripts/server-bundle.mjs',
  'package-lock.json',
  'tsconfig.json',
];

async function bundle() {
  const hash = inputsHash(INPUTS);
  const stampFile = path.join(OUT, STAMP);
  const current = existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === hash;
  if (!current) {
    const { bundleServer } = await import('./server-bundle.mjs');
    // Built beside, then swapped in: a second start at the same moment never runs half a bundle.
    const next = `${OUT}.${process.pid}`;
    await bundleServer({ start: 'src/server/start.ts' }, next);
    writeFileSync(path.join(next, STAMP), `${hash}\n`);
    mkdirSync(path.dirname(OUT), { recursive: true });
    rmSync(OUT, { recursive: true, force: true });
    try {
      renameSync(next, OUT);
    } catch (error) {
      // Another start swapped its own bundle in first; it was built from the same inputs.
      rmSync(next, { recursive: true, force: true });
      if (!existsSync(path.join(OUT, 'start.js'))) throw error;
    }
  }
}

let entry = path.join(OUT, 'start.js');
try {
  await bundle();
} catch (error) {
  // A read-only install cannot keep a bundle: run the sources through tsx instead (slower start).
  console.warn(`Running from the TypeScript sources (no server bundle: ${error.message})`);
  const { register } = await import('tsx/esm/api');
  register();
  entry = path.resolve('src/server/start.ts');
}
await import(pathToFileURL(entry).href);
