import { isolate } from '../../../../contract/bidi';
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

/**
 * The offering an investment was made in, as a person looks for it at the platform: its name and
 * id ("Blue Mesa Solar Partners (5204)"), or the id alone when the catalogue could not name it
 * ("offering 5204", "Offering 5204" at the start of a line); null for other kinds.
 */
export function offeringInWords(
  request: Pick<MoneyRequestView, 'kind' | 'offeringId' | 'offeringName'>,
  at: 'start' | 'within' = 'within',
): string | null {
  if (request.kind !== 'investment' || !request.offeringId) return null;
  if (request.offeringName) return `${isolate(request.offeringName)} (${request.offeringId})`;
  return `${at === 'start' ? 'Offering' : 'offering'} ${request.offeringId}`;
}
