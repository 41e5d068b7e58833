import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Chip from '@mui/material/Chip';
import type { CustodyAccountResult } from '../../../../contract/custody-views';
import { Code, DescriptionList, sectionId } from '../../../components/description-list';
import { paths } from '../../../config/paths';
import { formatCode, formatTimestamp } from '../../../lib/format';

/** The title of this panel's section on the account's page. */
export const CUSTODY_ACCOUNT_TITLE = 'Custody account';

/** Where an account's custody account is shown: its section of the account's page. */
export const custodyAccountHref = (accountId: string) =>
  `${paths.app.account.getHref(accountId)}#${sectionId(CUSTODY_ACCOUNT_TITLE)}`;

/** The custody account, or a plain explanation of why it cannot be shown. */
export function CustodyAccountPanel({ result }: { result: CustodyAccountResult }) {
  if (result.state === 'unavailable') {
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        <AlertTitle>
          {result.reason === 'not_opened'
            ? 'No custody account yet'
            : 'Custody details unavailable'}
        </AlertTitle>
        {result.message}
      </Alert>
    );
  }
  const account = result.custodyAccount;
  return (
    <DescriptionList
      items={[
        [
          'Status',
          <Chip
            key="status"
            size="small"
            color={account.status === 'approved' ? 'success' : 'warning'}
            label={formatCode(account.status)}
          />,
        ],
        [
          'Restriction',
          account.restricted
            ? `Restricted: ${account.restrictedReason ?? 'no reason given'}`
            : 'Not restricted',
        ],
        ['Approved', account.approvedAt ? formatTimestamp(account.approvedAt) : 'Not approved yet'],
        ['Request ID', <Code key="request" value={account.requestId} />],
        ...(account.relationship
          ? ([['Relationship', account.relationship]] as [string, string][])
          : []),
      ]}
    />
  );
}
