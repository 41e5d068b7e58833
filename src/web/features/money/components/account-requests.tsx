import { useState } from 'react';
import { SectionCard } from '../../../components/description-list';
import { EmptyState } from '../../../components/query-state';
import { ACCOUNT_REQUESTS_PAGE, useAccountMoneyRequests } from '../api/get-money-requests';
import { MoneyRequestPages } from './money-request-pages';

/**
 * The requests the portal sent for one account with their outcome, a page at a time, newest
 * first: every request stays within reach, however many the account has.
 */
export function AccountRequests({ accountId }: { accountId: string }) {
  const [offset, setOffset] = useState(0);
  const requests = useAccountMoneyRequests(accountId, offset);
  return (
    <SectionCard title="Requests sent from the portal">
      <MoneyRequestPages
        query={requests}
        subject="the requests"
        skeletonLines={3}
        empty={
          <EmptyState
            headingLevel={3}
            title="No requests yet"
            message="Deposits, disbursements, investments and IRA requests sent from this portal are listed here with their outcome."
          />
        }
        label="Requests sent from the portal"
        pagesLabel="Pages of requests sent from the portal"
        pageSize={ACCOUNT_REQUESTS_PAGE}
        onOffset={setOffset}
        sx={{ mt: 2 }}
      />
    </SectionCard>
  );
}
