import Big from 'big.js';
import { formatMoney } from '../../contract/decimal';
import type { MoneyRequestOutcome } from '../store/schema';
import { moneyRequestPages } from '../store/money-requests';
import type { Deps } from '../deps';

/** How far back a disbursement counts toward DISBURSEMENT_APPROVAL_ABOVE: the last 24 hours. */
const APPROVAL_TOTAL_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The register's disbursements that count: sent or on their way (accepted by the platform, being
 * sent, of unknown outcome) or waiting for approval. Refused and not sent ones moved nothing.
 */
const COUNTED: MoneyRequestOutcome[] = ['created', 'pending', 'unknown', 'held'];

/**
 * Whether a disbursement of `amount` from `accountId` waits for a second person, and why (null:
 * it goes now, or DISBURSEMENT_APPROVAL_ABOVE is unset). The limit is on the account's rolling
 * total, not on one request: the disbursements of the last 24 hours in the register plus this
 * one. Ten requests of $999 each would otherwise move $9,990 with no second person; the request
 * that brings the total above the limit is held, and says so.
 */
export async function approvalReason(
  deps: Pick<Deps, 'config' | 'db'>,
  request: { accountId: string; amount: string; reference: string | null },
  now = new Date(),
): Promise<string | null> {
  const above = deps.config.identity.disbursementApprovalAbove;
  if (above === undefined) return null;
  const limit = formatMoney(above);
  if (new Big(request.amount).gt(above)) {
    return `Disbursements above ${limit} wait for a second person's approval.`;
  }
  let earlier = new Big(0);
  for await (const page of moneyRequestPages(deps.db, {
    kind: 'disbursement',
    accountId: request.accountId,
    outcome: COUNTED,
    from: new Date(now.getTime() - APPROVAL_TOTAL_WINDOW_MS),
  })) {
    for (const row of page) {
      if (row.reference !== request.reference && row.amount) earlier = earlier.plus(row.amount);
    }
  }
  const total = earlier.plus(request.amount);
  if (!total.gt(above)) return null;
  return `With the earlier disbursements of the last 24 hours (${formatMoney(earlier.toFixed())}) this one brings the total to ${formatMoney(total.toFixed())}, above ${limit}: it waits for a second person's approval.`;
}
