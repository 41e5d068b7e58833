import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inputsHash } from '../../scripts/inputs-hash.mjs';

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

/** A rebuild costs tens of seconds of start-up, so only changed inputs trigger one. */
export function spaInputsHash(root = process.cwd()): string {
  return inputsHash(INPUTS, root);
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
