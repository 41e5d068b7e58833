import { afterEach, beforeAll, expect, it } from 'vitest';
import { timelineSchema } from '../../contract/money-requests';
import { call, callSandbox, clearFaults, sandboxCalls, signIn, useHarness } from './harness';

/*
 * The timeline's Try again of one part that could not be read (fund moves, §4.3; investments,
 * the trades of §4.16) reads that part only, and keeps the other as the person already sees it:
 * a read of the other part failing meanwhile does not take it away.
 */
let investor: string;
let accountId: string;

const h = useHarness();
beforeAll(async () => {
  investor = await signIn(h.app, 'investor@demo.test');
  accountId = h.manifest.investors[0].accountIds[0];
});
afterEach(async () => {
  await clearFaults(h.sandboxUrl);
});

const timeline = async (query = '') => {
  const res = await call(h.app, 'GET', `/api/accounts/${accountId}/timeline${query}`, {
    cookie: investor,
  });
  expect(res.statusCode).toBe(200);
  return timelineSchema.parse(res.json());
};
const fail = (operation: string) =>
  callSandbox(h.sandboxUrl, '/__sandbox/faults', { operation, httpStatus: 503 });
const investments = (t: Awaited<ReturnType<typeof timeline>>) =>
  t.entries.filter((e) => e.kind === 'investment').map((e) => e.id);

it('names the part each gap is, and Try again of it reads that part only, keeping the investments read', async () => {
  await fail('getCustodyFundMoves');
  const first = await timeline();
  const gap = 'Fund moves (deposits, and what disbursements took out) could not be read right now.';
  expect(first.gaps).toEqual([gap]);
  expect(first.unread).toEqual([{ part: 'fund_moves', gap }]);
  expect(investments(first).length).toBeGreaterThan(0);
  expect(first.entries.some((e) => e.kind === 'fund_move' || e.fundMove)).toBe(false);

  // The fund moves can be read again; the trades now cannot.
  await clearFaults(h.sandboxUrl);
  await fail('trades');
  await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
  const again = await timeline('?retry=fund_moves');
  expect(again.gaps).toEqual([]);
  expect(again.unread).toBeUndefined();
  expect(again.entries.some((e) => e.fundMove)).toBe(true);
  // The investments are those already read: the platform was not asked for them again.
  expect(investments(again)).toEqual(investments(first));
  const calls = await sandboxCalls(h.sandboxUrl);
  expect(calls.trades ?? 0).toBe(0);
  expect(calls.getCustodyFundMoves).toBeGreaterThan(0);
});

it('a Try again with nothing kept for the person (another instance, or long after) reads every part', async () => {
  // A reviewer who has not read this timeline: nothing of theirs is kept, so the investments are
  // read as well, and their failure is told as in any read.
  const reviewer = await signIn(h.app, 'compliance@demo.test');
  await fail('trades');
  await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
  const res = await call(h.app, 'GET', `/api/accounts/${accountId}/timeline?retry=fund_moves`, {
    cookie: reviewer,
  });
  expect(res.statusCode).toBe(200);
  expect(timelineSchema.parse(res.json()).unread).toEqual([
    { part: 'trades', gap: 'Investments could not be read right now.' },
  ]);
  expect((await sandboxCalls(h.sandboxUrl)).trades).toBeGreaterThan(0);
});

it('refuses a part it does not know, naming the field', async () => {
  const res = await call(h.app, 'GET', `/api/accounts/${accountId}/timeline?retry=register`, {
    cookie: investor,
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().error.fields[0].field).toBe('query.retry');
});
