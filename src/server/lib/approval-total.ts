import Big from 'big.js';
import { approvalWaitReason, HELD_SIGN_IN_WAIT } from '../../contract/disbursements';
import type { MoneyRequestOutcome } from '../store/schema';
import { moneyRequestPages, type MoneyRequestFilter } from '../store/money-requests';
import type { Deps } from '../deps';
import { independenceSince, signInHolds } from '../store/approver-independence';

/**
 * How far back a disbursement counts toward DISBURSEMENT_APPROVAL_ABOVE, and an investment toward
 * STEP_UP_INVESTMENT_ABOVE: the last 24 hours.
 */
const APPROVAL_TOTAL_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The register's requests that count: sent or on their way (accepted by the platform, being
 * sent, of unknown outcome) or waiting for approval. Refused and not sent ones moved nothing.
 */
const COUNTED: MoneyRequestOutcome[] = ['created', 'pending', 'unknown', 'held'];

/**
 * The register's requests of `of` made in the last 24 hours before `now` that count (COUNTED),
 * but for the request `reference` itself: an exact decimal.
 */
async function earlierTotal(
  deps: Pick<Deps, 'db'>,
  of: Pick<MoneyRequestFilter, 'kind' | 'accountId' | 'userId'>,
  reference: string | null,
  now: Date,
): Promise<string> {
  let earlier = new Big(0);
  for await (const page of moneyRequestPages(deps.db, {
    ...of,
    outcome: COUNTED,
    from: new Date(now.getTime() - APPROVAL_TOTAL_WINDOW_MS),
  })) {
    for (const row of page) {
      if (row.reference !== reference && row.amount) earlier = earlier.plus(row.amount);
    }
  }
  return earlier.toFixed();
}

/** The account's disbursements that count toward DISBURSEMENT_APPROVAL_ABOVE (earlierTotal). */
export const earlierDisbursementTotal = (
  deps: Pick<Deps, 'db'>,
  accountId: string,
  reference: string | null,
  now = new Date(),
) => earlierTotal(deps, { kind: 'disbursement', accountId }, reference, now);

/**
 * The person's investments (from any of their accounts) that count toward STEP_UP_INVESTMENT_ABOVE
 * with the one being made (earlierTotal): split into smaller ones, investments from a session
 * someone else holds would otherwise never ask for the second factor.
 */
export const earlierInvestmentTotal = (
  deps: Pick<Deps, 'db'>,
  userId: string,
  reference: string | null,
  now = new Date(),
) => earlierTotal(deps, { kind: 'investment', userId }, reference, now);

/**
 * Whether `makerId`'s disbursements from `accountId` wait whatever their amount: an admin holds
 * their sign-in (store/approver-independence.ts, HELD_SIGN_IN_WAIT).
 */
export async function signInHeld(
  deps: Pick<Deps, 'db'>,
  makerId: string,
  accountId: string,
  now = new Date(),
): Promise<boolean> {
  const holds = await signInHolds(deps.db, {
    userId: makerId,
    accountId,
    since: independenceSince(now),
  });
  return holds.length > 0;
}

/**
 * Whether a disbursement of `amount` from `accountId` by `makerId` waits for a second person, and
 * why (null: it goes now). Above DISBURSEMENT_APPROVAL_ABOVE, the request that brings the
 * account's rolling total above the limit is held, and says so (approvalWaitReason); whatever the
 * amount, and whether or not a limit is set, one asked from a sign-in an admin holds is held.
 */
export async function approvalReason(
  deps: Pick<Deps, 'config' | 'db'>,
  request: { accountId: string; amount: string; reference: string | null; makerId: string },
  now = new Date(),
): Promise<string | null> {
  const above = deps.config.identity.disbursementApprovalAbove;
  if (above !== undefined) {
    // One above the limit by itself waits whatever came before: the register is not read.
    const alone = approvalWaitReason(request.amount, '0', above);
    if (alone) return alone;
    const earlier = await earlierDisbursementTotal(deps, request.accountId, request.reference, now);
    const withEarlier = approvalWaitReason(request.amount, earlier, above);
    if (withEarlier) return withEarlier;
  }
  return (await signInHeld(deps, request.makerId, request.accountId, now))
    ? HELD_SIGN_IN_WAIT
    : null;
}
