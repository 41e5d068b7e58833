import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useParams } from 'react-router-dom';
import { SectionCard } from '../../../../components/description-list';
import { EmptyState, QueryState } from '../../../../components/query-state';
import { useSession } from '../../../../features/auth/api/get-session';
import { timelineQueryOptions, useTimeline } from '../../../../features/money/api/get-timeline';
import { AccountRequests } from '../../../../features/money/components/account-requests';
import { AccountTimeline } from '../../../../features/money/components/account-timeline';
import { DepositForm } from '../../../../features/money/components/deposit-form';
import { Holdings } from '../../../../features/money/components/holdings-view';
import { LinkedBankPanel } from '../../../../features/money/components/linked-bank-panel';
import { recordPageLoader } from '../../../session-guard';
import { AccountSubpage, SectionColumns } from './account-layout';

export const clientLoader = recordPageLoader('accountId', (queryClient, accountId) => {
  void queryClient.prefetchQuery(timelineQueryOptions(accountId));
});

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
      {() => (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
          <SectionColumns>
            <LinkedBankPanel accountId={accountId} canLink={isInvestor} />
            {isInvestor && <DepositForm accountId={accountId} />}
          </SectionColumns>
          <TimelineSection accountId={accountId} />
          <AccountRequests accountId={accountId} />
          {isInvestor && <Holdings accountId={accountId} />}
        </Box>
      )}
    </AccountSubpage>
  );
}

function TimelineSection({ accountId }: { accountId: string }) {
  const timeline = useTimeline(accountId);
  return (
    <SectionCard title="Timeline">
      <QueryState
        query={timeline}
        subject="the timeline"
        skeletonLines={5}
        isEmpty={(data) => data.entries.length === 0 && data.gaps.length === 0}
        empty={
          <EmptyState
            title="Nothing yet"
            message="Deposits, investments, disbursements and IRA requests of this account appear here."
          />
        }
      >
        {(data) => (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)', mt: 2 }}>
            {data.gaps.map((gap) => (
              <Alert key={gap} severity="warning">
                {gap}
              </Alert>
            ))}
            <AccountTimeline accountId={data.accountId} entries={data.entries} />
          </Box>
        )}
      </QueryState>
    </SectionCard>
  );
}
