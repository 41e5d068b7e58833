import { PageHeader } from '../../../../components/page-header';
import { EmptyState, LoadingSkeleton, QueryState } from '../../../../components/query-state';
import { accountsQueryOptions, useAccounts } from '../../../../features/accounts/api/get-accounts';
import { AccountsList } from '../../../../features/accounts/components/accounts-list';
import { prefetchingLoader } from '../../../session-guard';
import { BrowseOfferingsLink } from '../../../../components/browse-offerings-link';

export const clientLoader = prefetchingLoader(accountsQueryOptions);

export default function AccountsRoute() {
  const accounts = useAccounts();
  return (
    <>
      <PageHeader
        title="My accounts"
        description="Your investment accounts, their review statuses, custody and fund moves."
      />
      <QueryState
        query={accounts}
        loadingLabel="Loading your accounts"
        loading={<LoadingSkeleton lines={3} />}
        errorTitle="Your accounts could not be loaded"
        isEmpty={(data) => data.accounts.length === 0}
        empty={
          <EmptyState
            title="No accounts linked yet"
            message="When an investment account is linked to your sign-in, it appears here."
            action={<BrowseOfferingsLink />}
          />
        }
      >
        {(data) => <AccountsList accounts={data.accounts} />}
      </QueryState>
    </>
  );
}
