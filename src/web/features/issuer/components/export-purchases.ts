import { toCsv } from '../../../../contract/csv';
import type { Purchase } from '../../../../contract/purchase-history';
import { saveBlob } from '../../../lib/download';

/** The trades as CSV, built in the browser; cells are escaped and guarded against formulas. */
function purchasesCsv(purchases: readonly Purchase[]): string {
  return toCsv(
    ['trade_id', 'account_id', 'account_name', 'amount', 'shares', 'purchased_at'],
    purchases.map((p) => [
      p.tradeId,
      p.accountId,
      p.accountName,
      p.amount,
      p.shares,
      p.purchasedAt,
    ]),
  );
}

export function downloadPurchasesCsv(offeringId: string, purchases: readonly Purchase[]) {
  // A byte-order mark so spreadsheet programs read the names as UTF-8.
  const blob = new Blob(['\uFEFF', purchasesCsv(purchases)], { type: 'text/csv;charset=utf-8' });
  saveBlob(blob, `purchase-history-${offeringId}.csv`);
}
