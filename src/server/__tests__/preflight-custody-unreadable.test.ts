import { beforeAll, describe, expect, it } from 'vitest';
import { investmentReceiptSchema } from '../../contract/investments';
import { offeringListSchema } from '../../contract/offerings';
import { preflightSchema } from '../../contract/preflight';
import { call, callSandbox, investableOffering, signIn, useHarness } from './harness';

/*
 * The custody account (§4.15) is a side check of the invest checklist: investments are paid from
 * the linked bank or by wire or check, not from custody. A read of it that fails must not take
 * the account's reviews, the offering's rules or the investment itself with it. Its own harness:
 * the failing reads may open the breaker of getCustodyAccount for the suites beside it.
 */

let investor: string;
let accountA: string;

// A side read may keep the checklist 100 ms once the account's reviews are in (lib/in-time.ts).
const h = useHarness({ env: { TRANSACT_SIDE_READ_GRACE_MS: '100' } });

/** The checklist of account A for `offeringId`, as the invest page reads it. */
async function checklist(offeringId: string) {
  const res = await call(
    h.app,
    'GET',
    `/api/offerings/${offeringId}/preflight?accountId=${accountA}`,
    {
      cookie: investor,
    },
  );
  expect(res.statusCode, res.body).toBe(200);
  return preflightSchema.parse(res.json());
}
beforeAll(async () => {
  investor = await signIn(h.app, 'investor@demo.test');
  [accountA] = h.manifest.investors[0].accountIds;
});

describe('the invest checklist while the custody account cannot be read', () => {
  it('keeps every other check, says the custody account could not be checked, and lets the investment go', async () => {
    const { offerings } = offeringListSchema.parse(
      (await call(h.app, 'GET', '/api/offerings', { cookie: investor })).json(),
    );
    const offering = offerings.find(
      (o) => ['approved', 'open'].includes(o.status) && Number(o.remainingShares) > 100,
    );
    if (!offering) throw new Error('the sandbox has no investable offering');
    const rule = (await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'getCustodyAccount',
      httpStatus: 503,
      when: { accountId: accountA },
    })) as { id: string };
    try {
      const preflight = await checklist(offering.id);
      expect(preflight.canInvest).toBe(true);
      expect(preflight.checks.map((c) => c.rule)).toEqual(
        expect.arrayContaining(['account_approval', 'kyc', 'aml', 'offering_status', 'units_left']),
      );
      expect(preflight.checks.find((c) => c.rule === 'custody_account')).toMatchObject({
        outcome: 'warn',
        detail: expect.stringMatching(/^Could not be checked right now\. This does not stop/),
      });

      const minimum = Math.ceil(Number(offering.minAmount) / Number(offering.unitPrice));
      const invest = await call(h.app, 'POST', `/api/offerings/${offering.id}/investments`, {
        cookie: investor,
        body: { accountId: accountA, units: String(minimum), paymentMethod: 'wire' },
        headers: { 'idempotency-key': `custody-unreadable-${Date.now()}-abcdef` },
      });
      expect(invest.statusCode, invest.body).toBe(201);
      expect(investmentReceiptSchema.parse(invest.json()).accountId).toBe(accountA);
    } finally {
      await fetch(`${h.sandboxUrl}/__sandbox/faults/${rule.id}`, { method: 'DELETE' });
    }
  });
});

describe('the invest checklist while the custody account answers slowly', () => {
  it('gives the account’s reviews at once and says the custody account could not be checked', async () => {
    // The sandbox answers after 1.5 s, far past the 100 ms and well within the upstream timeout:
    // had the checklist waited for it, the custody account would be checked.
    const offering = await investableOffering(h.app, investor);
    const rule = (await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'getCustodyAccount',
      latencyMs: 1_500,
      when: { accountId: accountA },
    })) as { id: string };
    try {
      const preflight = await checklist(offering.id);
      expect(preflight.checks.map((c) => c.rule)).toEqual(
        expect.arrayContaining(['account_approval', 'kyc', 'aml']),
      );
      expect(preflight.checks.find((c) => c.rule === 'custody_account')).toMatchObject({
        outcome: 'warn',
        detail: expect.stringMatching(/^Could not be checked right now/),
      });
    } finally {
      await fetch(`${h.sandboxUrl}/__sandbox/faults/${rule.id}`, { method: 'DELETE' });
    }
  });
});
