/**
 * Benchmark (a): the same read through the BFF and straight to the sandbox, side by side in one
 * run on 127.0.0.1, at several concurrencies: throughput ratio and added p50/p99 latency.
 * The read is getAccount (not cached by the BFF, so every request crosses both hops).
 *   npx tsx bench/bff-overhead.ts [--smoke]
 */
import { fmt, isSmoke, load } from './lib';
import { startBenchPortal } from './portal';

export async function runBffOverhead() {
  const portal = await startBenchPortal();
  try {
    const accountId = portal.manifest.investors[0].accountIds[0];
    const cookie = await portal.sessionCookie('investor@demo.test');
    const { clientId, apiKey } = portal.sandbox.credentials;
    const direct = {
      method: 'POST' as const,
      url: `${portal.sandbox.url}/index.php/v3/getAccount`,
      headers: {
        authorization: `Bearer ${clientId}:${apiKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ accountId }),
    };
    const viaBff = {
      method: 'GET' as const,
      url: `${portal.bffUrl}/api/accounts/${accountId}`,
      headers: { cookie, 'x-csrf': '1' },
    };
    const total = isSmoke ? 200 : 3000;
    const store = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
    console.log(
      `BFF overhead (store: ${store}): GET /api/accounts/:id vs getAccount straight to the sandbox, ${total} requests per cell`,
    );
    console.log(
      'concurrency | direct req/s | BFF req/s | ratio | direct p50/p99 ms | BFF p50/p99 ms | added p50/p99 ms',
    );
    const rows = [];
    for (const concurrency of isSmoke ? [1, 8] : [1, 8, 32, 64]) {
      await load(direct, concurrency, Math.min(50, total)); // warm-up of both paths
      await load(viaBff, concurrency, Math.min(50, total));
      const d = await load(direct, concurrency, total);
      const b = await load(viaBff, concurrency, total);
      if (d.errors || b.errors) throw new Error(`errors: direct ${d.errors}, BFF ${b.errors}`);
      rows.push({ concurrency, d, b });
      console.log(
        `${String(concurrency).padStart(11)} | ${fmt(d.rps, 0).padStart(12)} | ${fmt(b.rps, 0).padStart(9)} | ${fmt(b.rps / d.rps, 2).padStart(5)} | ${fmt(d.p50, 2)} / ${fmt(d.p99, 2)} | ${fmt(b.p50, 2)} / ${fmt(b.p99, 2)} | ${fmt(b.p50 - d.p50, 2)} / ${fmt(b.p99 - d.p99, 2)}`,
      );
    }
    return rows;
  } finally {
    await portal.close();
  }
}

if (process.argv[1]?.endsWith('bff-overhead.ts')) {
  runBffOverhead().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
