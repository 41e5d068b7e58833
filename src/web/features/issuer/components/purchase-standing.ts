import {
  tradeStanding,
  tradeStandingWords,
  tradeStatusInWords,
  type TradeStanding,
} from '../../../../contract/holdings';
import type { PurchaseStatuses } from '../../../../contract/issuer-workspace';
import type { Purchase, PurchasePart } from '../../../../contract/purchase-history';

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
  { value: 'reversing', label: tradeStandingWords.reversing },
  { value: 'void', label: tradeStandingWords.void },
  { value: 'unknown', label: tradeStandingWords.unknown },
];

const partWords: Record<PurchasePart, string> = {
  investor: 'investor',
  amount: 'amount',
  shares: 'shares',
  date: 'date',
};

/** What leaving out a part costs, in the figure it is left out of. */
const partCosts: Record<PurchasePart, string> = {
  amount: 'its amount is in neither Amount raised nor Committed',
  shares: 'its shares are in no investor’s total',
  investor: 'it is in no investor’s total',
  date: 'it is not in the chart',
};

function listInWords(words: string[]): string {
  return words.length < 2
    ? words.join('')
    : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * What of one trade could not be read and which figure it is left out of ("its amount could not be
 * read, so …"), empty when all of it was read: the page's line and the export's note on the row.
 */
export function unreadablePartsNote({
  unreadable: parts,
}: Pick<PurchaseRow, 'unreadable'>): string {
  if (parts.length === 0) return '';
  return `its ${listInWords(parts.map((part) => partWords[part]))} could not be read, so ${listInWords(parts.map((part) => partCosts[part]))}. The rest of it is counted.`;
}

/**
 * Each trade kept with a part that could not be read, what that part is and which figure it is
 * left out of; everything else of the trade is counted. At most `limit` trades are named.
 */
export function unreadablePartsInWords(rows: readonly PurchaseRow[], limit = 5): string[] {
  const odd = rows.filter((row) => row.unreadable.length > 0);
  const lines = odd
    .slice(0, limit)
    .map((row) => `Trade ${row.tradeId}: ${unreadablePartsNote(row)}`);
  if (odd.length > limit) lines.push(`And ${odd.length - limit} more trades of the same kind.`);
  return lines;
}
