/**
 * Benchmark: the bytes of one busy order-book day on the wire (10,000+ orders), raw and
 * compressed as the BFF sends them (brotli and gzip), for the full view (compliance) and the
 * public view (investors), and how long the reply takes cold (the BFF walks the upstream pages)
 * and warm (its cache), fetched from Node. The grid's time in a browser is bench/order-book.ts.
 *   npx tsx bench/order-book-bytes.ts [--smoke]
 */
import http from 'node:http';
import { loadavg } from 'node:os';
import { fmt, isSmoke, runWhenStarted } from './lib';
import { startBenchPortal } from './portal';

const DAYS = ['2026-03-02', '2026-03-03', '2026-03-04'];

/** node:http, so the bytes are counted as they travel (fetch would decode them). */
function fetchDay(url: string, cookie: string, encoding: string) {
  const started = performance.now();
  return new Promise<{ bytes: number; ms: number; encoding: string | undefined }>(
    (resolve, reject) => {
      http
        .get(url, { headers: { cookie, 'x-csrf': '1', 'accept-encoding': encoding } }, (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () =>
            resolve({
              bytes,
              ms: performance.now() - started,
              encoding: res.headers['content-encoding'],
            }),
          );
        })
        .on('error', reject);
    },
  );
}

export async function runOrderBookBytes() {
  const portal = await startBenchPortal();
  try {
    console.log(
      `Order book bytes per day; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log('day | viewer | raw KB | gzip KB | brotli KB | cold ms (br) | warm ms (br)');
    for (const day of isSmoke ? DAYS.slice(0, 1) : DAYS) {
      for (const email of ['compliance@demo.test', 'investor@demo.test']) {
        const cookie = await portal.sessionCookie(email);
        const url = `${portal.bffUrl}/api/order-book/${day}`;
        const cold = await fetchDay(url, cookie, 'br');
        const warm = await fetchDay(url, cookie, 'br');
        const gzip = await fetchDay(url, cookie, 'gzip');
        const raw = await fetchDay(url, cookie, 'identity');
        console.log(
          `${day} | ${email.split('@')[0].padEnd(10)} | ${fmt(raw.bytes / 1000, 0)} | ${fmt(gzip.bytes / 1000, 0)} | ${fmt(warm.bytes / 1000, 0)} | ${email.startsWith('compliance') ? fmt(cold.ms, 0) : '(cached)'} | ${fmt(warm.ms, 0)}`,
        );
      }
    }
  } finally {
    await portal.close();
  }
}

runWhenStarted('order-book-bytes.ts', runOrderBookBytes);
