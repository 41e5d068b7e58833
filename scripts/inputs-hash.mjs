// A content hash of a build's inputs, shared by the SPA build stamp (src/server/spa-build.ts) and
// the server bundle of `npm start` (scripts/start.mjs). Plain JavaScript: the start script runs
// it before any TypeScript can be loaded.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Tests never reach a build. */
function isTest(name) {
  return name === '__tests__' || /\.test\.tsx?$/.test(name);
}

function collect(root, target, files) {
  const full = path.join(root, target);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    files.push(target);
    return;
  }
  for (const entry of readdirSync(full).sort()) {
    if (!isTest(entry)) collect(root, path.join(target, entry), files);
  }
}

/**
 * The hash of every input's path and bytes. Content, not modification times: a checkout, `npm ci`
 * or a copied folder touches times without changing what would be built.
 */
export function inputsHash(inputs, root = process.cwd()) {
  const files = [];
  for (const input of inputs) collect(root, input, files);
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file.split(path.sep).join('/')).update('\0');
    hash.update(readFileSync(path.join(root, file))).update('\0');
  }
  return hash.digest('hex');
}
