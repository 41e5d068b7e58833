import Box from '@mui/material/Box';
import { useParams } from 'react-router-dom';
import { preloadDataGrid } from '../../../../components/data-grid';
import { sectionId } from '../../../../components/description-list';
import { JumpLinks } from '../../../../components/jump-links';
import { useSession } from '../../../../features/auth/api/get-session';
import { useCustodyAccount } from '../../../../features/custody/api/get-custody-account';
import { timelineQueryOptions, useTimeline } from '../../../../features/money/api/get-timeline';
import { useHoldings } from '../../../../features/money/api/get-holdings';
import { AccountRequests } from '../../../../features/money/components/account-requests';
import { TimelineSection } from '../../../../features/money/components/account-timeline';
import { DepositForm } from '../../../../features/money/components/deposit-form';
import { Holdings } from '../../../../features/money/components/holdings-view';
import { LinkedBankPanel } from '../../../../features/money/components/linked-bank-panel';
import { ACCOUNT_READERS, recordPageLoader } from '../../../session-guard';
import { AccountSubpage, SectionColumns } from './account-layout';

export const clientLoader = recordPageLoader(
  ACCOUNT_READERS,
  'accountId',
  (queryClient, accountId) => {
    void queryClient.prefetchQuery(timelineQueryOptions(accountId));
    // An investor's trades are a grid: its library downloads alongside the data, not after it.
    void preloadDataGrid();
  },
);

export default function AccountMoneyRoute() {
  const { accountId = '' } = useParams();
  const session = useSession();
  const isInvestor = session.data?.user.role === 'investor';
  return (
    <AccountSubpage
      accountId={accountId}
      title="Money and timeline"
      description="The bank ACH uses, deposits, and everything that happened to this account's money, newest first."
    >
      {/* The timeline runs for screens on a phone before the requests and the investments. */}
      <JumpLinks
        sections={[
          [sectionId('Timeline'), 'Timeline'],
          [sectionId('Requests sent from the portal'), 'Requests sent from the portal'],
          ...(isInvestor ? ([[sectionId('Totals per offering'), 'Investments']] as const) : []),
        ]}
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <SectionColumns>
          <LinkedBankPanel accountId={accountId} canLink={isInvestor} />
          {isInvestor && <InvestorDeposit accountId={accountId} />}
        </SectionColumns>
        <TimelineSection accountId={accountId} />
        <AccountRequests accountId={accountId} />
        {isInvestor && <AccountHoldings accountId={accountId} />}
      </Box>
    </AccountSubpage>
  );
}

/** The deposit form, told whether the account has a custody account to deposit into. */
function InvestorDeposit({ accountId }: { accountId: string }) {
  const custody = useCustodyAccount(accountId);
  return <DepositForm accountId={accountId} custody={custody.data} />;
}

/**
 * The account's investments, unless their read failed while the timeline above already says its
 * investments could not be read: both come from the same trades (§4.16, the trades collection),
 * and one failure is told once, in the timeline. Once its Try again has read them, the section
 * comes back and reads them again as it mounts (a failed read is read again for a new reader).
 */
function AccountHoldings({ accountId }: { accountId: string }) {
  const holdings = useHoldings(accountId);
  const timeline = useTimeline(accountId);
  const toldInTimeline =
    holdings.data === undefined &&
    holdings.isError &&
    (timeline.data?.unread ?? []).some((unread) => unread.part === 'trades');
  return toldInTimeline ? null : <Holdings accountId={accountId} />;
}
