import {
  tradeStanding,
  tradeStandingWords,
  tradeStatusInWords,
  type TradeStanding,
} from '../../../../contract/holdings';
import type { PurchaseStatuses } from '../../../../contract/issuer-workspace';
import type { Purchase } from '../../../../contract/purchase-history';

/** A purchase with where it stands, in the words My investments gives its trades. */
export type PurchaseRow = Purchase & { standing: TradeStanding; statusText: string };

/**
 * Each purchase joined by trade id with its status from the trades collection (the purchase
 * history carries none, §2.3). A purchase the collection did not give, or none at all when it
 * could not be read, has no known status: it is said so, never guessed as paid or waiting.
 */
export function withStandings(
  purchases: readonly Purchase[],
  statuses: PurchaseStatuses,
): PurchaseRow[] {
  const byTrade = new Map(
    statuses.state === 'read' ? statuses.trades.map((trade) => [trade.tradeId, trade]) : [],
  );
  return purchases.map((purchase) => {
    const trade = byTrade.get(purchase.tradeId);
    if (!trade) {
      return { ...purchase, standing: 'unknown', statusText: tradeStandingWords.unknown };
    }
    const standing = tradeStanding(trade);
    return {
      ...purchase,
      standing,
      // An archived trade reads as cancelled whatever its last status was: it counts nowhere.
      statusText:
        trade.archived && standing === 'void'
          ? tradeStandingWords.void
          : tradeStatusInWords(trade.status),
    };
  });
}

/** The status filter's choices: every standing, in the split's words. */
export const standingChoices: readonly { value: TradeStanding; label: string }[] = [
  { value: 'settled', label: tradeStandingWords.settled },
  { value: 'waiting', label: tradeStandingWords.waiting },
  { value: 'void', label: tradeStandingWords.void },
  { value: 'unknown', label: tradeStandingWords.unknown },
];
