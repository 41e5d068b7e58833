import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

/**
 * How the BFF serves the built SPA beside the API: hashed assets cached for good, index.html always
 * revalidated, client routes answered with index.html, and a rebuild under a running server served
 * without a restart.
 */
let h: Harness;
let root: string;
let dist: string;

function write(relative: string, text: string) {
  const file = path.join(dist, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** The build the server starts with; the rebuild test writes a second one over its index.html. */
function writeFirstBuild() {
  write('index.html', '<script src="/assets/index-first.js"></script>');
  write('assets/index-first.js', 'console.log("first build");');
  // The build writes a .br and a .gz beside each asset (vite.config.ts).
  writeFileSync(
    path.join(dist, 'assets/index-first.js.br'),
    brotliCompressSync('console.log("first build");'),
  );
  writeFileSync(
    path.join(dist, 'assets/index-first.js.gz'),
    gzipSync('console.log("first build");'),
  );
}

beforeAll(async () => {
  // The build in root/dist, so that a file beside it (root/outside.js) is outside the build.
  root = mkdtempSync(path.join(tmpdir(), 'spa-'));
  dist = path.join(root, 'dist');
  writeFirstBuild();
  h = await startHarness({ spaDir: dist });
}, 120_000);
// Each test finds the first build's index.html, whatever a rebuild test before it wrote.
beforeEach(writeFirstBuild);
afterAll(async () => {
  await h?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the built SPA', () => {
  it('serves hashed assets as immutable and index.html as no-cache', async () => {
    const asset = await h.app.inject({ method: 'GET', url: '/assets/index-first.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("first build");');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const page = await h.app.inject({ method: 'GET', url: '/app/accounts/A1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/assets/index-first.js');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('sends an asset compressed as the browser accepts it from the file beside it, with a route for the asset alone', async () => {
    const br = await h.app.inject({
      method: 'GET',
      url: '/assets/index-first.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("first build");');
    const gzip = await h.app.inject({
      method: 'GET',
      url: '/assets/index-first.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    // Start-up registers a route for each file of the build but not for its compressed copies:
    // two thirds fewer routes to build before the portal is ready.
    expect(h.app.hasRoute({ method: 'GET', url: '/assets/index-first.js' })).toBe(true);
    expect(h.app.hasRoute({ method: 'GET', url: '/assets/index-first.js.br' })).toBe(false);
    expect(h.app.hasRoute({ method: 'GET', url: '/assets/index-first.js.gz' })).toBe(false);
  });

  it('answers 404, not the page, for a missing file or an unknown API path', async () => {
    for (const url of ['/assets/index-missing.js', '/favicon.ico', '/api/no-such-route']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<script');
    }
  });

  it('never looks up a path that could leave the build', async () => {
    write('../outside.js', 'secret');
    for (const url of [
      '/assets/../../outside.js',
      '/assets/%2e%2e/%2e%2e/outside.js',
      '/assets/..%2f..%2foutside.js',
      '/assets/.hidden.js',
    ]) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toBe('secret');
      expect(res.statusCode, url).not.toBe(200);
    }
  });

  it('after a rebuild under the running server, serves the new assets the new index.html names', async () => {
    write('index.html', '<script src="/assets/index-second.js"></script>');
    write('assets/index-second.js', 'console.log("second build");');
    writeFileSync(
      path.join(dist, 'assets/index-second.js.br'),
      brotliCompressSync('console.log("second build");'),
    );

    const page = await h.app.inject({ method: 'GET', url: '/' });
    expect(page.body).toContain('/assets/index-second.js');

    const plain = await h.app.inject({ method: 'GET', url: '/assets/index-second.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe('console.log("second build");');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // The build's precompressed file is sent as it is to a browser that takes brotli.
    const compressed = await h.app.inject({
      method: 'GET',
      url: '/assets/index-second.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(
      'console.log("second build");',
    );
  });
});
