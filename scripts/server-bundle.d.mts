/** Bundles `entryPoints` ({ name: source }) into `outdir` as ES modules for Node 20; see server-bundle.mjs. */
export function bundleServer(entryPoints: Record<string, string>, outdir: string): Promise<void>;
