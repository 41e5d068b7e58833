import {
  approvalParamsSchema,
  approvalRejectSchema,
  approvalSchema,
  approvalsQuerySchema,
  approvalsSchema,
  type Approval,
  type ApprovalDestination,
} from '../../contract/identity';
import { maskLast4 } from '../../contract/rules/bank';
import type { DisbursementRequest } from '../../contract/disbursements';
import type { UnknownBecause } from '../../contract/money-requests';
import type { Deps, SignedInUser } from '../deps';
import { beingSentOf } from '../lib/being-sent';
import { HttpError } from '../lib/http-error';
import type { Sealer } from '../lib/sealed-values';
import { fromUpstream, isUpstreamError } from '../lib/upstream-errors';
import {
  decide,
  getApproval,
  HELD_SENT_ACTION,
  holdForApproval,
  listApprovals,
  recordSendingOutcome,
  sendsCutOff,
  settleApprovalOfRequest,
  type SendingOutcome,
  type ApprovalOutcome,
  type ApprovalRecord,
  type ApprovalSectionName,
} from '../store/approvals';
import {
  approverTieToMaker,
  independenceSince,
  type ApproverTie,
  type SignInHoldAction,
} from '../store/approver-independence';
import { recordAudit } from '../store/audit';
import type { Db } from '../store/db';
import {
  fundMovesOfMany,
  lockedStanding,
  settleMoneyRequest,
  type MoneyRequestSettlement,
} from '../store/money-requests';
import type { MoneyRequestOutcome } from '../store/schema';
import { getUser } from '../store/users';
import { createCustodyFundDisbursement } from '../upstream';
import {
  attributed,
  defineRoute,
  unknownBecauseOf,
  unknownMoneyMessage,
  writeOutcomeInTime,
  type RouteContext,
} from './define';

/** A held request as it was made: sealed, or (held before sealing) the stored object. */
function heldRequest(sealer: Sealer, stored: unknown): DisbursementRequest {
  return (
    typeof stored === 'string' ? JSON.parse(sealer.open('approval_request', stored)) : stored
  ) as DisbursementRequest;
}

/**
 * Where a held wire goes, for whoever may read the approval (the policy table: its investor, and
 * reviewers): the account number leaves the server masked, as every bank number does. A request
 * that does not open (the data key changed) names no destination rather than failing the list.
 */
function destinationOf(sealer: Sealer, r: ApprovalRecord): ApprovalDestination | null {
  // Read as the row holds it: its type alone does not promise the bank fields.
  let request: Record<string, unknown>;
  try {
    request = heldRequest(sealer, r.request);
  } catch {
    return null;
  }
  if (typeof request.bankId !== 'string' || typeof request.bankAccountId !== 'string') return null;
  return {
    bankId: request.bankId,
    bankAccountIdMasked: maskLast4(request.bankAccountId),
    additionalDetails:
      typeof request.additionalDetails === 'string' ? request.additionalDetails : null,
  };
}

/** An approval as the pages read it; `beingSent` only for one still being sent at `now`. */
const toApproval = (
  r: ApprovalRecord,
  sealer: Sealer,
  beingSent: Approval['beingSent'] = null,
): Approval => ({
  id: r.id,
  accountId: r.accountId,
  maker: r.makerEmail,
  amount: r.amount,
  type: r.type,
  state: r.state,
  checker: r.checkerEmail,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
  requestId: r.outcome?.requestId ?? null,
  destination: destinationOf(sealer, r),
  message: r.outcome?.message ?? null,
  ...(r.outcome?.staffMessage ? { staffMessage: r.outcome.staffMessage } : {}),
  reference: r.moneyReference,
  beingSent: r.state === 'sending' ? beingSent : null,
});

/**
 * An approval as its investor reads it: no staff email (decided by the portal's staff) and no
 * platform request id, which they cannot use; our reference is what they quote to support.
 */
const asInvestorReadsIt = ({ staffMessage: _staff, ...approval }: Approval): Approval => ({
  ...approval,
  checker: null,
  requestId: null,
});

/**
 * An approval still "being sent" once its call cannot be running any more was cut off mid-call:
 * its process stopped, and the answer was lost. That is known at once when its sending instance
 * is gone (`cutOff`, store/approvals.ts `sendsCutOff`), and otherwise once the upstream timeout
 * and the claim lease have passed since it was approved. It reads as its register row does,
 * "outcome unknown, do not send it again", until reconciliation or a reviewer settles both.
 */
function lostSend(
  record: ApprovalRecord,
  deps: Deps,
  now: Date,
  cutOff: ReadonlySet<string>,
): ApprovalRecord {
  if (record.state !== 'sending' || !record.decidedAt) return record;
  if (!cutOff.has(record.id) && beingSentOf(record.decidedAt, deps.config, now)) return record;
  return {
    ...record,
    state: 'unknown',
    outcome: lostSendOutcome(record.moneyReference),
  };
}

/**
 * What an approval whose sending a stopped process cut off says (also stored at start-up): to its
 * investor, and to staff (unknownSendOutcome).
 */
export function lostSendOutcome(moneyReference: string | null): ApprovalOutcome {
  const cause = 'The portal stopped while it was sending this disbursement.';
  return moneyReference
    ? unknownSendOutcome(cause, moneyReference)
    : { message: `${cause} It may or may not have reached the platform. Do not send it again.` };
}

/**
 * A held disbursement sent with an unknown outcome: the register's message for its investor, whose
 * next step sends them to support, and the same for staff with what staff do instead.
 */
function unknownSendOutcome(
  cause: string,
  moneyReference: string,
  because: UnknownBecause | null = null,
): ApprovalOutcome {
  return {
    message: unknownMoneyMessage(cause, moneyReference, 'disbursement', { because }),
    staffMessage: unknownMoneyMessage(cause, moneyReference, 'disbursement', {
      reader: 'staff',
      because,
    }),
  };
}

/**
 * Moves the register's row of a held disbursement on, when it is still where the approval left
 * it (`from`): a reconciliation pass or a reviewer may have settled it while the call ran. `tx`
 * is a transaction the caller holds.
 */
async function settleIfStill(
  tx: Db,
  reference: string,
  from: MoneyRequestOutcome,
  settlement: MoneyRequestSettlement,
): Promise<void> {
  const row = await lockedStanding(tx, reference);
  if (row?.outcome === from) await settleMoneyRequest(tx, reference, settlement, new Date());
}

/** The disbursement route's maker-checker branch: nothing goes upstream yet. */
export async function holdDisbursement(
  ctx: Pick<RouteContext<unknown, unknown, unknown>, 'deps' | 'audit' | 'moneyReference'> & {
    user: SignedInUser;
  },
  request: DisbursementRequest,
  /** Why it waits (lib/approval-total.ts), told with the answer. */
  why: string,
) {
  const record = await holdForApproval(ctx.deps.db, {
    accountId: request.accountId,
    maker: { id: ctx.user.id, email: ctx.user.email },
    amount: request.amount,
    type: request.type,
    // The bank details wait sealed (lib/sealed-values.ts): a leaked table holds no account number.
    request: ctx.deps.sealer.seal('approval_request', JSON.stringify(request)),
    moneyReference: ctx.moneyReference,
  });
  await ctx.audit({
    action: 'disbursement_held_for_approval',
    objectType: 'account',
    objectId: request.accountId,
    outcome: 'succeeded',
    details: {
      approvalId: record.id,
      reference: ctx.moneyReference,
      amount: request.amount,
      type: request.type,
    },
  });
  return { pendingApproval: toApproval(record, ctx.deps.sealer), why };
}

/**
 * The platform has answered an approved sending: what it said must not be lost, and the admin
 * must not be told to try again. As for any money request's outcome (routes/define.ts), the
 * write is retried a few times, then the outcome goes to the durable spool (replayed into the
 * store by housekeeping) and the admin is answered with what the platform said.
 */
async function recordSending(
  ctx: RouteContext<{ approvalId: string }, unknown, unknown>,
  decided: ApprovalRecord,
  sending: SendingOutcome,
): Promise<ApprovalRecord> {
  const { deps, request } = ctx;
  const asAnswered: ApprovalRecord = { ...decided, state: sending.state, outcome: sending.outcome };
  const written = await writeOutcomeInTime(deps.config.store.statementMs, () =>
    recordSendingOutcome(deps.db, sending),
  );
  if (written.written) return written.value ?? asAnswered;
  request.log.error({ err: written.error }, 'store unavailable: outcome written to the spool');
  try {
    deps.spool.append({ kind: 'approval_sending', sending, at: new Date().toISOString() });
  } catch (err) {
    // Neither store nor disk: the answer still goes out; operators must act on this line.
    request.log.fatal(
      { err, approvalId: decided.id, outcome: sending.state, reference: decided.moneyReference },
      'money outcome could not be recorded anywhere',
    );
  }
  return asAnswered;
}

/** What to do about a held disbursement that was approved and not sent. */
const SEND_HELD_AGAIN = 'To send it, make a new request: it waits for approval again.';

/** What became of the money of a decided approval, by its state. */
const decidedOutcome: Record<ApprovalRecord['state'], string> = {
  pending: 'it still waits for a decision',
  sending: 'it is being sent, do not send it again',
  sent: 'it was sent to the platform',
  not_sent: 'it was not sent, no money moved',
  unknown: 'its outcome is unknown, do not send it again',
  rejected: 'nothing was sent',
};

/** Whether the money of an approval in this state was submitted to the platform. */
const submittedIn: Record<ApprovalRecord['state'], 'yes' | 'no' | 'unknown'> = {
  pending: 'no',
  sending: 'unknown',
  sent: 'yes',
  not_sent: 'no',
  unknown: 'unknown',
  rejected: 'no',
};

/**
 * A decision on an approval someone already decided: who (the person asking, perhaps, from an
 * earlier page or tab), what, and what became of the money, with whether it was submitted. The
 * page's list already shows it, so "reload" would be no help. A sending whose outcome waits in
 * the spool (the store was down when the platform answered) is recorded first, so the answer is
 * what the platform said, not "being sent".
 */
async function alreadyDecided(
  ctx: RouteContext<{ approvalId: string }, unknown, unknown>,
  id: string,
): Promise<HttpError> {
  const { deps } = ctx;
  const spooled = deps.spool.findSending(id);
  if (spooled) {
    await recordSendingOutcome(deps.db, {
      ...spooled.sending,
      settlement: { ...spooled.sending.settlement, via: 'spool' },
    }).catch(() => undefined); // still in the spool: housekeeping replays it
  }
  const stored = await getApproval(deps.db, id);
  const now =
    stored && spooled && ['sending', 'unknown'].includes(stored.state)
      ? { ...stored, state: spooled.sending.state, outcome: spooled.sending.outcome }
      : stored && lostSend(stored, deps, new Date(), await sendsCutOff(deps.db, [stored]));
  // Closed by a settlement of its request before anyone decided (refusalUnlessHeld): the words
  // of the approvals page.
  if (now && !now.checkerEmail && !now.decidedAt && now.state !== 'pending') {
    return new HttpError(
      'conflict',
      `It was settled before anyone decided: ${decidedOutcome[now.state]}.`,
      {
        submitted: submittedIn[now.state],
        ...(now.moneyReference ? { reference: now.moneyReference } : {}),
      },
    );
  }
  if (!now?.checkerEmail) {
    return new HttpError('conflict', 'This disbursement was already decided by someone else.', {
      submitted: now ? submittedIn[now.state] : 'unknown',
    });
  }
  const verb = now.state === 'rejected' ? 'rejected' : 'approved';
  const who = now.checkerUserId === ctx.user!.id ? 'You' : now.checkerEmail;
  return new HttpError(
    'conflict',
    `${who} already ${verb} this disbursement: ${decidedOutcome[now.state]}.`,
    {
      submitted: submittedIn[now.state],
      ...(now.moneyReference ? { reference: now.moneyReference } : {}),
    },
  );
}

/** An approval refused before anything was decided, audited on its account with why. */
const approvalDenied = (
  ctx: RouteContext<{ approvalId: string }, unknown, unknown>,
  approval: ApprovalRecord,
  details: { reason: string } & Record<string, unknown>,
) =>
  ctx.audit({
    action: 'disbursement_approved',
    objectType: 'account',
    objectId: approval.accountId,
    outcome: 'denied',
    details: { approvalId: approval.id, ...details },
  });

/**
 * A held disbursement goes out only while the person who asked for it may still move the
 * account's money: not once an admin disabled them (a disabled person's requests are what an
 * admin stops), nor once they no longer hold the account. Rejecting it stays open.
 */
async function refuseUnlessMakerMayStillAsk(
  ctx: RouteContext<{ approvalId: string }, unknown, unknown>,
  approval: ApprovalRecord,
): Promise<void> {
  const maker = await getUser(ctx.deps.db, approval.makerUserId);
  const why = !maker
    ? {
        reason: 'maker_disabled',
        message: `${approval.makerEmail}, who asked for it, is disabled on the portal, so it is not sent. Reject it, or enable their account first if it should go.`,
      }
    : !maker.accountIds.includes(approval.accountId)
      ? {
          reason: 'maker_unlinked',
          message: `${approval.makerEmail}, who asked for it, no longer holds account ${approval.accountId} on the portal, so it is not sent. Reject it, or link them to the account again first if it should go.`,
        }
      : null;
  if (!why) return;
  await approvalDenied(ctx, approval, { reason: why.reason });
  throw new HttpError('conflict', why.message, { submitted: 'no' });
}

/** What an admin did to the maker, as said to the approver: "created the user …". */
const tieWords: Record<SignInHoldAction, (maker: string, accountId: string) => string> = {
  user_created: (maker) => `created the user ${maker}`,
  user_password_set: (maker) => `set the password of ${maker}`,
  user_role_changed: (maker) => `changed the role of ${maker}`,
  second_factor_reset: (maker) => `reset the second factors of ${maker}`,
  user_linked: (maker, accountId) => `linked account ${accountId} to ${maker}`,
};

const longDate = (at: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(at);

/** How a set-up or changed sign-in ties two admins, as said in a refusal (the last 30 days). */
const SET_UP = 'set up or changed in the last 30 days, or whose password they chose';

/** Why the approver is not independent of the maker, in words (approverTieToMaker). */
function tieInWords(tie: ApproverTie, approval: ApprovalRecord, approverId: string): string {
  const did = `${tieWords[tie.action](approval.makerEmail, approval.accountId)} on ${longDate(tie.at)}`;
  if (!tie.through) {
    return `You ${did}${tie.knowsPassword ? ', and they still sign in with the password you chose' : ''}`;
  }
  const admin = tie.adminEmail ?? 'An administrator';
  const stillKnown = tie.knowsPassword
    ? ', and they still sign in with the password chosen then'
    : '';
  const common = tie.through.adminEmail ?? 'an administrator';
  const how =
    tie.through.adminId === approverId
      ? `you hold ${admin}'s sign-in: they are an admin you (or an admin you set up) ${SET_UP}`
      : tie.through.adminId === tie.adminId
        ? `${admin} holds your sign-in: you are an admin they (or an admin they set up) ${SET_UP}`
        : `${common} holds both their sign-in and yours: each of you is an admin ${common} (or an admin they set up) ${SET_UP}`;
  return `${admin} ${did}${stillKnown}, and ${how}`;
}

/**
 * Two-person approval means two people independent of each other: the approver must not be the
 * one who gave the maker the power to make this request, nor share a holder of their sign-ins
 * with them (store/approver-independence.ts, the last 30 days). Rejecting stays open to them: it
 * moves no money.
 */
async function refuseUnlessIndependentOfMaker(
  ctx: RouteContext<{ approvalId: string }, unknown, unknown>,
  approval: ApprovalRecord,
): Promise<void> {
  const tie = await approverTieToMaker(ctx.deps.db, {
    approverId: ctx.user!.id,
    makerId: approval.makerUserId,
    accountId: approval.accountId,
    since: independenceSince(),
  });
  if (!tie) return;
  await approvalDenied(ctx, approval, {
    reason: 'approver_not_independent',
    tie: tie.action,
    tieAt: tie.at.toISOString(),
    ...(tie.through ? { tieAdminId: tie.adminId, commonAdminId: tie.through.adminId } : {}),
  });
  throw new HttpError(
    'forbidden',
    `${tieInWords(tie, approval, ctx.user!.id)}, so you are not independent of this request: another admin must approve it. You may still reject it.`,
    { submitted: 'no' },
  );
}

/**
 * A held request is opened before anything is decided: one that does not open (the portal's
 * data key changed since it was held) cannot be sent, and must not be marked as being sent,
 * which would read as "may have reached the platform" until reconciliation gave up on it.
 */
function refuseUnlessItOpens(
  ctx: RouteContext<{ approvalId: string }, unknown, unknown>,
  existing: ApprovalRecord,
): void {
  try {
    heldRequest(ctx.deps.sealer, existing.request);
  } catch (err) {
    ctx.request.log.error({ err, approvalId: existing.id }, 'a held disbursement does not open');
    throw new HttpError(
      'conflict',
      "This held disbursement's bank details cannot be opened (the portal's data key changed since it was held), so it cannot be sent. Nothing was sent: reject it with that reason, and the investor can request it again.",
      { submitted: 'no' },
    );
  }
}

/**
 * Why a waiting approval cannot be decided, from its request's row in the register (in the
 * caller's transaction, the row locked), or null when the row says "held". The approval is
 * written before the register records the hold (routes/define.ts): a process that stopped
 * between the two leaves the row pending, then unknown, until reconciliation holds it again; a
 * reviewer may have settled it "not sent" meanwhile. Sending it then would move money the register
 * says did not, so only a held row is decided; one settled as not sent closes its approval too.
 */
async function refusalUnlessHeld(tx: Db, reference: string): Promise<HttpError | null> {
  const row = await lockedStanding(tx, reference);
  if (!row || row.outcome === 'held') return null;
  if (row.outcome === 'pending' || row.outcome === 'unknown') {
    return new HttpError(
      'conflict',
      `This disbursement's hold is still being recorded (our reference ${reference}), so it cannot be decided yet. Nothing was sent. Try again in a minute.`,
      { submitted: 'no', reference },
    );
  }
  if (row.outcome === 'created') {
    await settleApprovalOfRequest(
      tx,
      reference,
      'sent',
      'Settled as accepted by the platform before a decision: it is not sent again.',
    );
    return new HttpError(
      'conflict',
      `The register holds this disbursement as accepted by the platform (our reference ${reference}): it is not sent again.`,
      { submitted: 'yes', reference },
    );
  }
  const why = row.message ? ` ${row.message}` : '';
  await settleApprovalOfRequest(
    tx,
    reference,
    'not_sent',
    `Settled as not sent before a decision.${why} Nothing was sent.`,
  );
  return new HttpError(
    'conflict',
    `This disbursement was settled as not sent (our reference ${reference}) before anyone decided on it.${why} Nothing was sent, and it will not be: the investor can make a new request.`,
    { submitted: 'no', reference },
  );
}

async function decideOrRefuse(
  ctx: RouteContext<{ approvalId: string }, unknown, unknown>,
  to: 'sending' | 'rejected',
  /** A rejection's reason, said to the investor with their request's outcome. */
  reason?: string,
): Promise<ApprovalRecord> {
  const user = ctx.user!;
  const existing = await getApproval(ctx.deps.db, ctx.params.approvalId);
  if (!existing) throw new HttpError('not_found', 'No such disbursement approval.');
  const action = to === 'sending' ? 'disbursement_approved' : 'disbursement_rejected';
  if (existing.makerUserId === user.id) {
    await ctx.audit({
      action,
      objectType: 'account',
      objectId: existing.accountId,
      outcome: 'denied',
      details: { approvalId: existing.id, reason: 'maker_cannot_check' },
    });
    throw new HttpError(
      'forbidden',
      'You requested this disbursement, so another person must approve or reject it.',
      { submitted: 'no' },
    );
  }
  if (to === 'sending') {
    await refuseUnlessMakerMayStillAsk(ctx, existing);
    await refuseUnlessIndependentOfMaker(ctx, existing);
    refuseUnlessItOpens(ctx, existing);
  }
  // The decision, the register's row and the decision's audit event change together: a rejected
  // request is never left "waiting", and an approved one is "unknown" (with its sending time)
  // before the call starts, so a process that dies mid-call leaves it to reconciliation rather
  // than "held" for ever; and a store that fails after the decision cannot leave it unaudited, or
  // the approver told that nothing changed while it did.
  const decision = await ctx.deps.db.transaction().execute(async (tx) => {
    // Only a decision still to take asks the register: one taken already is told by whom below.
    const waiting = await tx
      .selectFrom('disbursement_approvals')
      .select('state')
      .where('id', '=', existing.id)
      .forUpdate()
      .executeTakeFirst();
    const standing =
      waiting?.state === 'pending' && existing.moneyReference
        ? await refusalUnlessHeld(tx, existing.moneyReference)
        : null;
    if (standing) return standing;
    const row = await decide(
      tx,
      existing.id,
      { id: user.id, email: user.email },
      to,
      new Date(),
      reason ? `Rejected: ${reason}` : undefined,
      ctx.deps.instanceId,
    );
    if (row?.moneyReference) {
      await settleIfStill(
        tx,
        row.moneyReference,
        'held',
        to === 'rejected'
          ? {
              outcome: 'not_sent',
              message: `Rejected by a second person: ${reason ?? 'no reason given'}. Nothing was sent.`,
              via: 'response',
              by: user.id,
              neverSent: true,
            }
          : {
              outcome: 'unknown',
              // Who approved stays in the approval and the audit log: this message reaches the investor.
              message: 'Approved by a second person; being sent to the platform.',
              via: 'response',
              by: user.id,
              sendingNow: true,
            },
      );
    }
    if (row) {
      await recordAudit(
        tx,
        attributed(
          {
            action,
            objectType: 'account',
            objectId: row.accountId,
            outcome: 'succeeded',
            reason: reason ?? null,
            details: {
              approvalId: row.id,
              reference: row.moneyReference,
              maker: row.makerEmail,
              amount: row.amount,
            },
          },
          user,
          ctx.request,
        ),
      );
    }
    return row;
  });
  if (decision instanceof HttpError) {
    await ctx.audit({
      action,
      objectType: 'account',
      objectId: existing.accountId,
      outcome: 'denied',
      details: {
        approvalId: existing.id,
        reason: 'request_not_held',
        reference: existing.moneyReference,
      },
    });
    throw decision;
  }
  const decided = decision;
  if (!decided) throw await alreadyDecided(ctx, existing.id);
  // Decided: a store failure from here on does not mean nothing was changed.
  ctx.changeMade();
  return decided;
}

export const approvalRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/disbursement-approvals',
    summary:
      'Large disbursements held for a second person: investors their own accounts, reviewers all',
    tags: ['custody'],
    query: approvalsQuerySchema,
    response: approvalsSchema,
    async handler({ user, deps, query }) {
      const whose = user!.role === 'investor' ? { accountIds: user!.accountIds } : {};
      // The filters narrow both sections alike, so each count is of what the filters match.
      const filter = {
        ...whose,
        accountId: query.accountId,
        minAmount: query.minAmount,
        maxAmount: query.maxAmount,
        maker: query.maker,
        reference: query.reference,
        approvalId: query.approval,
      };
      const now = new Date();
      const section = async (name: ApprovalSectionName, offset: number) => {
        const { records, total } = await listApprovals(deps.db, {
          ...filter,
          section: name,
          offset,
          limit: query.limit,
        });
        // Two fund moves under one reference, as the register, audit log and timeline say.
        const references = records.flatMap((r) => (r.moneyReference ? [r.moneyReference] : []));
        const [moves, cutOff] = await Promise.all([
          fundMovesOfMany(deps.db, references),
          sendsCutOff(deps.db, records),
        ]);
        return {
          approvals: records.map((r) => {
            const fundMoves = r.moneyReference ? moves.get(r.moneyReference) : undefined;
            const shown = lostSend(r, deps, now, cutOff);
            const approval = {
              ...toApproval(shown, deps.sealer, beingSentOf(shown.decidedAt, deps.config, now)),
              ...(fundMoves ? { fundMoves } : {}),
            };
            return user!.role === 'investor' ? asInvestorReadsIt(approval) : approval;
          }),
          total,
          offset,
          limit: query.limit,
        };
      };
      return {
        waiting: await section('waiting', query.waitingOffset),
        decided: await section('decided', query.decidedOffset),
      };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/disbursement-approvals/:approvalId/approve',
    summary:
      'Approve a held disbursement (not your own; needs a fresh second factor): it is sent upstream once',
    tags: ['custody'],
    params: approvalParamsSchema,
    response: approvalSchema,
    // Sent to the platform (the client marks it), the disbursement may exist: never "try again".
    afterChange:
      'Reload the approvals page to see what became of the disbursement: do not approve or request it again.',
    async handler(ctx) {
      const decided = await decideOrRefuse(ctx, 'sending');
      const user = ctx.user!;
      let sending: SendingOutcome;
      try {
        // Our reference goes with it, as with any disbursement, so reconciliation can find it.
        const sent = await createCustodyFundDisbursement(
          ctx.deps.upstream,
          heldRequest(ctx.deps.sealer, decided.request),
          { reference: decided.moneyReference },
        );
        sending = {
          approvalId: decided.id,
          state: 'sent',
          outcome: { requestId: sent.requestId },
          reference: decided.moneyReference,
          settlement: {
            outcome: 'created',
            upstreamId: sent.requestId,
            message: 'Approved by a second person.',
            via: 'response',
            by: 'system',
          },
          // The approver's sending of the maker's request: never "Disbursement requested", which
          // would name the approver as the one who asked to move the investor's money.
          audits: [
            attributed(
              {
                action: HELD_SENT_ACTION,
                objectType: 'account',
                objectId: decided.accountId,
                outcome: 'succeeded',
                details: {
                  reference: decided.moneyReference,
                  requestId: sent.requestId,
                  type: sent.type,
                  amount: sent.amount,
                  approvalId: decided.id,
                  maker: decided.makerEmail,
                },
              },
              user,
              ctx.request,
            ),
          ],
        };
      } catch (err) {
        const http = isUpstreamError(err) ? fromUpstream(err) : null;
        const state = http?.extra.submitted === 'no' ? 'not_sent' : 'unknown';
        const cause = http?.message ?? 'We could not confirm whether the disbursement was sent.';
        // An unknown outcome gets the register's one instruction (never "check before trying
        // again": the portal settles it), under our reference when the request has one.
        // Refused by the platform is not "never reached it" (as for any money request).
        const refused = state === 'not_sent' && http?.extra.refusedByPlatform === true;
        // A fault that sent nothing: why, and the one way on for a held request (a new one,
        // approved again), the sentence pair the register and the timeline keep as it is.
        const fault = state === 'not_sent' && !refused && http?.extra.reason ? http : null;
        const why = fault?.extra.reason;
        const because = state === 'unknown' && http ? unknownBecauseOf(http) : null;
        const outcome: ApprovalOutcome =
          state === 'unknown' && decided.moneyReference
            ? unknownSendOutcome(cause, decided.moneyReference, because)
            : { message: why ? `${why} ${SEND_HELD_AGAIN}` : cause };
        const message = outcome.message ?? cause;
        sending = {
          approvalId: decided.id,
          state,
          outcome,
          reference: decided.moneyReference,
          settlement: {
            outcome: refused ? 'refused' : state,
            // As for any money request: the register keeps a platform refusal's reason alone.
            message: refused ? (http?.extra.reason ?? message) : (why ?? message),
            ...(why ? { nextStep: SEND_HELD_AGAIN } : {}),
            unknownBecause: because,
            via: 'response',
            by: 'system',
            neverSent: state === 'not_sent' && !refused,
          },
          audits: [
            attributed(
              {
                action: HELD_SENT_ACTION,
                objectType: 'account',
                objectId: decided.accountId,
                outcome: state === 'not_sent' ? 'failed' : 'unknown',
                details: {
                  reference: decided.moneyReference,
                  approvalId: decided.id,
                  amount: decided.amount,
                  type: decided.type,
                  maker: decided.makerEmail,
                },
              },
              user,
              ctx.request,
            ),
          ],
        };
      }
      return toApproval(await recordSending(ctx, decided, sending), ctx.deps.sealer);
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/disbursement-approvals/:approvalId/reject',
    summary:
      'Reject a held disbursement (not your own) with a reason the investor reads: nothing is sent',
    tags: ['custody'],
    params: approvalParamsSchema,
    body: approvalRejectSchema,
    response: approvalSchema,
    async handler(ctx) {
      // One sentence: the words around it add their own full stop.
      const reason = ctx.body.reason.replace(/[.\s]+$/, '');
      return toApproval(await decideOrRefuse(ctx, 'rejected', reason), ctx.deps.sealer);
    },
  }),
];
