import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { offeringPurchaseHistorySchema } from '../../contract/issuer-workspace';
import { timelineSchema } from '../../contract/money-requests';
import { call, callSandbox, clearFaults, signIn, useHarness } from './harness';

/*
 * A page's side read that answers slowly shows as not read, once the page's main part is in and
 * TRANSACT_SIDE_READ_GRACE_MS (here 100 ms) has passed: the rest of the page is not held for the
 * ~30 s a read may take to fail. The sandbox answers the slow operation after 1.5 s
 * (docs/sandbox.md, control endpoints, `latencyMs`), far past the grace and well within the
 * upstream timeout: had the answer waited for it, the part would be there. The invest
 * checklist's custody account is tested with its other failures (preflight-custody-unreadable).
 */

let investor: string;
let issuer: string;
let accountA: string;

const h = useHarness({ env: { TRANSACT_SIDE_READ_GRACE_MS: '100' } });
beforeAll(async () => {
  investor = await signIn(h.app, 'investor@demo.test');
  issuer = await signIn(h.app, 'issuer@demo.test');
  [accountA] = h.manifest.investors[0].accountIds;
});
afterEach(() => clearFaults(h.sandboxUrl));

const slow = (operation: string) =>
  callSandbox(h.sandboxUrl, '/__sandbox/faults', { operation, latencyMs: 1_500, times: 3 });

describe('side reads that answer slowly', () => {
  it('a purchase history: the trades come, their statuses are said unavailable', async () => {
    const { offerings } = (
      await call(h.app, 'GET', '/api/issuer/offerings', { cookie: issuer })
    ).json() as { offerings: { id: string }[] };
    await slow('trades');
    const res = await call(h.app, 'GET', `/api/offerings/${offerings[0]!.id}/purchase-history`, {
      cookie: issuer,
    });
    expect(res.statusCode, res.body).toBe(200);
    const history = offeringPurchaseHistorySchema.parse(res.json());
    expect(history.statuses).toMatchObject({ state: 'unavailable' });
  });

  it('the timeline: the fund moves come, the investments are said unread in time, with their own Try again', async () => {
    await slow('trades');
    const res = await call(h.app, 'GET', `/api/accounts/${accountA}/timeline`, {
      cookie: investor,
    });
    expect(res.statusCode, res.body).toBe(200);
    const timeline = timelineSchema.parse(res.json());
    expect(timeline.entries.some((e) => e.kind === 'fund_move')).toBe(true);
    expect(timeline).toMatchObject({
      unread: [{ part: 'trades', gap: 'Investments could not be read in time.' }],
    });
  });
});
