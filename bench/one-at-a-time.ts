/**
 * One request at a time, in a process of its own, each timed with performance.now(): the exact
 * latency percentiles at concurrency 1, which autocannon rounds down to whole milliseconds (its
 * histogram holds integers). Prints the result as one JSON line.
 *   tsx bench/one-at-a-time.ts '<HttpCall as JSON>' <requests>
 */
import { load, type HttpCall } from './lib';

const call = JSON.parse(process.argv[2]) as HttpCall;
console.log(JSON.stringify(await load(call, 1, Number(process.argv[3] ?? 2_000))));
