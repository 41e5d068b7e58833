import type { CustodyAccount } from '../../../../contract/custody';
import type { MoneyRequestView } from '../../../../contract/money-requests';

/**
 * What the IRA page shows instead of the request form, if anything; the wizard shows it and the
 * page's description names it, so that the two always say the same. An approved custody account
 * is where every request ends (§4.7, §4.15): it comes first, even over a request of the register
 * that stands (accepted, that request is what opened it). Then the account's IRA request that
 * stands (the BFF takes no second one). Then a custody account being opened, requested by other
 * means. Null when the form is offered.
 */
export function inPlaceOfTheForm(
  inTheWay: { state: 'open' | 'opening'; custodyAccount: CustodyAccount } | null,
  standing: MoneyRequestView | undefined,
):
  | { kind: 'custody'; state: 'open' | 'opening'; custodyAccount: CustodyAccount }
  | { kind: 'request'; request: MoneyRequestView }
  | null {
  if (inTheWay?.state === 'open') return { kind: 'custody', ...inTheWay };
  if (standing) return { kind: 'request', request: standing };
  if (inTheWay) return { kind: 'custody', ...inTheWay };
  return null;
}
