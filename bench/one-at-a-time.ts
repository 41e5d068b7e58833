/**
 * One request at a time, in a process of its own, each timed with performance.now(): the exact
 * latency percentiles at concurrency 1, which autocannon rounds down to whole milliseconds (its
 * histogram holds integers). The targets take turns, one request each per round (the order
 * turning every round), so a moment when the machine is busier falls on all of them alike: timed
 * one target after another, two runs gave the same build's added p50 as 0.38 and 0.82 ms.
 * Prints one JSON line: each target's p50, p99 and errors, in the order given.
 *   tsx bench/one-at-a-time.ts '<HttpCall[] as JSON>' <rounds>
 */
import { agent, send, type HttpCall } from './lib';

const calls = JSON.parse(process.argv[2]) as HttpCall[];
const rounds = Number(process.argv[3] ?? 2_000);
const via = calls.map(() => agent(1));
const latencies = calls.map((): number[] => []);
const errors = calls.map(() => 0);

async function timed(i: number): Promise<number> {
  const t0 = performance.now();
  try {
    const res = await send(calls[i], via[i]);
    if (res.status >= 400) errors[i] += 1;
  } catch {
    errors[i] += 1;
  }
  return performance.now() - t0;
}

// A first round for each, unrecorded: it opens the keep-alive connections.
for (let i = 0; i < calls.length; i += 1) await timed(i);
for (let round = 0; round < rounds; round += 1) {
  for (let k = 0; k < calls.length; k += 1) {
    const i = (round + k) % calls.length;
    latencies[i].push(await timed(i));
  }
}
for (const a of via) a.destroy();

const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
console.log(
  JSON.stringify(
    latencies.map((list, i) => {
      const sorted = [...list].sort((a, b) => a - b);
      return { p50: at(sorted, 0.5), p99: at(sorted, 0.99), errors: errors[i] };
    }),
  ),
);
