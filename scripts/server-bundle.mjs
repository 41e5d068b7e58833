// The one way the portal's server code is bundled to run under plain Node: `npm start`
// (scripts/start.mjs) runs src/server/start.ts so, and the benchmark (bench/lib.ts) runs its
// targets so, to measure the code as it runs in production rather than through tsx's loader.
// Packages stay outside the bundle and load from node_modules as usual.
import { build } from 'esbuild';

/** Bundles `entryPoints` ({ name: source }) into `outdir` as ES modules for Node 20. */
export async function bundleServer(entryPoints, outdir) {
  await build({
    entryPoints,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    splitting: true,
    outdir,
    logLevel: 'warning',
  });
}
