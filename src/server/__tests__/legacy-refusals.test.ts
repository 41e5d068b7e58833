import { beforeAll, expect, it } from 'vitest';
import { achWithoutBankPair } from '../../contract/preflight';
import { call, signIn, useHarness } from './harness';

/*
 * Refusals of the portal's own recorded before migration 0017 kept the whole answer as their
 * message ("<why> Nothing was submitted[: <what to do>]") and no next step. Read now, they are
 * the same sentence pair as a refusal recorded today: why, and what to do, derived as the row is
 * read (the released migration is not edited).
 */
let investor: string;
let accountId: string;

const h = useHarness();
beforeAll(async () => {
  investor = await signIn(h.app, 'investor@demo.test');
  accountId = h.manifest.investors[0].accountIds[0];
});

let rows = 0;
/** A not-sent request as a store before migration 0017 recorded it: no next step. */
async function oldRefusal(kind: string, message: string): Promise<string> {
  const user = await h.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'investor@demo.test')
    .executeTakeFirstOrThrow();
  const reference = `MR-0LD0000${String(++rows).padStart(3, '0')}`;
  const at = new Date('2026-11-20T10:00:00Z');
  await h.db
    .insertInto('money_requests')
    .values({
      reference,
      user_id: user.id,
      account_id: accountId,
      kind: kind as never,
      amount: '10',
      currency: 'USD',
      offering_id: kind === 'investment' ? '5201' : null,
      idem_route: 'POST /old',
      idem_key: `old-refusal-${rows}`,
      outcome: 'not_sent',
      message,
      next_step: null,
      created_at: at,
      updated_at: at,
      sent_at: null,
      settled_at: at,
      settled_via: 'response',
      settled_by: 'system',
    })
    .execute();
  return reference;
}

const register = async () =>
  (
    await call(h.app, 'GET', `/api/accounts/${accountId}/money-requests`, { cookie: investor })
  ).json() as { requests: { reference: string; message: string | null; nextStep?: string }[] };
const timeline = async () =>
  (
    await call(h.app, 'GET', `/api/accounts/${accountId}/timeline`, { cookie: investor })
  ).json() as {
    entries: { reference: string | null; state: string; next: string | null }[];
  };

it('an old refusal that named its next step reads as the pair: why, then that step, on the register and the timeline', async () => {
  const why = 'A deposit comes from the bank account linked to this account, and none is linked.';
  const reference = await oldRefusal(
    'deposit',
    `${why} Nothing was submitted: link a bank account first.`,
  );
  expect((await register()).requests.find((r) => r.reference === reference)).toMatchObject({
    message: why,
    nextStep: 'Link a bank account first.',
  });
  expect((await timeline()).entries.find((e) => e.reference === reference)).toMatchObject({
    state: `Not sent: ${why}`,
    next: 'Link a bank account first.',
  });
});

it('an old investment refusal that named none gets the step the portal gives that refusal now, by what refused it', async () => {
  const offering = await oldRefusal(
    'investment',
    'This offering is closed to new investments. Nothing was submitted.',
  );
  const account = await oldRefusal(
    'investment',
    'Account A1 cannot invest. Not approved: KYC. This cannot be changed here: contact support to find out why and what you can provide to be reviewed again. Nothing was submitted.',
  );
  const ach = await oldRefusal(
    'investment',
    `${achWithoutBankPair.why} ${achWithoutBankPair.next} Nothing was submitted.`,
  );
  const requests = (await register()).requests;
  expect(requests.find((r) => r.reference === ach)).toMatchObject({
    message: achWithoutBankPair.why,
    nextStep: achWithoutBankPair.next,
  });
  expect(requests.find((r) => r.reference === offering)).toMatchObject({
    message: 'This offering is closed to new investments.',
    nextStep:
      'Choose another offering, or come back once this one accepts investments: changing the units would not help.',
  });
  expect(requests.find((r) => r.reference === account)).toMatchObject({
    nextStep: 'Invest from another of your accounts, if you have one.',
  });
  expect(requests.find((r) => r.reference === account)?.message).not.toContain('Nothing was');
});

it('an old refusal of a request held back while the same one stood reads as what it was: no question, no next step', async () => {
  const reference = await oldRefusal(
    'investment',
    'Not sent: You sent the same investment at 5:06 PM UTC (MR-F8378B3NB6, 11 units, $110.00, by ACH), created as trade 302954. Send another one? To send this one as well, confirm that it is an additional investment.',
  );
  const words = 'It came while MR-F8378B3NB6 stood in its way; nothing was sent.';
  expect((await register()).requests.find((r) => r.reference === reference)).toMatchObject({
    message: words,
  });
  expect((await timeline()).entries.find((e) => e.reference === reference)).toMatchObject({
    state: `Not sent: ${words}`,
    next: null,
    heldBack: true,
  });
});
