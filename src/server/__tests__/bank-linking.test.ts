import { beforeEach, describe, expect, it } from 'vitest';
import { linkBankReceiptSchema, linkedBankResultSchema } from '../../contract/cash';
import { investmentReceiptSchema } from '../../contract/investments';
import { preflightSchema } from '../../contract/preflight';
import {
  call,
  callSandbox,
  idempotencyKeys,
  investableOffering,
  sandboxCalls,
  signIn,
  useHarnessPerTest,
} from './harness';

/*
 * Linking a bank as the real platform does it: linkExternalAccount answers the URL of a hosted
 * bank-linking page (real-world notes §4.1) and getExternalAccount reports a bank only once the
 * investor finished there. The sandbox's hosted mode (docs/sandbox.md) emulates the page. Before
 * then, the account cannot pay an investment by ACH, which is paid from the linked bank.
 */

let investor: string;
let roth: string;

// Each test links (or starts linking) the one account without a bank: a harness of its own.
const h = useHarnessPerTest();
beforeEach(async () => {
  investor = await signIn(h.app, 'investor@demo.test');
  // The Roth IRA starts without a linked bank (seed).
  roth = h.manifest.investors[0].accountIds[1];
  await callSandbox(h.sandboxUrl, '/__sandbox/bank-linking', { mode: 'hosted', accountId: roth });
});

const linkedBank = async () =>
  linkedBankResultSchema.parse(
    (await call(h.app, 'GET', `/api/accounts/${roth}/linked-bank`, { cookie: investor })).json(),
  );

const newKey = idempotencyKeys('bank-linking');
const invest = (offeringId: string, body: Record<string, string>) =>
  call(h.app, 'POST', `/api/offerings/${offeringId}/investments`, {
    cookie: investor,
    body,
    headers: { 'idempotency-key': newKey() },
  });
const preflight = async (offeringId: string) =>
  preflightSchema.parse(
    (
      await call(h.app, 'GET', `/api/offerings/${offeringId}/preflight?accountId=${roth}`, {
        cookie: investor,
      })
    ).json(),
  );

describe('an investment paid by ACH from an account with no linked bank', () => {
  it('is noted by the preflight and refused by the BFF on the payment method; wire is taken', async () => {
    const offering = await investableOffering(h.app, investor);
    const checks = await preflight(offering.id);
    expect(checks).toMatchObject({ canInvest: true, achAvailable: false, achBank: null });
    expect(checks.checks.find((c) => c.rule === 'ach_bank')).toEqual({
      rule: 'ach_bank',
      outcome: 'warn',
      title: 'Bank account for ACH',
      detail:
        'None is linked, so this account cannot pay by ACH. Pay by wire or check, or link a bank account on the Money and timeline page first.',
    });

    const units = checks.minimumUnits!;
    const before = await sandboxCalls(h.sandboxUrl);
    const ach = await invest(offering.id, { accountId: roth, units, paymentMethod: 'ach' });
    expect(ach.statusCode).toBe(409);
    const rule =
      'ACH needs a bank account linked to this account, and none is linked. Pay by wire or check, or link a bank account on the Money and timeline page first.';
    expect(ach.json().error).toMatchObject({
      // One sentence pair, why and what to do: the outcome already says nothing was sent.
      message: rule,
      nextStep:
        'Pay by wire or check, or link a bank account on the Money and timeline page first.',
      submitted: 'no',
      refusal: 'state',
      fields: [{ field: 'paymentMethod', message: rule }],
    });
    // The default method is ACH too: leaving it out is no way around the rule.
    const unsaid = await invest(offering.id, { accountId: roth, units });
    expect(unsaid.statusCode).toBe(409);
    expect((await sandboxCalls(h.sandboxUrl)).createTrade ?? 0).toBe(before.createTrade ?? 0);

    const wire = await invest(offering.id, { accountId: roth, units, paymentMethod: 'wire' });
    expect(wire.statusCode).toBe(201);
    expect(investmentReceiptSchema.parse(wire.json())).toMatchObject({
      paymentMethod: 'wire',
      achBank: null,
    });
  });
});

describe('a bank link waiting on the platform page', () => {
  it('is kept on the server with its page and start: a reload or another sign-in finds it, and starting over replaces it', async () => {
    const other = await signIn(h.app, 'investor@demo.test');
    const read = async (cookie: string) =>
      linkedBankResultSchema.parse(
        (await call(h.app, 'GET', `/api/accounts/${roth}/linked-bank`, { cookie })).json(),
      );
    const link = async () =>
      linkBankReceiptSchema.parse(
        (
          await call(h.app, 'POST', `/api/accounts/${roth}/linked-bank`, { cookie: investor })
        ).json(),
      );

    expect(await read(investor)).toMatchObject({ state: 'none', pendingLink: null });
    const before = Date.now();
    const first = await link();
    const after = Date.now();
    expect(first.result).toMatchObject({ state: 'none', pendingLink: { linkUrl: first.linkUrl } });

    for (const cookie of [investor, other]) {
      const pending = await read(cookie);
      if (pending.state !== 'none') throw new Error('a bank is linked already');
      expect(pending.pendingLink?.linkUrl).toBe(first.linkUrl);
      const startedAt = Date.parse(pending.pendingLink!.startedAt);
      expect(startedAt).toBeGreaterThanOrEqual(before - 1);
      expect(startedAt).toBeLessThanOrEqual(after + 1);
    }

    // A reviewer reading the account sees that a link waits, not the investor's page.
    const reviewer = await signIn(h.app, 'compliance@demo.test');
    const seen = await read(reviewer);
    expect(seen.state === 'none' && seen.pendingLink).toEqual({
      linkUrl: null,
      startedAt: (first.result.state === 'none' && first.result.pendingLink?.startedAt) || '',
    });

    // Starting over: a new page replaces the old one.
    const second = await link();
    expect(second.linkUrl).not.toBe(first.linkUrl);
    const replaced = await read(other);
    expect(replaced.state === 'none' && replaced.pendingLink?.linkUrl).toBe(second.linkUrl);
  });

  it('a platform that says "already linked" (715) but shows no bank yet is told as such, and the waiting link stays', async () => {
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'linkExternalAccount',
      statusCode: '715',
      when: { accountId: roth },
      times: 1,
    });
    const kept = await linkedBank();
    const res = await call(h.app, 'POST', `/api/accounts/${roth}/linked-bank`, {
      cookie: investor,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'conflict',
      refusal: 'state',
      message:
        'The platform says a bank account is already linked to this account, but does not show it yet. Nothing new was started. Check again in a few minutes; if no bank appears, contact support.',
    });
    expect(await linkedBank()).toEqual(kept);
  });
});

describe('linking a bank on the platform page', () => {
  it('hands the page to the browser with nothing linked yet, and the bank once the page is finished', async () => {
    const res = await call(h.app, 'POST', `/api/accounts/${roth}/linked-bank`, {
      cookie: investor,
    });
    expect(res.statusCode).toBe(201);
    const receipt = linkBankReceiptSchema.parse(res.json());
    expect(receipt.result.state).toBe('none');
    expect(receipt.linkUrl).toMatch(new RegExp(`^${h.sandboxUrl}/__sandbox/bank-link/[\\w-]+$`));
    expect((await linkedBank()).state).toBe('none');

    // What the investor does in the other tab.
    expect((await fetch(receipt.linkUrl!, { method: 'POST' })).status).toBe(200);

    const after = await linkedBank();
    expect(after.state).toBe('linked');
    if (after.state !== 'linked') return;
    expect(after.bank.accountNumberMasked).toMatch(/^••••\d{4}$/);
    // Nothing waits any more: the kept link is gone.
    const row = await h.db
      .selectFrom('pending_bank_links')
      .selectAll()
      .where('account_id', '=', roth)
      .executeTakeFirst();
    expect(row).toBeUndefined();

    // Now ACH can pay, from the bank the receipt names.
    const offering = await investableOffering(h.app, investor);
    const bankName = `${after.bank.bankName} ${after.bank.accountNumberMasked}`;
    const checks = await preflight(offering.id);
    expect(checks).toMatchObject({ achAvailable: true, achBank: bankName });
    expect(checks.checks.find((c) => c.rule === 'ach_bank')).toMatchObject({
      outcome: 'pass',
      detail: `An ACH payment comes from ${bankName}.`,
    });
    const ach = await invest(offering.id, {
      accountId: roth,
      units: checks.minimumUnits!,
      paymentMethod: 'ach',
    });
    expect(ach.statusCode).toBe(201);
    expect(investmentReceiptSchema.parse(ach.json()).achBank).toBe(bankName);
  });
});

describe('linking again once a bank is linked', () => {
  it('answers that bank as already linked (715, real-world notes §4.1), not as a failure', async () => {
    // Linked at once, without the page, for this test.
    await callSandbox(h.sandboxUrl, '/__sandbox/bank-linking', {
      mode: 'instant',
      accountId: roth,
    });
    const first = await call(h.app, 'POST', `/api/accounts/${roth}/linked-bank`, {
      cookie: investor,
    });
    expect(first.statusCode).toBe(201);
    const bank = await linkedBank();
    expect(bank.state).toBe('linked');
    const before = await sandboxCalls(h.sandboxUrl);
    const res = await call(h.app, 'POST', `/api/accounts/${roth}/linked-bank`, {
      cookie: investor,
    });
    expect(res.statusCode).toBe(201);
    expect(linkBankReceiptSchema.parse(res.json())).toEqual({
      result: bank,
      linkUrl: null,
      alreadyLinked: true,
    });
    // Asked once, and nothing else started.
    expect((await sandboxCalls(h.sandboxUrl)).linkExternalAccount).toBe(
      (before.linkExternalAccount ?? 0) + 1,
    );
  });
});

describe('a bank link whose answer is lost', () => {
  it('is in the audit log as of unknown outcome, with who asked for which account', async () => {
    // The connection drops once the platform has the request: it may have changed where the
    // account's ACH money goes.
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'linkExternalAccount',
      drop: true,
      times: 1,
    });
    const res = await call(h.app, 'POST', `/api/accounts/${roth}/linked-bank`, {
      cookie: investor,
    });
    expect(res.json().error).toMatchObject({ submitted: 'unknown' });
    const events = await h.db
      .selectFrom('audit_events')
      .select(['action', 'user_email', 'outcome', 'details', 'request_id'])
      .where('object_type', '=', 'account')
      .where('object_id', '=', roth)
      .where('action', 'in', ['bank_link_requested', 'request_outcome_unknown'])
      .execute();
    expect(events).toEqual([
      {
        action: 'request_outcome_unknown',
        user_email: 'investor@demo.test',
        outcome: 'unknown',
        details: {
          route: 'POST /api/accounts/:accountId/linked-bank',
          code: res.json().error.code,
        },
        request_id: res.json().error.requestId,
      },
    ]);
  });
});
