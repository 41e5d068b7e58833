import type { StandingOnError } from '../../contract/errors';
import {
  heldBackRecordWords,
  standingRefusalMessage,
  unsettledOutcomes,
} from '../../contract/money-requests';
import type { Deps } from '../deps';
import type { RouteContext } from '../routes/define';
import { admitUnlessStanding, type MoneyRequest } from '../store/money-requests';
import { HttpError } from './http-error';
import { isStoreFailure, storeUnavailableNotSent } from './store-errors';

/** A register row as a refusal names it (the error's `standing`). */
function toStanding(row: MoneyRequest): StandingOnError {
  return {
    reference: row.reference,
    kind: row.kind,
    outcome: row.outcome,
    createdAt: row.createdAt.toISOString(),
    amount: row.amount,
    units: row.units,
    offeringId: row.offeringId,
    upstreamId: row.upstreamId,
    method: row.method,
  };
}

/**
 * The outcomes of the same request made moments ago that a new identical one yields to: accepted
 * by the platform, or waiting for a second person's approval. (Being sent and unknown ones stand
 * in the way whatever they asked for.)
 */
export const sameRecentlyOutcomes = ['created', 'held'] as const;

/**
 * Since when a request made before is "the same request made moments ago" at `now`: the start of
 * the configured window (SAME_REQUEST_WINDOW_MINUTES), or null when the window is off.
 */
export function sameRequestSince(deps: Pick<Deps, 'config'>, now: Date): Date | null {
  const windowMs = deps.config.sameRequestWindowMs;
  return windowMs > 0 ? new Date(now.getTime() - windowMs) : null;
}

/**
 * Refuses a deposit, disbursement or investment (409, nothing sent, audited) while another of its
 * kind for the same account (for an investment: the same offering) is being sent or of unknown
 * outcome, unless the body names each of those in `additionalTo`: a person told "do not send
 * it again" who sends it again all the same would move the money twice. The check and the mark
 * of this request as not sent are one step per account and kind (admitUnlessStanding), so two
 * tabs cannot both pass it. A resend of the same request with the same Idempotency-Key never gets
 * here: it is answered with the first outcome (routes/define.ts).
 *
 * Within the configured window (SAME_REQUEST_WINDOW_MINUTES; 0 turns it off) the same request made
 * moments ago, accepted or waiting for approval, refuses it too, unless named: the same amount
 * (for an investment the same units) by the same method from the same account (and offering),
 * sent from a second tab reviewed by accident, under a key of its own.
 */
export async function refuseWhileStanding(
  ctx: Pick<RouteContext<unknown, unknown, unknown>, 'audit' | 'moneyReference'> & { deps: Deps },
  scope: {
    kind: 'deposit' | 'disbursement' | 'investment';
    accountId: string;
    offeringId?: string;
    acknowledged: readonly string[] | undefined;
    /**
     * What it asks for, to find the same request made moments ago: units, else the amount, and
     * how the money goes (a disbursement's type, an investment's payment method).
     */
    same?: { units?: string; amount?: string; method?: string };
  },
): Promise<void> {
  let rows: MoneyRequest[];
  const now = new Date();
  const since = sameRequestSince(ctx.deps, now);
  try {
    rows = await admitUnlessStanding(ctx.deps.db, {
      accountId: scope.accountId,
      kind: scope.kind,
      offeringId: scope.offeringId ?? null,
      outcomes: unsettledOutcomes,
      reference: ctx.moneyReference,
      acknowledged: scope.acknowledged ?? [],
      now,
      ...(scope.same && since
        ? {
            same: {
              since,
              outcomes: sameRecentlyOutcomes,
              units: scope.same.units ?? null,
              amount: scope.same.amount ?? null,
              method: scope.same.method ?? null,
            },
          }
        : {}),
    });
  } catch (err) {
    // Not a lost answer: nothing was sent yet, so it may be tried again.
    if (isStoreFailure(err)) throw storeUnavailableNotSent();
    throw err;
  }
  if (rows.length === 0) return;
  const standing = rows.map(toStanding);
  await ctx.audit({
    action: 'money_request_refused_standing',
    objectType: 'account',
    objectId: scope.accountId,
    outcome: 'denied',
    details: {
      reference: ctx.moneyReference,
      kind: scope.kind,
      ...(scope.offeringId ? { offeringId: scope.offeringId } : {}),
      standing: standing.map((row) => row.reference),
      acknowledged: scope.acknowledged ?? [],
    },
  });
  throw new HttpError('conflict', standingRefusalMessage(scope.kind, standing), {
    submitted: 'no',
    refusal: 'state',
    standing,
    // The form's answer asks whether to send another; the register keeps what this one was.
    reason: heldBackRecordWords(standing),
  });
}

/**
 * What stands in a deposit's or a disbursement's way: another of its kind for the account, and
 * the same amount into or from that account moments ago, probably sent from a second tab.
 */
export function cashMoveScope(
  kind: 'deposit' | 'disbursement',
  accountId: string,
  body: { amount: string; additionalTo?: readonly string[] },
  // How the money goes (a disbursement's ACH or wire): an ACH and a wire of one amount are two
  // requests, the same amount by the same way moments ago is probably a second tab.
  method?: string,
) {
  return {
    kind,
    accountId,
    acknowledged: body.additionalTo,
    same: { amount: body.amount, method },
  };
}
