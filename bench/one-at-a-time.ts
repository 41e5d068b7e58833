/**
 * One request at a time for a few seconds, in a process of its own, timing each with
 * performance.now(): the exact latency percentiles at concurrency 1, which autocannon rounds
 * down to whole milliseconds (its histogram holds integers). Prints one JSON line.
 *   tsx bench/one-at-a-time.ts '<HttpCall as JSON>' <seconds>
 */
import { agent, send, type HttpCall } from './lib';

const call = JSON.parse(process.argv[2]) as HttpCall;
const seconds = Number(process.argv[3] ?? 3);
const via = agent(1);
const latencies: number[] = [];
let errors = 0;
const until = performance.now() + seconds * 1000;
while (performance.now() < until) {
  const started = performance.now();
  const res = await send(call, via).catch(() => ({ status: 0 }));
  latencies.push(performance.now() - started);
  if (res.status < 200 || res.status >= 300) errors++;
}
via.destroy();
latencies.sort((a, b) => a - b);
const at = (q: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
console.log(JSON.stringify({ requests: latencies.length, p50: at(0.5), p99: at(0.99), errors }));
