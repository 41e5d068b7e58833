import type { MoneyRequestView } from '../../../../contract/money-requests';
import { formatDecimal, formatMoney } from '../../../lib/format';

/**
 * What a request asked for, in words: an investment names its units and price
 * ("12 units at $100.00 each, $1,200.00"), any other request its amount; null when the register
 * does not know (a request recorded before its amount was kept).
 */
export function askedInWords(
  request: Pick<MoneyRequestView, 'units' | 'unitPrice' | 'amount'>,
): string | null {
  const amount = request.amount ? formatMoney(request.amount) : null;
  if (request.units && request.unitPrice) {
    const units = `${formatDecimal(request.units)} ${request.units === '1' ? 'unit' : 'units'}`;
    return `${units} at ${formatMoney(request.unitPrice, { precision: 'price' })} each${amount ? `, ${amount}` : ''}`;
  }
  return amount;
}
