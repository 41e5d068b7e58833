/**
 * Where one request's wall time goes inside a target, stage by stage, for requests served one at
 * a time (bench/one-at-a-time.ts): timestamps from `node:diagnostics_channel` (the HTTP server's
 * request start and response finish, Fastify's handler start, undici's request created, headers
 * sent, answer's headers in and answer ended) and from the reply's `writeHead` and `end` (when
 * the reply is handed to the kernel: the client has its answer once `end` has written it).
 * A request that overlapped another (or was never answered) is left out, so a warm-up at higher concurrency does not
 * count. `stageMedians` gives the median of each stage in microseconds.
 */
import dc from 'node:diagnostics_channel';
import http from 'node:http';

type Stage =
  | 'arrive'
  | 'handler'
  | 'upstreamCreated'
  | 'upstreamSent'
  | 'upstreamHeaders'
  | 'upstreamEnded'
  | 'writeHead'
  | 'endCalled'
  | 'endReturned';

type Marks = Partial<Record<Stage, number>> & { overlapped: boolean };

const STAGES: [Stage, Stage, string][] = [
  ['arrive', 'handler', 'arrival → handler (hooks, routing, validation)'],
  ['handler', 'upstreamCreated', 'handler → upstream request created'],
  ['upstreamCreated', 'upstreamSent', 'upstream request created → sent'],
  ['upstreamSent', 'upstreamHeaders', 'sent → the answer’s headers in (the upstream)'],
  ['upstreamHeaders', 'upstreamEnded', 'the answer’s headers → its end'],
  ['upstreamEnded', 'writeHead', 'the answer’s end → the reply’s writeHead'],
  ['writeHead', 'endCalled', 'writeHead → end called'],
  ['arrive', 'endCalled', 'arrival → the reply handed to the kernel'],
  ['endCalled', 'endReturned', 'inside end (the write system call)'],
];

/** Starts recording; returns a function that gives each stage's median (µs) so far. */
export function recordRequestStages(): () => Record<string, number | string> {
  const now = () => performance.now();
  const rows: Marks[] = [];
  let current: Marks | null = null;
  const mark = (key: Stage) => () => {
    if (current && current[key] === undefined) current[key] = now();
  };
  dc.subscribe('http.server.request.start', () => {
    // A request that arrives before the one before it was answered: neither counts.
    const unanswered = current !== null && current.endReturned === undefined;
    if (unanswered) current!.overlapped = true;
    current = { arrive: now(), overlapped: unanswered };
    rows.push(current);
  });
  dc.subscribe('tracing:fastify.request.handler:start', mark('handler'));
  dc.subscribe('undici:request:create', mark('upstreamCreated'));
  dc.subscribe('undici:client:sendHeaders', mark('upstreamSent'));
  dc.subscribe('undici:request:headers', mark('upstreamHeaders'));
  dc.subscribe('undici:request:trailers', mark('upstreamEnded'));
  const proto = http.ServerResponse.prototype;
  const writeHead = proto.writeHead;
  proto.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
    mark('writeHead')();
    return (writeHead as (...a: unknown[]) => http.ServerResponse).apply(this, args);
  } as typeof proto.writeHead;
  const end = proto.end;
  proto.end = function (this: http.ServerResponse, ...args: unknown[]) {
    const row = current;
    if (row && row.endCalled === undefined) row.endCalled = now();
    const result = (end as (...a: unknown[]) => http.ServerResponse).apply(this, args);
    if (row && row.endReturned === undefined) row.endReturned = now();
    return result;
  } as typeof proto.end;

  return () => {
    const clean = rows.filter((row) => !row.overlapped && row.endReturned !== undefined);
    const out: Record<string, number | string> = { requests: clean.length };
    for (const [from, to, name] of STAGES) {
      const spans = clean
        .filter((row) => row[from] !== undefined && row[to] !== undefined)
        .map((row) => (row[to] as number) - (row[from] as number))
        .sort((a, b) => a - b);
      out[name] = spans.length ? Math.round(spans[Math.floor(spans.length / 2)] * 1000) : '–';
    }
    return out;
  };
}
