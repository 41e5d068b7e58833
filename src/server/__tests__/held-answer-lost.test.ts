import { afterEach, beforeAll, expect, it } from 'vitest';
import { reconcile } from '../lib/reconciliation';
import { getApproval } from '../store/approvals';
import type { SpoolEntry } from '../store/spool';
import { complete } from '../store/idempotency';
import { getMoneyRequest } from '../store/money-requests';
import {
  call,
  callSandbox,
  idempotencyKeys,
  sandboxCalls,
  settleLeftUnknown,
  signIn,
  useHarness,
} from './harness';

/*
 * A disbursement above the approval threshold is held: its approval is written, then the
 * register records the answer "held" (routes/define.ts). A process that stops between the two,
 * or a store and a spool that both fail then, leaves the register's row pending until its claim
 * runs out, then unknown. The approval must not then send money the register says was not sent,
 * and the register must come back to what the person was told: held, waiting for approval.
 */
let investor: string;
let admin: string;
let reviewer: string;
let accountId: string;

const h = useHarness(
  {
    spool: true,
    env: {
      DISBURSEMENT_APPROVAL_ABOVE: '100',
      MFA_REQUIRED_ROLES: '',
      STEP_UP_WITHOUT_FACTOR: 'allow',
      DISBURSEMENTS_LISTED_AS_FUND_MOVES: 'yes',
    },
  },
  120_000,
);
beforeAll(async () => {
  investor = await signIn(h.app, 'investor@demo.test');
  admin = await signIn(h.app, 'admin@demo.test');
  reviewer = await signIn(h.app, 'compliance@demo.test');
  accountId = h.manifest.investors[0].accountIds[0];
}, 120_000);
// A request a test leaves unknown would stand in the way of the next test's hold on the same
// account (lib/standing-requests.ts).
afterEach(() => settleLeftUnknown(h.db));

const newKey = idempotencyKeys('held-answer-lost');
const DAY_MS = 86_400_000;
/** Well past the quiet period after which a disbursement not listed is "not sent". */
const aDayLater = () => new Date(Date.now() + DAY_MS);

/**
 * A held disbursement whose answer "held" never reached the register: the row and the key's
 * record as the claim left them (pending, its lease run out), the approval written.
 */
async function holdWhoseAnswerWasLost(amount: string) {
  const res = await call(h.app, 'POST', `/api/accounts/${accountId}/disbursements`, {
    cookie: investor,
    body: { type: 'ach', amount },
    headers: { 'idempotency-key': newKey() },
  });
  expect(res.statusCode).toBe(201);
  const reference = String(res.headers['money-reference']);
  const approvalId: string = res.json().pendingApproval.id;
  await h.db
    .updateTable('money_requests')
    .set({ outcome: 'pending', message: null, settled_at: null })
    .where('reference', '=', reference)
    .execute();
  await h.db
    .updateTable('idempotency_records')
    .set({ state: 'pending', lease_expires_at: new Date(Date.now() - 60_000) })
    .where('reference', '=', reference)
    .execute();
  return { reference, approvalId };
}

/**
 * A request whose claim ran out (the row and its key's record unknown), sent long enough ago for a
 * reviewer to record that it never arrived, which they do.
 */
async function settledNeverArrivedByReviewer(reference: string) {
  await h.db
    .updateTable('money_requests')
    .set({ outcome: 'unknown', created_at: new Date(Date.now() - DAY_MS) })
    .where('reference', '=', reference)
    .execute();
  await h.db
    .updateTable('idempotency_records')
    .set({ state: 'unknown' })
    .where('reference', '=', reference)
    .execute();
  const settled = await call(h.app, 'POST', `/api/compliance/money-requests/${reference}/settle`, {
    cookie: reviewer,
    body: { outcome: 'not_sent', reason: 'The platform lists no such disbursement request' },
  });
  expect(settled.statusCode, settled.body).toBe(200);
}

const pass = (now = aDayLater) =>
  reconcile({
    db: h.db,
    upstream: h.built.deps.upstream,
    settledBy: 'system',
    notSentAfterMs: 1_800_000,
    disbursementsListed: true,
    recheckNotSentMs: DAY_MS,
    now,
  });

const approve = (approvalId: string) =>
  call(h.app, 'POST', `/api/disbursement-approvals/${approvalId}/approve`, { cookie: admin });

const disbursementsSent = async () =>
  (await sandboxCalls(h.sandboxUrl)).createCustodyFundDisbursement ?? 0;

/** Approving it is refused (409) and sends nothing; the refusal's error. */
async function approvalRefused(approvalId: string) {
  await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
  const refused = await approve(approvalId);
  expect(refused.statusCode).toBe(409);
  expect(await disbursementsSent()).toBe(0);
  return refused.json().error as { submitted: string; reference: string; message: string };
}

it('reconciliation holds it again, never "not sent", and the approval then sends it once', async () => {
  const { reference, approvalId } = await holdWhoseAnswerWasLost('150.25');
  const summary = await pass();
  expect(summary).toMatchObject({ heldAfterAll: 1, notSent: 0 });
  expect(await getMoneyRequest(h.db, reference)).toMatchObject({
    outcome: 'held',
    message: `Approval ${approvalId}.`,
  });
  expect((await getApproval(h.db, approvalId))?.state).toBe('pending');
  // The same key again is told it waits, and nothing is sent.
  const retried = await h.db
    .selectFrom('idempotency_records')
    .select(['state', 'response_status'])
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
  expect(retried).toEqual({ state: 'done', response_status: 409 });

  await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
  const approved = await approve(approvalId);
  expect(approved.statusCode).toBe(200);
  expect(approved.json()).toMatchObject({ state: 'sent', reference });
  expect(await disbursementsSent()).toBe(1);
  expect((await getMoneyRequest(h.db, reference))?.outcome).toBe('created');
});

it('an approval while the row is still unknown is refused, nothing sent, and waits for the pass', async () => {
  const { reference, approvalId } = await holdWhoseAnswerWasLost('160.50');
  // The claim's lease ran out: the register reads unknown, and no pass has run since.
  await h.db
    .updateTable('money_requests')
    .set({ outcome: 'unknown' })
    .where('reference', '=', reference)
    .execute();
  const refused = await approvalRefused(approvalId);
  expect(refused).toMatchObject({ submitted: 'no', reference });
  expect(refused.message).toMatch(/still being recorded/);
  expect((await getApproval(h.db, approvalId))?.state).toBe('pending');
});

it('settled "never arrived" by a reviewer: its approval closes, and approving it sends nothing', async () => {
  const { reference, approvalId } = await holdWhoseAnswerWasLost('170.75');
  // Its claim ran out at the pass before this fix could hold it again.
  await settledNeverArrivedByReviewer(reference);
  expect(await getApproval(h.db, approvalId)).toMatchObject({ state: 'not_sent' });

  await approvalRefused(approvalId);
  expect((await getMoneyRequest(h.db, reference))?.outcome).toBe('not_sent');
});

it('a row settled "not sent" while its approval still waited: approving refuses, and closes the approval', async () => {
  const { reference, approvalId } = await holdWhoseAnswerWasLost('180.10');
  // As a settlement made before approvals followed "not sent" left it.
  await h.db
    .updateTable('money_requests')
    .set({
      outcome: 'not_sent',
      message: "The portal's check did not find it at the platform.",
      settled_at: new Date(),
    })
    .where('reference', '=', reference)
    .execute();
  const refused = await approvalRefused(approvalId);
  expect(refused).toMatchObject({ submitted: 'no', reference });
  expect(refused.message).toMatch(/settled as not sent/);
  expect((await getApproval(h.db, approvalId))?.state).toBe('not_sent');
});

it('a request held again under its reference replaces the approval still waiting, and no pass holds again what an approval sent', async () => {
  const key = newKey();
  const body = { type: 'ach', amount: '190.40' };
  const send = () =>
    call(h.app, 'POST', `/api/accounts/${accountId}/disbursements`, {
      cookie: investor,
      body,
      headers: { 'idempotency-key': key },
    });
  const first = await send();
  expect(first.statusCode).toBe(201);
  const reference = String(first.headers['money-reference']);
  const firstApproval: string = first.json().pendingApproval.id;
  // Settled "not sent" as a store from before approvals followed it left it: the approval still
  // waiting, the key freed for the same request.
  await h.db
    .updateTable('money_requests')
    .set({ outcome: 'not_sent', settled_at: new Date() })
    .where('reference', '=', reference)
    .execute();
  await h.db.deleteFrom('idempotency_records').where('reference', '=', reference).execute();

  const again = await send();
  expect(again.statusCode).toBe(201);
  expect(String(again.headers['money-reference'])).toBe(reference);
  const secondApproval: string = again.json().pendingApproval.id;
  expect(secondApproval).not.toBe(firstApproval);
  expect((await getApproval(h.db, firstApproval))?.state).toBe('not_sent');

  // The new one is approved and the platform's answer is lost: the row is unknown, as a sending's.
  await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
  await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
    operation: 'createCustodyFundDisbursement',
    drop: true,
    times: 1,
  });
  expect((await approve(secondApproval)).json()).toMatchObject({ state: 'unknown' });
  expect(await disbursementsSent()).toBe(1);
  // Even with the first approval waiting again (as a store before this change may hold it), a
  // pass leaves the row to the platform's fund moves, and the first approval sends nothing.
  await h.db
    .updateTable('disbursement_approvals')
    .set({ state: 'pending' })
    .where('id', '=', firstApproval)
    .execute();
  await pass();
  const heldAgain = await h.db
    .selectFrom('audit_events')
    .select('details')
    .where('action', '=', 'money_request_settled')
    .where('object_id', '=', reference)
    .execute();
  expect(heldAgain.map((e) => (e.details as { settled: string }).settled)).not.toContain('held');
  expect((await getMoneyRequest(h.db, reference))?.outcome).not.toBe('held');
  expect((await approve(firstApproval)).statusCode).toBe(409);
  expect(await disbursementsSent()).toBe(1);
});

it('a spooled "held" replayed after a reviewer settled the request "never arrived" changes nothing', async () => {
  const { reference, approvalId } = await holdWhoseAnswerWasLost('195.30');
  // The answer "held" as the route spools it when the store cannot take it (routes/define.ts):
  // the key's record still pending, the line waiting in the spool of an instance that stopped.
  const record = await h.db
    .selectFrom('idempotency_records')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
  const line: SpoolEntry = {
    scope: {
      userId: record.user_id,
      route: record.route,
      key: record.key,
      requestHash: record.request_hash,
    },
    outcome: {
      state: 'done',
      status: record.response_status!,
      body: record.response_body,
    },
    reference,
    settlement: {
      outcome: 'held',
      message: `Approval ${approvalId}.`,
      via: 'response',
      by: record.user_id,
    },
    // Written with the answer (routes/approvals.ts holdDisbursement); marked to be told apart
    // from the one this test's own request wrote.
    audits: [
      {
        userId: record.user_id,
        action: 'disbursement_held_for_approval',
        objectType: 'account',
        objectId: accountId,
        outcome: 'succeeded',
        details: { approvalId, reference, spooledInTest: true },
      },
    ],
    at: new Date().toISOString(),
  };
  await settledNeverArrivedByReviewer(reference);

  // The stopped instance comes back and replays its spool.
  h.built.deps.spool.append(line);
  await h.built.deps.spool.replay(h.db);
  // The reviewer's finding stands: not sent, its approval closed, its key free for a new request.
  expect(await getMoneyRequest(h.db, reference)).toMatchObject({ outcome: 'not_sent' });
  expect(await getApproval(h.db, approvalId)).toMatchObject({ state: 'not_sent' });
  const kept = await h.db
    .selectFrom('idempotency_records')
    .select('state')
    .where('reference', '=', reference)
    .execute();
  expect(kept).toEqual([]);
  await approvalRefused(approvalId);
  // What the investor asked and was told stays in the audit log all the same.
  const history = await h.db
    .selectFrom('audit_events')
    .select('details')
    .where('action', '=', 'disbursement_held_for_approval')
    .where('object_id', '=', accountId)
    .execute();
  expect(history.map((e) => e.details)).toContainEqual(
    expect.objectContaining({ approvalId, spooledInTest: true }),
  );
});

it('a hold answered after its request was settled "not sent" closes the approval written for it', async () => {
  const { reference, approvalId } = await holdWhoseAnswerWasLost('196.45');
  // Settled "not sent" (by a pass or a reviewer) in the moment between the approval's write and
  // the register's "held": the answer comes after.
  await h.db
    .updateTable('money_requests')
    .set({ outcome: 'not_sent', settled_at: new Date() })
    .where('reference', '=', reference)
    .execute();
  const record = await h.db
    .selectFrom('idempotency_records')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
  await complete(
    h.db,
    {
      userId: record.user_id,
      route: record.route,
      key: record.key,
      requestHash: record.request_hash,
    },
    { state: 'done', status: record.response_status!, body: record.response_body },
    {
      reference,
      settlement: { outcome: 'held', message: `Approval ${approvalId}.`, via: 'response', by: 'x' },
    },
  );
  expect(await getMoneyRequest(h.db, reference)).toMatchObject({ outcome: 'not_sent' });
  expect(await getApproval(h.db, approvalId)).toMatchObject({ state: 'not_sent' });
  await approvalRefused(approvalId);
});
