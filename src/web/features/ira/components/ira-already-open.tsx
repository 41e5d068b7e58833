import type { CustodyAccount } from '../../../../contract/custody';
import { Code } from '../../../components/description-list';
import { paths } from '../../../config/paths';
import { formatCode, formatTimestamp } from '../../../lib/format';
import { InPlaceOfTheWizard } from './in-place-of-the-wizard';

/**
 * In place of the wizard when the account's custody account is already there. The supplement
 * requests the custodial (IRA) account, as the first step in opening it (§4.7), and an account
 * has one custody account (§4.15 reads it by the account's id; §2.12): a new request would ask
 * for what the account has (`open`: approved) or is being given (`opening`: requested, not
 * approved yet), so the form is not offered. The person is told which, and where to see it.
 * The custody account record (§2.12) says nothing of an IRA, and the account may be of any type:
 * an approved one is called a custody account, never "its IRA".
 */
export function IraAlreadyOpen({
  accountId,
  state,
  custodyAccount,
  custodyHref,
  takeFocus = false,
}: {
  accountId: string;
  state: 'open' | 'opening';
  custodyAccount: CustodyAccount;
  /** Where the account's custody account is shown (its section of the account's page). */
  custodyHref: string;
  /** It replaces the form the person was using (a request refused for it): its heading takes the focus. */
  takeFocus?: boolean;
}) {
  const open = state === 'open';
  return (
    <InPlaceOfTheWizard
      id="ira-open-title"
      title={
        open
          ? 'This account already has a custody account'
          : "This account's IRA request is in progress"
      }
      why={
        open
          ? 'Its custody account is approved. An IRA custody account is requested for an account without one, and an account has one custody account, so there is nothing to request here. Deposits, disbursements and fund moves use the custody account it has.'
          : 'Its custody account was requested and is not approved yet. The form is not offered again, since a second request would ask for the same custody account twice.'
      }
      items={[
        ['Status', open ? 'Approved' : formatCode(custodyAccount.status)],
        open
          ? ['Approved', formatTimestamp(custodyAccount.approvedAt)]
          : ['Requested', formatTimestamp(custodyAccount.createdAt)],
        ['Request ID', <Code key="request" value={custodyAccount.requestId} />],
      ]}
      links={[
        {
          to: custodyHref,
          text: open
            ? "See the custody account on the account's page"
            : "Follow the custody account's status on the account's page",
        },
        ...(open
          ? [{ to: paths.app.fundMoves.getHref(accountId), text: 'See its fund moves' }]
          : []),
      ]}
      takeFocus={takeFocus}
    />
  );
}
