import { afterEach, beforeAll, expect, it } from 'vitest';
import { getApproval } from '../store/approvals';
import { getMoneyRequest } from '../store/money-requests';
import {
  breakStore,
  call,
  callSandbox,
  dropNextCall,
  idempotencyKeys,
  sandboxCalls,
  settleLeftUnknown,
  signIn,
  useHarness,
} from './harness';

/*
 * The store fails while an approved held disbursement is at the platform: the platform creates
 * it, the BFF cannot record the answer. As for a direct disbursement, the admin is told what the
 * platform said (sent, with its id), never "nothing was changed, try again"; the answer waits in
 * the spool, and its replay records the approval, the register row and the sending's audit event.
 */
let investor: string;
let admin: string;
let accountId: string;

const h = useHarness(
  {
    spool: true,
    env: {
      DISBURSEMENT_APPROVAL_ABOVE: '100',
      MFA_REQUIRED_ROLES: '',
      STEP_UP_WITHOUT_FACTOR: 'allow',
    },
  },
  120_000,
);
beforeAll(async () => {
  investor = await signIn(h.app, 'investor@demo.test');
  admin = await signIn(h.app, 'admin@demo.test');
  accountId = h.manifest.investors[0].accountIds[0];
}, 120_000);
// The approval a test leaves of unknown outcome would stand in the way of the next test's hold
// on the same account (lib/standing-requests.ts).
afterEach(() => settleLeftUnknown(h.db));

const newKey = idempotencyKeys('approval-outage');

/** A disbursement above the approval threshold: held, nothing sent yet. */
async function hold(amount: string): Promise<{ id: string; reference: string }> {
  const res = await call(h.app, 'POST', `/api/accounts/${accountId}/disbursements`, {
    cookie: investor,
    body: { type: 'ach', amount },
    headers: { 'idempotency-key': newKey() },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().pendingApproval.id, reference: String(res.headers['money-reference']) };
}

const approve = (id: string) =>
  call(h.app, 'POST', `/api/disbursement-approvals/${id}/approve`, { cookie: admin });

/** Approves with the store taken away once the call is at the platform. */
async function approveWhileStoreStops(id: string) {
  await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
  await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
    operation: 'createCustodyFundDisbursement',
    latencyMs: 400,
    times: 1,
  });
  const pending = approve(id);
  for (;;) {
    if (((await sandboxCalls(h.sandboxUrl)).createCustodyFundDisbursement ?? 0) > 0) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  const restore = breakStore(h.db);
  try {
    return await pending;
  } finally {
    restore();
  }
}

const sendingEventsOf = async (approvalId: string) =>
  (
    await h.db
      .selectFrom('audit_events')
      .select(['outcome', 'user_email', 'details'])
      .where('action', '=', 'held_disbursement_sent')
      .execute()
  ).filter((e) => (e.details as { approvalId?: string }).approvalId === approvalId);

it('the platform created it while the store was down: the admin reads "sent" with its id, and the spool replay records it', async () => {
  const { id, reference } = await hold('150.25');
  const res = await approveWhileStoreStops(id);

  // What the platform said, never "Nothing was changed. Please try again".
  expect(res.statusCode).toBe(200);
  const answer = res.json() as { state: string; requestId: string; reference: string };
  expect(answer).toMatchObject({ state: 'sent', reference, checker: 'admin@demo.test' });
  expect(answer.requestId).toMatch(/[0-9a-f-]{36}/);
  expect(h.readSpool()).toContain(id);
  // Not recorded yet: the store is still as the approval left it.
  expect((await getApproval(h.db, id))?.state).toBe('sending');

  // The store is back: the housekeeping pass replays the spool.
  expect(await h.built.deps.spool.replay(h.db)).toEqual({ replayed: 1, remaining: 0, dropped: 0 });
  expect(await getApproval(h.db, id)).toMatchObject({
    state: 'sent',
    outcome: { requestId: answer.requestId },
  });
  expect(await getMoneyRequest(h.db, reference)).toMatchObject({
    outcome: 'created',
    upstreamId: answer.requestId,
    settledVia: 'spool',
  });
  expect(await sendingEventsOf(id)).toEqual([
    {
      outcome: 'succeeded',
      user_email: 'admin@demo.test',
      details: expect.objectContaining({ requestId: answer.requestId, reference }),
    },
  ]);
  // One call only; a second replay changes nothing and logs nothing twice.
  expect((await sandboxCalls(h.sandboxUrl)).createCustodyFundDisbursement).toBe(1);
  expect(await h.built.deps.spool.replay(h.db)).toEqual({ replayed: 0, remaining: 0, dropped: 0 });
  expect(await sendingEventsOf(id)).toHaveLength(1);
});

it('approving again before the spool is replayed: 409 naming the approver and saying the money was submitted', async () => {
  const { id, reference } = await hold('160.50');
  const first = await approveWhileStoreStops(id);
  expect(first.json()).toMatchObject({ state: 'sent' });

  const again = await approve(id);
  expect(again.statusCode).toBe(409);
  // The admin's own earlier approval is theirs, not "someone else's", and the money went.
  expect(again.json().error).toMatchObject({
    code: 'conflict',
    message: 'You already approved this disbursement: it was sent to the platform.',
    submitted: 'yes',
    reference,
  });
  // The spooled answer was recorded on the way: the register holds what the platform said.
  expect(await getApproval(h.db, id)).toMatchObject({
    state: 'sent',
    outcome: { requestId: first.json().requestId },
  });
  expect(await sendingEventsOf(id)).toHaveLength(1);
  expect((await sandboxCalls(h.sandboxUrl)).createCustodyFundDisbursement).toBe(1);
  await h.built.deps.spool.replay(h.db);
  expect(await sendingEventsOf(id)).toHaveLength(1);
});

it('approving again an approval whose outcome is unknown, from another session: your own approval, "submitted: unknown"', async () => {
  const { id } = await hold('170.75');
  await dropNextCall(h.sandboxUrl, 'createCustodyFundDisbursement');
  const first = await approve(id);
  expect(first.json()).toMatchObject({ state: 'unknown' });
  // The same person, signed in elsewhere: still their own approval.
  const elsewhere = await signIn(h.app, 'admin@demo.test');
  const again = await call(h.app, 'POST', `/api/disbursement-approvals/${id}/approve`, {
    cookie: elsewhere,
  });
  expect(again.statusCode).toBe(409);
  expect(again.json().error).toMatchObject({
    message:
      'You already approved this disbursement: its outcome is unknown, do not send it again.',
    submitted: 'unknown',
  });
});
