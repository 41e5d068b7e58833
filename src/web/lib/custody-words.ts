import type { CustodyAccount } from '../../contract/custody';
import { formatTimestamp } from './format';

/**
 * When a custody account was approved (its approvalDate, interface document §2.12), worded to go
 * with the label "Approved on" and with the status beside it: "Not yet" while it is not approved
 * (the sandbox opens one as pending), and "Not reported" for an approved one whose date the
 * platform left out. The investor's custody card and the reviewer's account review say the same.
 */
export function custodyApprovedOn(account: Pick<CustodyAccount, 'approvedAt' | 'status'>): string {
  if (account.approvedAt) return formatTimestamp(account.approvedAt);
  return account.status === 'approved' ? 'Not reported' : 'Not yet';
}
