import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * What `npm start` loads before the portal is ready: the packages its server bundle imports
 * statically (scripts/server-bundle.mjs keeps packages outside the bundle). Libraries that serve
 * a rare request are imported when it first comes, not at every start.
 */
async function packagesImported(kind: 'import-statement' | 'dynamic-import') {
  const { metafile } = await build({
    entryPoints: ['src/server/start.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const found = new Set<string>();
  for (const input of Object.values(metafile.inputs)) {
    for (const imported of input.imports) {
      if (imported.external && imported.kind === kind) found.add(imported.path);
    }
  }
  return found;
}

describe('the packages npm start loads before the portal is ready', () => {
  it('leave out single sign-on, QR codes and passkeys, loaded at their first use', async () => {
    const atStart = await packagesImported('import-statement');
    const later = await packagesImported('dynamic-import');
    for (const name of ['openid-client', 'qrcode', '@simplewebauthn/server']) {
      expect(atStart.has(name), name).toBe(false);
      expect(later.has(name), name).toBe(true);
    }
    // The ones every request needs are there from the start.
    expect(atStart.has('fastify')).toBe(true);
  });
});
