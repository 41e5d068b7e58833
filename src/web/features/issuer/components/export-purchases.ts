import { csvDollars, toCsv } from '../../../../contract/csv';
import { tradeStandingWords, type TradeStanding } from '../../../../contract/holdings';
import { upstreamTimeToInstant } from '../../../../contract/time';
import { saveBlob } from '../../../lib/download';
import { platformTimeZone } from '../../../lib/platform-time-zone';
import { unreadablePartsNote, type PurchaseRow } from './purchase-standing';

/**
 * The platform's zone-less purchase time (§2 Conventions, §2.3 purchaseDate) as the instant it
 * names, written with its `Z`, as the portal's other exports write their times (toISOString):
 * a spreadsheet would otherwise read it in its own zone, hours off the page.
 */
function purchasedAtUtc(value: string | null): string | null {
  if (!value) return null;
  return upstreamTimeToInstant(value, platformTimeZone())?.toISOString() ?? null;
}

/**
 * The trades as CSV, built in the browser; cells are escaped and guarded against formulas. The
 * amount is in US dollars with cents at least (`amount_usd`, as the register's and fund moves'
 * exports write it), the shares as the platform gave them. The status is in the page's words (My investments' too), so a sheet can total the paid trades.
 * A part the platform sent that could not be read is an empty cell, and `not_read` says which and
 * what it is left out of, as the page does: a sheet would otherwise count an empty amount as zero
 * and nothing would say why. Each of the `notRead` trades that could not be read at all has a row
 * of its own, empty but for that note.
 */
export function purchasesCsv(purchases: readonly PurchaseRow[], notRead = 0): string {
  return toCsv(
    [
      'trade_id',
      'account_id',
      'account_name',
      'amount_usd',
      'shares',
      'status',
      'purchased_at_utc',
      'not_read',
    ],
    purchases
      .map((p) => [
        p.tradeId,
        p.accountId,
        p.accountName,
        csvDollars(p.amount),
        p.shares,
        p.statusText,
        purchasedAtUtc(p.purchasedAt),
        unreadablePartsNote(p),
      ])
      .concat(
        Array.from({ length: notRead }, () => [null, null, null, null, null, null, null, NOT_READ]),
      ),
  );
}

/**
 * The row of a trade the platform sent that could not be read at all (the reply's
 * skippedRecords: it has no trade id, §2.3), so a sheet's total is never short unsaid. Its status
 * could not be read either: it is written whatever the page's filters, and says so.
 */
const NOT_READ =
  'The platform sent a trade of this offering in a form the portal could not read: none of its details are shown, it is in none of the figures, and it may or may not match the filters.';

/** What narrows the trades exported: the page's status filter and its investor search. */
export interface PurchasesFilter {
  status: TradeStanding | null;
  search: string;
}

/** A status's words as a file name may carry them: letters and digits, the rest as hyphens. */
const fileWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');

/**
 * The file named after what it holds: the offering's whole history, or the trades of a status (in
 * the filter's words) and of a search ("purchase-history-5201-cancelled-searched.csv"), so a
 * filtered file saved beside the whole one neither replaces it nor passes for it. The words
 * searched for are not in the name: they are a buyer's name, and a file name is shown in the
 * browser's downloads and kept in folders long after.
 */
export function purchasesFileName(offeringId: string, filter?: PurchasesFilter): string {
  return [
    `purchase-history-${offeringId}`,
    filter?.status ? fileWords(tradeStandingWords[filter.status]) : '',
    filter?.search.trim() ? 'searched' : '',
  ]
    .filter(Boolean)
    .join('-')
    .concat('.csv');
}

export function downloadPurchasesCsv(
  offeringId: string,
  purchases: readonly PurchaseRow[],
  notRead: number,
  filter?: PurchasesFilter,
) {
  // A byte-order mark so spreadsheet programs read the names as UTF-8.
  const blob = new Blob(['\uFEFF', purchasesCsv(purchases, notRead)], {
    type: 'text/csv;charset=utf-8',
  });
  saveBlob(blob, purchasesFileName(offeringId, filter));
}
