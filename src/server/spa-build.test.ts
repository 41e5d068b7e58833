import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_STAMP, spaBuildIsStale, spaInputsHash } from './spa-build';

/** `npm start` builds the SPA only when the build is missing or its inputs changed. */
describe('SPA build staleness', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  function project() {
    const root = mkdtempSync(path.join(tmpdir(), 'spa-build-'));
    roots.push(root);
    mkdirSync(path.join(root, 'src/web/app'), { recursive: true });
    writeFileSync(path.join(root, 'src/web/app/page.tsx'), 'export const a = 1;\n');
    writeFileSync(path.join(root, 'index.html'), '<div id="root"></div>\n');
    return root;
  }

  function build(root: string) {
    mkdirSync(path.join(root, 'dist'), { recursive: true });
    writeFileSync(path.join(root, 'dist/index.html'), '<html></html>');
    writeFileSync(path.join(root, 'dist', BUILD_STAMP), `${spaInputsHash(root)}\n`);
  }

  it('is stale without a build, and without the stamp of its inputs', () => {
    const root = project();
    expect(spaBuildIsStale(root)).toBe(true);
    build(root);
    rmSync(path.join(root, 'dist', BUILD_STAMP));
    expect(spaBuildIsStale(root)).toBe(true);
  });

  it('is fresh after a build, even when files are touched without changing', () => {
    const root = project();
    build(root);
    expect(spaBuildIsStale(root)).toBe(false);
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'src/web/app/page.tsx'), later, later);
    expect(spaBuildIsStale(root)).toBe(false);
  });

  it('is stale when a source changes, appears, or a test file does not count', () => {
    const root = project();
    build(root);
    writeFileSync(path.join(root, 'src/web/app/page.test.tsx'), 'test\n');
    expect(spaBuildIsStale(root)).toBe(false);
    writeFileSync(path.join(root, 'src/web/app/page.tsx'), 'export const a = 2;\n');
    expect(spaBuildIsStale(root)).toBe(true);
    build(root);
    writeFileSync(path.join(root, 'src/web/app/other.tsx'), 'export const b = 1;\n');
    expect(spaBuildIsStale(root)).toBe(true);
  });
});
