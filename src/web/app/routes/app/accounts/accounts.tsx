import { PageHeader } from '../../../../components/page-header';
import { EmptyState } from '../../../../components/query-state';
import { accountsQueryOptions } from '../../../../features/accounts/api/get-accounts';
import { AccountsState } from '../../../../features/accounts/components/accounts-state';
import { AccountsList } from '../../../../features/accounts/components/accounts-list';
import { guardedLoader, INVESTORS } from '../../../session-guard';
import { BrowseOfferingsLink } from '../../../../components/browse-offerings-link';

export const clientLoader = guardedLoader(INVESTORS, accountsQueryOptions);

export default function AccountsRoute() {
  return (
    <>
      <PageHeader
        title="My accounts"
        description="Your investment accounts and their review statuses. Open one for its custody account, fund moves, money and timeline."
      />
      <AccountsState
        skeletonLines={3}
        empty={
          <EmptyState
            title="No accounts linked yet"
            message="When an investment account is linked to your sign-in, it appears here."
            action={<BrowseOfferingsLink />}
          />
        }
      >
        {(accounts) => <AccountsList accounts={accounts} />}
      </AccountsState>
    </>
  );
}
