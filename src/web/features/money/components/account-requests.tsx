import { useState } from 'react';
import Box from '@mui/material/Box';
import { SectionCard } from '../../../components/description-list';
import { PageNav } from '../../../components/page-nav';
import { EmptyState, QueryState } from '../../../components/query-state';
import { ACCOUNT_REQUESTS_PAGE, useAccountMoneyRequests } from '../api/get-money-requests';
import { MoneyRequestsList } from './money-requests-list';

/**
 * The requests the portal sent for one account with their outcome, a page at a time, newest
 * first: every request stays within reach, however many the account has.
 */
export function AccountRequests({ accountId }: { accountId: string }) {
  const [offset, setOffset] = useState(0);
  const requests = useAccountMoneyRequests(accountId, offset);
  return (
    <SectionCard title="Requests sent from the portal">
      <QueryState
        query={requests}
        subject="the requests"
        skeletonLines={3}
        isEmpty={(data) => data.requests.length === 0}
        empty={
          <EmptyState
            title="No requests yet"
            message="Disbursements, investments and IRA requests sent from this portal are listed here with their outcome."
          />
        }
      >
        {(data) => (
          <Box sx={{ mt: 2 }}>
            <MoneyRequestsList requests={data.requests} label="Requests sent from the portal" />
            <PageNav
              label="Pages of requests sent from the portal"
              offset={data.offset}
              shown={data.requests.length}
              total={data.total}
              pageSize={ACCOUNT_REQUESTS_PAGE}
              onOffset={setOffset}
            />
          </Box>
        )}
      </QueryState>
    </SectionCard>
  );
}
