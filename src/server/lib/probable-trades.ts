import { compare, parseDecimal } from '../../contract/decimal';
import type { TradeRecord } from '../../contract/holdings';
import { upstreamTimeToInstant } from '../../contract/time';
import type { MoneyRequest } from '../store/money-requests';

/**
 * How long after an investment was sent a trade of the same account, offering and units still
 * counts as having "appeared right after" it: longer than any answer the portal waits for
 * (TRANSACT_TIMEOUT_MS is at most minutes), short enough that a later investment made at the
 * platform itself is not taken for it.
 */
const APPEARED_WITHIN_MS = 5 * 60_000;
/** The platform's clock may run a little behind ours (its times carry whole seconds at best). */
const CLOCK_SLACK_MS = 60_000;

/** Whether two unit counts are the same number; one that is missing or not a number is not. */
function sameUnits(a: string | null, b: string | null): boolean {
  const x = a === null ? null : parseDecimal(a);
  const y = b === null ? null : parseDecimal(b);
  return x !== null && y !== null && compare(x, y) === 0;
}

/**
 * For each investment of unknown outcome, the trade that is probably it: the platform names no
 * read that ties a trade to our reference (§4.16), so this is a guess shown as one, never an
 * outcome. A trade qualifies when it is of the same account, offering and units, appeared at the
 * platform (its own clock, in TRANSACT_TIME_ZONE) from when the request was sent to a few minutes
 * after, and no request of the register answered with it or was settled with it. Each trade is
 * given to one request at most, the earliest sent first, taking the earliest trade after it.
 * Returns our reference → the trade id.
 */
export function probableTrades(
  register: readonly MoneyRequest[],
  trades: readonly TradeRecord[],
  upstreamZone: string,
): Map<string, string> {
  const found = new Map<string, string>();
  const claimed = new Set(register.map((row) => row.upstreamId).filter((id) => id !== null));
  const lost = register
    .filter((row) => row.kind === 'investment' && row.outcome === 'unknown' && row.offeringId)
    .map((row) => ({ row, sent: (row.sentAt ?? row.createdAt).getTime() }))
    .sort((a, b) => a.sent - b.sent);
  const timed = trades
    .map((trade) => ({
      trade,
      at: trade.createdAt ? upstreamTimeToInstant(trade.createdAt, upstreamZone)?.getTime() : null,
    }))
    .filter((t): t is { trade: TradeRecord; at: number } => typeof t.at === 'number')
    .sort((a, b) => a.at - b.at);
  for (const { row, sent } of lost) {
    const match = timed.find(
      ({ trade, at }) =>
        !claimed.has(trade.tradeId) &&
        trade.accountId === row.accountId &&
        trade.offeringId === row.offeringId &&
        sameUnits(trade.units, row.units) &&
        at >= sent - CLOCK_SLACK_MS &&
        at <= sent + APPEARED_WITHIN_MS,
    );
    if (match) {
      found.set(row.reference, match.trade.tradeId);
      claimed.add(match.trade.tradeId);
    }
  }
  return found;
}

/**
 * Whether the platform made a trade or fund move (`createdAt`, its own clock in
 * TRANSACT_TIME_ZONE) before the request was made here: what existed before it cannot have come
 * of it. The platform's clock may run a little behind ours (CLOCK_SLACK_MS); a time not reported
 * or not readable tells nothing, so it is not taken as before.
 */
export function madeBeforeRequest(
  createdAt: string | null,
  request: Pick<MoneyRequest, 'createdAt'>,
  upstreamZone: string,
): boolean {
  const at = createdAt ? upstreamTimeToInstant(createdAt, upstreamZone) : null;
  return at !== null && at.getTime() < request.createdAt.getTime() - CLOCK_SLACK_MS;
}
