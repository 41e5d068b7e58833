import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const INPUTS = [
  'src/web',
  'src/contract',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === '__tests__' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx'))
      continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when dist/ is missing or older than any source it is built from. */
export function spaBuildIsStale(root = process.cwd(), outDir = 'dist'): boolean {
  const built = path.join(root, outDir, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return INPUTS.some((input) => newestMtime(path.join(root, input)) > builtAt);
}

export async function buildSpa(outDir = 'dist'): Promise<void> {
  const { build } = await import('vite');
  await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });
}
