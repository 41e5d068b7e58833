import Big from 'big.js';
import {
  approvalParamsSchema,
  approvalRejectSchema,
  approvalSchema,
  approvalsQuerySchema,
  approvalsSchema,
  type Approval,
} from '../../contract/identity';
import type { DisbursementRequest } from '../../contract/disbursements';
import type { Deps, SignedInUser } from '../deps';
import { HttpError } from '../lib/http-error';
import type { Sealer } from '../lib/sealed-values';
import { fromUpstream, isUpstreamError } from '../lib/upstream-errors';
import {
  decide,
  finishSending,
  getApproval,
  holdForApproval,
  listApprovals,
  type ApprovalRecord,
  type ApprovalSectionName,
} from '../store/approvals';
import type { Db } from '../store/db';
import {
  fundMovesOfMany,
  settleMoneyRequest,
  type MoneyRequestSettlement,
} from '../store/money-requests';
import type { MoneyRequestOutcome } from '../store/schema';
import { createCustodyFundDisbursement } from '../upstream';
import { defineRoute, unknownMoneyMessage, type RouteContext } from './define';

const toApproval = (r: ApprovalRecord): Approval => ({
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
  message: r.outcome?.message ?? null,
  reference: r.moneyReference,
});

/**
 * An approval still "being sent" once its call cannot be running any more (the upstream timeout
 * and the claim lease have passed since it was approved) was cut off mid-call: its process
 * stopped, and the answer was lost. It reads as its register row does, "outcome unknown, do not
 * send it again", until reconciliation or a reviewer settles both.
 */
function lostSend(record: ApprovalRecord, deps: Deps, now: Date): ApprovalRecord {
  const liveMs = deps.config.upstreamTimeoutMs + deps.config.claimLeaseMs;
  if (record.state !== 'sending' || !record.decidedAt) return record;
  if (now.getTime() - record.decidedAt.getTime() < liveMs) return record;
  const cause = 'The portal stopped while it was sending this disbursement.';
  return {
    ...record,
    state: 'unknown',
    outcome: {
      message: record.moneyReference
        ? unknownMoneyMessage(cause, record.moneyReference, 'disbursement')
        : `${cause} It may or may not have reached the platform. Do not send it again.`,
    },
  };
}

/** Whether a disbursement of `amount` must wait for a second person (off when unset). */
export function needsApproval(deps: Deps, amount: string): boolean {
  const above = deps.config.identity.disbursementApprovalAbove;
  return above !== undefined && new Big(amount).gt(above);
}

/** A held request as it was made: sealed, or (held before sealing) the stored object. */
function heldRequest(sealer: Sealer, stored: unknown): DisbursementRequest {
  return (
    typeof stored === 'string' ? JSON.parse(sealer.open('approval_request', stored)) : stored
  ) as DisbursementRequest;
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
  const row = await tx
    .selectFrom('money_requests')
    .select('outcome')
    .where('reference', '=', reference)
    .forUpdate()
    .executeTakeFirst();
  if (row?.outcome === from) await settleMoneyRequest(tx, reference, settlement, new Date());
}

/** The same in a transaction of its own; nothing to do for a request held before 0011. */
async function settleHeldRequest(
  db: Db,
  reference: string | null,
  from: MoneyRequestOutcome,
  settlement: MoneyRequestSettlement,
): Promise<void> {
  if (!reference) return;
  await db.transaction().execute((tx) => settleIfStill(tx, reference, from, settlement));
}

/** The disbursement route's maker-checker branch: nothing goes upstream yet. */
export async function holdDisbursement(
  ctx: Pick<RouteContext<unknown, unknown, unknown>, 'deps' | 'audit' | 'moneyReference'> & {
    user: SignedInUser;
  },
  request: DisbursementRequest,
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
  return { pendingApproval: toApproval(record) };
}

/** What to do about a held disbursement that was approved and not sent. */
const SEND_HELD_AGAIN = 'To send it, make a new request: it waits for approval again.';

/** What became of the money of a decided approval, by its state. */
const decidedOutcome: Record<ApprovalRecord['state'], string> = {
  pending: 'it still waits for a decision',
  sending: 'its outcome is unknown while it is being sent, do not send it again',
  sent: 'it was sent to the platform',
  not_sent: 'it was not sent, no money moved',
  unknown: 'its outcome is unknown, do not send it again',
  rejected: 'nothing was sent',
};

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
  // The decision and the register's row change together: a rejected request is never left
  // "waiting", and an approved one is "unknown" (with its sending time) before the call starts,
  // so a process that dies mid-call leaves it to reconciliation rather than "held" for ever.
  const decided = await ctx.deps.db.transaction().execute(async (tx) => {
    const row = await decide(
      tx,
      existing.id,
      { id: user.id, email: user.email },
      to,
      new Date(),
      reason ? `Rejected: ${reason}` : undefined,
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
              message: `Approved by ${user.email}; being sent to the platform.`,
              via: 'response',
              by: user.id,
              sendingNow: true,
            },
      );
    }
    return row;
  });
  if (!decided) {
    // Who decided it and what became of the money: the page's list already shows it, so
    // "reload" would be no help.
    const now = await getApproval(ctx.deps.db, existing.id);
    const verb = now?.state === 'rejected' ? 'rejected' : 'approved';
    throw new HttpError(
      'conflict',
      now?.checkerEmail
        ? `${now.checkerEmail} already ${verb} this disbursement: ${decidedOutcome[now.state]}.`
        : 'This disbursement was already decided by someone else.',
      { submitted: 'no' },
    );
  }
  await ctx.audit({
    action,
    objectType: 'account',
    objectId: decided.accountId,
    outcome: 'succeeded',
    reason: reason ?? null,
    details: {
      approvalId: decided.id,
      reference: decided.moneyReference,
      maker: decided.makerEmail,
      amount: decided.amount,
    },
  });
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
        const moves = await fundMovesOfMany(deps.db, references);
        return {
          approvals: records.map((r) => {
            const fundMoves = r.moneyReference ? moves.get(r.moneyReference) : undefined;
            return { ...toApproval(lostSend(r, deps, now)), ...(fundMoves ? { fundMoves } : {}) };
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
      try {
        // Our reference goes with it, as with any disbursement, so reconciliation can find it.
        const sent = await createCustodyFundDisbursement(
          ctx.deps.upstream,
          heldRequest(ctx.deps.sealer, decided.request),
          { reference: decided.moneyReference },
        );
        const done = await finishSending(ctx.deps.db, decided.id, 'sent', {
          requestId: sent.requestId,
        });
        await settleHeldRequest(ctx.deps.db, decided.moneyReference, 'unknown', {
          outcome: 'created',
          upstreamId: sent.requestId,
          message: `Approved by ${decided.checkerEmail}.`,
          via: 'response',
          by: 'system',
        });
        // The approver's sending of the maker's request: never "Disbursement requested", which
        // would name the approver as the one who asked to move the investor's money.
        await ctx.audit({
          action: 'held_disbursement_sent',
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
        });
        return toApproval(done);
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
        const message =
          state === 'unknown' && decided.moneyReference
            ? unknownMoneyMessage(cause, decided.moneyReference, 'disbursement')
            : why
              ? `${why} ${SEND_HELD_AGAIN}`
              : cause;
        const done = await finishSending(ctx.deps.db, decided.id, state, { message });
        await settleHeldRequest(ctx.deps.db, decided.moneyReference, 'unknown', {
          outcome: refused ? 'refused' : state,
          // As for any money request: the register keeps a platform refusal's reason alone.
          message: refused ? (http?.extra.reason ?? message) : (why ?? message),
          ...(why ? { nextStep: SEND_HELD_AGAIN } : {}),
          via: 'response',
          by: 'system',
          neverSent: state === 'not_sent' && !refused,
        });
        await ctx.audit({
          action: 'held_disbursement_sent',
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
        });
        return toApproval(done);
      }
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
      return toApproval(await decideOrRefuse(ctx, 'rejected', reason));
    },
  }),
];
