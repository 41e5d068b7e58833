import { csvDollars, toCsv } from '../../../../contract/csv';
import { upstreamTimeToInstant } from '../../../../contract/time';
import { saveBlob } from '../../../lib/download';
import { platformTimeZone } from '../../../lib/platform-time-zone';
import type { PurchaseRow } from './purchase-standing';

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
 */
export function purchasesCsv(purchases: readonly PurchaseRow[]): string {
  return toCsv(
    [
      'trade_id',
      'account_id',
      'account_name',
      'amount_usd',
      'shares',
      'status',
      'purchased_at_utc',
    ],
    purchases.map((p) => [
      p.tradeId,
      p.accountId,
      p.accountName,
      csvDollars(p.amount),
      p.shares,
      p.statusText,
      purchasedAtUtc(p.purchasedAt),
    ]),
  );
}

export function downloadPurchasesCsv(offeringId: string, purchases: readonly PurchaseRow[]) {
  // A byte-order mark so spreadsheet programs read the names as UTF-8.
  const blob = new Blob(['\uFEFF', purchasesCsv(purchases)], { type: 'text/csv;charset=utf-8' });
  saveBlob(blob, `purchase-history-${offeringId}.csv`);
}
