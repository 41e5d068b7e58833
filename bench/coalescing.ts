/**
 * Benchmark (b): 100 concurrent sessions open the offerings page at once. Upstream calls are
 * counted by the sandbox: with coalescing and the short shared cache they collapse to one.
 *   npx tsx bench/coalescing.ts [--smoke]
 */
import { agent, send, runWhenStarted } from './lib';
import { startBenchPortal } from './portal';

export async function runCoalescing(sessions = 100) {
  const portal = await startBenchPortal();
  try {
    const emails = [
      'investor@demo.test',
      'investor2@demo.test',
      'issuer@demo.test',
      'compliance@demo.test',
      'admin@demo.test',
    ];
    const cookies = await Promise.all(
      Array.from({ length: sessions }, (_, i) => portal.sessionCookie(emails[i % emails.length])),
    );
    await fetch(`${portal.sandbox.url}/__sandbox/calls/reset`, { method: 'POST' });
    const via = agent(sessions);
    const started = performance.now();
    // What the offerings page loads: the session, then the list.
    const replies = await Promise.all(
      cookies.map(async (cookie) => {
        const headers = { cookie, 'x-csrf': '1' };
        await send({ method: 'GET', url: `${portal.bffUrl}/api/session`, headers }, via);
        return send({ method: 'GET', url: `${portal.bffUrl}/api/offerings`, headers }, via);
      }),
    );
    const ms = performance.now() - started;
    via.destroy();
    const failed = replies.filter((r) => r.status !== 200).length;
    if (failed) throw new Error(`${failed} page loads failed`);
    const calls = (await (await fetch(`${portal.sandbox.url}/__sandbox/calls`)).json()) as {
      byOperation: Record<string, number>;
    };
    // The GET offerings collection with header credentials, getAllOffers with body credentials.
    const upstream = (calls.byOperation.offerings ?? 0) + (calls.byOperation.getAllOffers ?? 0);
    console.log(
      `Coalescing: ${sessions} concurrent sessions opened the offerings page in ${ms.toFixed(0)} ms → ${upstream} offerings read(s) upstream (${(sessions / Math.max(1, upstream)).toFixed(0)}× fewer than one per page load)`,
    );
    return { sessions, upstream, ms };
  } finally {
    await portal.close();
  }
}

runWhenStarted('coalescing.ts', runCoalescing);
