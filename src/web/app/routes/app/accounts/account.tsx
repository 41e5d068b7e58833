import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { SectionCard } from '../../../../components/description-list';
import { PageHeader } from '../../../../components/page-header';
import { QueryState } from '../../../../components/query-state';
import { paths } from '../../../../config/paths';
import { accountQueryOptions, useAccount } from '../../../../features/accounts/api/get-account';
import { AccountGate } from './account-gate';
import { AccountProfile } from '../../../../features/accounts/components/account-profile';
import { ReviewStatuses } from '../../../../features/accounts/components/review-statuses';
import { useSession } from '../../../../features/auth/api/get-session';
import {
  custodyAccountQueryOptions,
  useCustodyAccount,
} from '../../../../features/custody/api/get-custody-account';
import {
  CUSTODY_ACCOUNT_TITLE,
  CustodyAccountPanel,
} from '../../../../features/custody/components/custody-account-panel';
import { useLinkedBank } from '../../../../features/money/api/get-linked-bank';
import { standingIraRequest, useIraRequests } from '../../../../features/ira/api/get-ira-requests';
import { depositHref } from '../../../../features/money/components/deposit-form';
import { ACCOUNT_READERS, recordPageLoader } from '../../../session-guard';
import { AccountBreadcrumbs } from './account-breadcrumbs';
import { SectionColumns } from './account-layout';

export const clientLoader = recordPageLoader(
  ACCOUNT_READERS,
  'accountId',
  (queryClient, accountId) => {
    void queryClient.prefetchQuery(accountQueryOptions(accountId));
    void queryClient.prefetchQuery(custodyAccountQueryOptions(accountId));
  },
);

type Action = { label: string; href: (accountId: string) => string; primary: boolean };

/**
 * The IRA action's words: while the account's IRA request stands, the IRA page shows that
 * request, not a form (the BFF takes no second one, §4.7), and the action says so.
 */
const iraAction = (standing: boolean): Action => ({
  label: standing ? 'IRA request in progress' : 'Open an IRA',
  href: paths.app.iraSupplement.getHref,
  primary: true,
});

/**
 * What an investor can do next from their account; the first is the main action. A disbursement
 * moves money out of the custody account (§4.5), so an account known to have none is not offered
 * one: opening an IRA, which requests a custody account (§4.7), leads instead. An IRA request
 * asks for the custody account, and an account has one (§4.15): it is offered only when the
 * custody account's read answered that there is none, never while that is unknown (the read
 * failed, or was refused: the custody section says so), since the account may well have one.
 */
const investorActions = (
  canDeposit: boolean,
  noCustodyAccount: boolean,
  iraStanding: boolean,
): Action[] => [
  ...(noCustodyAccount
    ? [iraAction(iraStanding)]
    : [{ label: 'Request a disbursement', href: paths.app.disbursement.getHref, primary: true }]),
  // A deposit is pulled from the linked bank into the custody account (fundCustodyAccount):
  // offered only when the account has both.
  ...(canDeposit ? [{ label: 'Deposit', href: depositHref, primary: false }] : []),
  { label: 'Money and timeline', href: paths.app.accountMoney.getHref, primary: false },
];

export default function AccountRoute() {
  const { accountId = '' } = useParams();
  return (
    <AccountGate
      accountId={accountId}
      header={
        <PageHeader
          title={`Account ${accountId}`}
          above={<AccountBreadcrumbs accountId={accountId} />}
        />
      }
    >
      <AccountOverview accountId={accountId} />
    </AccountGate>
  );
}

/**
 * The account's page: its actions, custody account and profile, each from its own read. The
 * profile (getAccount) failing to load is told in its place; the rest stays.
 */
function AccountOverview({ accountId }: { accountId: string }) {
  const session = useSession();
  const isInvestor = session.data?.user.role === 'investor';
  const account = useAccount(accountId);
  const custody = useCustodyAccount(accountId);
  // Asked only where the actions are shown: they are the investor's.
  const linkedBank = useLinkedBank(accountId, { enabled: isInvestor });
  // Left out only once the custody account is known not to exist: one that could not be read
  // keeps the action, as the deposit form itself takes a deposit then (the platform checks the
  // account), so a failed read of it does not take the deposit away with it.
  const noCustodyAccount =
    custody.data?.state === 'unavailable' && custody.data.reason === 'not_opened';
  const canDeposit =
    linkedBank.data?.state === 'linked' &&
    (custody.isError || (custody.data !== undefined && !noCustodyAccount));
  // The IRA action waits for the custody account's answer, so that it does not show and then go.
  // Unread (or failed), the IRA requests leave it its usual words: the IRA page reads them again.
  const iraRequests = useIraRequests(accountId, { enabled: isInvestor && noCustodyAccount });
  const iraStanding = standingIraRequest(iraRequests.data) !== undefined;
  const profile = account.data;
  return (
    <>
      <PageHeader
        title={profile?.name ?? `Account ${accountId}`}
        tabTitle={`Account ${accountId}`}
        above={<AccountBreadcrumbs accountId={accountId} />}
        actions={
          isInvestor &&
          investorActions(canDeposit, noCustodyAccount, iraStanding).map(
            ({ label, href, primary }) => (
              <Button
                key={label}
                component={RouterLink}
                to={href(accountId)}
                variant={primary ? 'contained' : 'outlined'}
              >
                {label}
              </Button>
            ),
          )
        }
      />
      <SectionColumns>
        {profile ? (
          <SectionCard title="Reviews">
            <ReviewStatuses reviews={profile.reviews} />
          </SectionCard>
        ) : (
          <SectionCard title="Profile and reviews">
            <QueryState
              query={account}
              subject="the account's profile and reviews"
              skeletonLines={6}
            >
              {() => null}
            </QueryState>
          </SectionCard>
        )}
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)', minWidth: 0 }}>
          <CustodySection accountId={accountId} />
          {profile && <AccountProfile account={profile} />}
        </Box>
      </SectionColumns>
    </>
  );
}

function CustodySection({ accountId }: { accountId: string }) {
  const custody = useCustodyAccount(accountId);
  // The IRA request that asked for it, named by our reference beside the platform's request id.
  const iraRequests = useIraRequests(accountId, {
    enabled: custody.data?.state === 'available',
  });
  const accepted = iraRequests.data?.requests.find((request) => request.outcome === 'created');
  return (
    <SectionCard
      title={CUSTODY_ACCOUNT_TITLE}
      actions={
        <Button component={RouterLink} to={paths.app.fundMoves.getHref(accountId)} size="small">
          Fund moves
        </Button>
      }
    >
      <QueryState query={custody} subject="the custody account" skeletonLines={3}>
        {(result) => (
          <CustodyAccountPanel
            accountId={accountId}
            result={result}
            requestedFromPortal={accepted}
          />
        )}
      </QueryState>
    </SectionCard>
  );
}
