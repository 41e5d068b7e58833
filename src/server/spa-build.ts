import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the SPA is built from; tests are left out (they never reach the bundle). */
const INPUTS = [
  'src/web',
  'src/contract',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
];

/** Written into the build folder after a build: the hash of the inputs it was built from. */
export const BUILD_STAMP = '.build-inputs';

function isTest(name: string): boolean {
  return name === '__tests__' || /\.test\.tsx?$/.test(name);
}

function collect(root: string, target: string, files: string[]): void {
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
 * A content hash of every input (paths and bytes). Content, not modification times: a checkout,
 * `npm ci` or a copied folder touches times without changing what would be built, and a rebuild
 * costs tens of seconds of start-up.
 */
export function spaInputsHash(root = process.cwd()): string {
  const files: string[] = [];
  for (const input of INPUTS) collect(root, input, files);
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file.split(path.sep).join('/')).update('\0');
    hash.update(readFileSync(path.join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

/** True when the build is missing or was built from other inputs than the current ones. */
export function spaBuildIsStale(root = process.cwd(), outDir = 'dist'): boolean {
  const dir = path.resolve(root, outDir);
  if (!existsSync(path.join(dir, 'index.html'))) return true;
  const stamp = path.join(dir, BUILD_STAMP);
  if (!existsSync(stamp)) return true;
  return readFileSync(stamp, 'utf8').trim() !== spaInputsHash(root);
}

/** Builds the SPA; the build writes its stamp (vite.config.ts), whoever starts it. */
export async function buildSpa(outDir = 'dist'): Promise<void> {
  const { build } = await import('vite');
  await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });
}
