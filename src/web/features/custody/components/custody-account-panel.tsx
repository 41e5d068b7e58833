import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { CustodyAccount } from '../../../../contract/custody';
import type { CustodyAccountResult } from '../../../../contract/custody-views';
import { Code, DescriptionList, sectionId } from '../../../components/description-list';
import { paths } from '../../../config/paths';
import { formatCode, formatInstant } from '../../../lib/format';
import { custodyApprovedOn } from '../../../lib/custody-words';

/** The title of this panel's section on the account's page. */
export const CUSTODY_ACCOUNT_TITLE = 'Custody account';

/** Where an account's custody account is shown: its section of the account's page. */
export const custodyAccountHref = (accountId: string) =>
  `${paths.app.account.getHref(accountId)}#${sectionId(CUSTODY_ACCOUNT_TITLE)}`;

/**
 * Why no balance is shown where a person looks for one. The platform gives none: the custody
 * account (§2.12, §4.15) has no balance field, and the fund moves (§2.9, §4.3) are single moves,
 * whose sum would be wrong money wherever the history is incomplete. So the person is sent to the
 * moves themselves.
 */
export function NoCustodyBalance({ accountId }: { accountId: string }) {
  return (
    <Typography variant="body2" color="textSecondary">
      The platform does not report a custody balance, so none is shown. Follow the money in and out
      under{' '}
      <Link component={RouterLink} to={paths.app.fundMoves.getHref(accountId)}>
        Fund moves
      </Link>{' '}
      and{' '}
      <Link component={RouterLink} to={paths.app.accountMoney.getHref(accountId)}>
        Money and timeline
      </Link>
      .
    </Typography>
  );
}

/** The IRA request sent from the portal that asked for this custody account (§4.7), if any. */
export type PortalIraRequest = { reference: string; createdAt: string };

/** The custody account, or a plain explanation of why it cannot be shown. */
export function CustodyAccountPanel({
  accountId,
  result,
  requestedFromPortal,
}: {
  accountId: string;
  result: CustodyAccountResult;
  requestedFromPortal?: PortalIraRequest;
}) {
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
    <Box sx={{ display: 'grid', gap: 2 }}>
      <CustodyAccountDetails
        account={account}
        accountId={accountId}
        requestedFromPortal={requestedFromPortal}
      />
      <NoCustodyBalance accountId={accountId} />
    </Box>
  );
}

/**
 * The platform names the custody account by its own request id; the person knows the request by
 * our reference (the IRA page's answer, the timeline, the register). Both are shown, so the one
 * can be matched to the other: the supplement's answer gives the account only (§2.11), so the
 * portal cannot tie them more closely than "the IRA request sent for this account".
 */
function CustodyAccountDetails({
  account,
  accountId,
  requestedFromPortal,
}: {
  account: CustodyAccount;
  accountId: string;
  requestedFromPortal?: PortalIraRequest;
}) {
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
        ['Approved on', custodyApprovedOn(account)],
        ['Request ID', <Code key="request" value={account.requestId} />],
        ...(requestedFromPortal
          ? ([
              [
                'Requested from the portal',
                <span key="portal">
                  IRA request{' '}
                  <Link
                    component={RouterLink}
                    to={paths.app.accountMoney.getHref(accountId)}
                    translate="no"
                  >
                    {requestedFromPortal.reference}
                  </Link>
                  , {formatInstant(requestedFromPortal.createdAt)}
                </span>,
              ],
            ] as [string, ReactNode][])
          : []),
        ...(account.relationship
          ? ([['Relationship', account.relationship]] as [string, string][])
          : []),
      ]}
    />
  );
}
