import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Offering } from '../../contract/offerings';
import { getMoneyRequest } from '../store/money-requests';
import {
  apiErrorOf,
  call,
  idempotencyKeys,
  investorWithTwoOfferings,
  sandboxCallsOf,
  unitsAboveMinimum,
  useHarness,
} from './harness';

/*
 * The same deposit, disbursement or investment sent from two tabs reviewed by accident: each tab
 * has its own Idempotency-Key, so the key cannot tell them apart. Within the configured window
 * (SAME_REQUEST_WINDOW_MINUTES) the second is refused (409, nothing sent) naming the first, and
 * goes only when the person names it in `additionalTo`.
 */

let investor: string;
let accountA: string;
let accountB: string;
let offerings: Offering[];

const h = useHarness({ env: { SAME_REQUEST_WINDOW_MINUTES: '10' } });
beforeAll(async () => {
  ({ investor, accountA, accountB, offerings } = await investorWithTwoOfferings(h));
});

const newKey = idempotencyKeys('twice');
const post = (url: string, body: unknown, key = newKey()) =>
  call(h.app, 'POST', url, { cookie: investor, body, headers: { 'idempotency-key': key } });
const invest = (offering: Offering, body: Record<string, unknown>, key?: string) =>
  post(`/api/offerings/${offering.id}/investments`, body, key);
const creates = (operation: string) => sandboxCallsOf(h.sandboxUrl, operation);

describe('the same investment from a second tab', () => {
  let offering: Offering;
  let units: string;
  let first: { reference: string; tradeId: string; key: string };
  let extraUnits = 20;

  // Each test's own first investment, of units no other test sends: the one a test sends as
  // additional to its first would otherwise stand beside the next test's first.
  beforeEach(async () => {
    offering = offerings[0];
    units = unitsAboveMinimum(offering, (extraUnits += 1));
    const key = newKey();
    const res = await invest(offering, { accountId: accountA, units, paymentMethod: 'wire' }, key);
    expect(res.statusCode).toBe(201);
    first = { ...(res.json() as { reference: string; tradeId: string }), key };
  });

  it('is refused at Confirm (409, nothing sent), naming the first with its trade', async () => {
    const before = await creates('createTrade');
    const res = await invest(offering, { accountId: accountA, units, paymentMethod: 'wire' });
    expect(res.statusCode).toBe(409);
    const error = apiErrorOf(res);
    expect(error).toMatchObject({ code: 'conflict', submitted: 'no', refusal: 'state' });
    expect(error.standing).toEqual([
      expect.objectContaining({
        reference: first.reference,
        kind: 'investment',
        outcome: 'created',
        units,
        upstreamId: first.tradeId,
      }),
    ]);
    expect(error.message).toMatch(
      new RegExp(
        `^Not sent: You sent the same investment at \\d{1,2}:\\d\\d [AP]M UTC \\(${first.reference}, ${units} units, .*\\), created as trade ${first.tradeId}\\. Send another one\\?`,
      ),
    );
    expect(await creates('createTrade')).toBe(before);
    expect((await getMoneyRequest(h.db, error.reference!))?.outcome).toBe('not_sent');

    // The account's timeline keeps what the held-back attempt was, not the form's question: it
    // repeats the first, which went through; nothing to do, and shown quieter than a request.
    const timeline = (
      await call(h.app, 'GET', `/api/accounts/${accountA}/timeline`, { cookie: investor })
    ).json() as {
      entries: { reference?: string; state: string; next: string | null; heldBack?: boolean }[];
    };
    const entry = timeline.entries.find((e) => e.reference === error.reference);
    expect(entry).toMatchObject({
      state: `Not sent: It repeats ${first.reference}, which went through (trade ${first.tradeId}); nothing was sent.`,
      next: null,
      heldBack: true,
    });
    // The register says the same, without "Send another one?" or "send a new request".
    const register = (
      await call(
        h.app,
        'GET',
        `/api/accounts/${accountA}/money-requests?reference=${error.reference}`,
        {
          cookie: investor,
        },
      )
    ).json() as { requests: { message: string | null; nextStep?: string | null }[] };
    expect(register.requests[0].message).toBe(
      `It repeats ${first.reference}, which went through (trade ${first.tradeId}); nothing was sent.`,
    );
    expect(register.requests[0].nextStep ?? null).toBeNull();
  });

  it('lists the first among the recent requests the form warns of before Confirm, not once the window has passed', async () => {
    const recent = async () =>
      (
        (
          await call(
            h.app,
            'GET',
            `/api/accounts/${accountA}/money-requests?recent=true&kind=investment&offeringId=${offering.id}`,
            { cookie: investor },
          )
        ).json() as { requests: { reference: string; outcome: string; units: string }[] }
      ).requests;
    expect(await recent()).toContainEqual(
      expect.objectContaining({ reference: first.reference, outcome: 'created', units }),
    );
    await h.db
      .updateTable('money_requests')
      .set({ created_at: new Date(Date.now() - 11 * 60_000) })
      .where('reference', '=', first.reference)
      .execute();
    expect((await recent()).map((row) => row.reference)).not.toContain(first.reference);
  });

  it('still replays the first tab’s own resend (same key) with its receipt', async () => {
    const before = await creates('createTrade');
    const res = await invest(
      offering,
      { accountId: accountA, units, paymentMethod: 'wire' },
      first.key,
    );
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBe('true');
    expect(res.json()).toMatchObject({ reference: first.reference, tradeId: first.tradeId });
    expect(await creates('createTrade')).toBe(before);
  });

  it('is sent once the person names the first as the one this is additional to', async () => {
    const before = await creates('createTrade');
    const res = await invest(offering, {
      accountId: accountA,
      units,
      paymentMethod: 'wire',
      additionalTo: [first.reference],
    });
    expect(res.statusCode).toBe(201);
    expect(await creates('createTrade')).toBe(before + 1);
  });

  it('does not hold other units, another offering or another account', async () => {
    const other = unitsAboveMinimum(offering, 5);
    expect(
      (await invest(offering, { accountId: accountA, units: other, paymentMethod: 'wire' }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await invest(offerings[1], {
          accountId: accountA,
          units: unitsAboveMinimum(offerings[1], 4),
          paymentMethod: 'wire',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await invest(offering, { accountId: accountB, units, paymentMethod: 'wire' })).statusCode,
    ).toBe(201);
  });

  it('does not hold one made before the window', async () => {
    const lateUnits = unitsAboveMinimum(offering, 6);
    const earlier = await invest(offering, {
      accountId: accountA,
      units: lateUnits,
      paymentMethod: 'wire',
    });
    expect(earlier.statusCode).toBe(201);
    await h.db
      .updateTable('money_requests')
      .set({ created_at: new Date(Date.now() - 11 * 60_000) })
      .where('reference', '=', earlier.json().reference as string)
      .execute();
    const res = await invest(offering, {
      accountId: accountA,
      units: lateUnits,
      paymentMethod: 'wire',
    });
    expect(res.statusCode).toBe(201);
  });

  it('sends exactly one of two identical investments confirmed at once in two tabs', async () => {
    const offering2 = offerings[1];
    const body = {
      accountId: accountB,
      units: unitsAboveMinimum(offering2, 7),
      paymentMethod: 'wire',
    };
    const before = await creates('createTrade');
    const answers = await Promise.all([invest(offering2, body), invest(offering2, body)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await creates('createTrade')).toBe(before + 1);
    const sent = answers.find((res) => res.statusCode === 201)!.json() as { reference: string };
    const refused = apiErrorOf(answers.find((res) => res.statusCode === 409)!);
    expect(refused.standing?.map((row) => row.reference)).toEqual([sent.reference]);
  });
});

describe('the same deposit or disbursement from a second tab', () => {
  it('refuses the same deposit amount, naming the first and its fund move, and sends another amount', async () => {
    const first = await post(`/api/accounts/${accountA}/deposits`, { amount: '91.00' });
    expect(first.statusCode).toBe(201);
    const { reference, referenceNumber } = first.json() as {
      reference: string;
      referenceNumber: string;
    };
    const before = await creates('fundCustodyAccount');
    const again = await post(`/api/accounts/${accountA}/deposits`, { amount: '91.00' });
    expect(again.statusCode).toBe(409);
    const error = apiErrorOf(again);
    expect(error.standing).toEqual([
      expect.objectContaining({ reference, kind: 'deposit', upstreamId: referenceNumber }),
    ]);
    expect(error.message).toContain(`created as fund move ${referenceNumber}. Send another one?`);
    expect(await creates('fundCustodyAccount')).toBe(before);

    expect((await post(`/api/accounts/${accountA}/deposits`, { amount: '91.01' })).statusCode).toBe(
      201,
    );
    const acknowledged = await post(`/api/accounts/${accountA}/deposits`, {
      amount: '91.00',
      additionalTo: [reference],
    });
    expect(acknowledged.statusCode).toBe(201);
  });

  it('refuses the same disbursement amount, not a deposit of that amount', async () => {
    const first = await post(`/api/accounts/${accountA}/disbursements`, {
      type: 'ach',
      amount: '12.00',
    });
    expect(first.statusCode).toBe(201);
    const again = await post(`/api/accounts/${accountA}/disbursements`, {
      type: 'ach',
      amount: '12.00',
    });
    expect(again.statusCode).toBe(409);
    expect(apiErrorOf(again).standing).toEqual([
      expect.objectContaining({ reference: first.json().reference, kind: 'disbursement' }),
    ]);
    expect((await post(`/api/accounts/${accountA}/deposits`, { amount: '12.00' })).statusCode).toBe(
      201,
    );
  });

  const wire = (amount: string) => ({
    type: 'wire_domestic',
    amount,
    bankId: '021000021',
    bankAccountId: '123456789',
  });

  it('an ACH and a wire of the same amount are two disbursements; the same one again is held, named with its method', async () => {
    const ach = await post(`/api/accounts/${accountA}/disbursements`, {
      type: 'ach',
      amount: '13.00',
    });
    expect(ach.statusCode).toBe(201);
    expect((await getMoneyRequest(h.db, ach.json().reference as string))?.method).toBe('ach');
    const byWire = await post(`/api/accounts/${accountA}/disbursements`, wire('13.00'));
    expect(byWire.statusCode).toBe(201);

    const again = await post(`/api/accounts/${accountA}/disbursements`, wire('13.00'));
    expect(again.statusCode).toBe(409);
    const error = apiErrorOf(again);
    expect(error.standing).toEqual([
      expect.objectContaining({ reference: byWire.json().reference, method: 'wire_domestic' }),
    ]);
    expect(error.message).toContain(
      `(${byWire.json().reference as string}, $13.00, by domestic wire), accepted by the platform.`,
    );
    // The platform's id of a disbursement request shows on no investor page: not named to them.
    expect(error.message).not.toContain(byWire.json().requestId as string);
  });

  it('a disbursement recorded before the register kept the method still counts as the same', async () => {
    const first = await post(`/api/accounts/${accountA}/disbursements`, {
      type: 'ach',
      amount: '14.00',
    });
    expect(first.statusCode).toBe(201);
    // As a row written before migration 0015: no method.
    await h.db
      .updateTable('money_requests')
      .set({ method: null })
      .where('reference', '=', first.json().reference as string)
      .execute();
    const byWire = await post(`/api/accounts/${accountA}/disbursements`, wire('14.00'));
    expect(byWire.statusCode).toBe(409);
    expect(apiErrorOf(byWire).standing).toEqual([
      expect.objectContaining({ reference: first.json().reference, method: null }),
    ]);
  });

  it('an investment paid another way is another investment', async () => {
    const offering = offerings[1];
    const units = unitsAboveMinimum(offering, 9);
    const byWire = await invest(offering, { accountId: accountB, units, paymentMethod: 'wire' });
    expect(byWire.statusCode).toBe(201);
    const byCheck = await invest(offering, { accountId: accountB, units, paymentMethod: 'check' });
    expect(byCheck.statusCode).toBe(201);
    const again = await invest(offering, { accountId: accountB, units, paymentMethod: 'check' });
    expect(again.statusCode).toBe(409);
    expect(apiErrorOf(again).message).toContain(', by check), created as trade');
  });
});
