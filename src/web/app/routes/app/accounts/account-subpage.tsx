import type { ReactNode } from 'react';
import type { AccountView } from '../../../../../contract/account-views';
import { PageHeader } from '../../../../components/page-header';
import { AccountGate } from '../../../../features/accounts/components/account-gate';
import { AccountBreadcrumbs } from './account-breadcrumbs';

/**
 * A page below an account's own page (money, fund moves, a disbursement, an IRA): shown once the
 * account is known to be the person's (AccountGate), titled, with the title as the last crumb.
 */
export function AccountSubpage({
  accountId,
  title,
  description,
  children,
}: {
  accountId: string;
  title: string;
  description: string;
  children: (account: AccountView) => ReactNode;
}) {
  return (
    <AccountGate accountId={accountId}>
      {(account) => (
        <>
          <PageHeader
            title={title}
            description={description}
            above={<AccountBreadcrumbs accountId={accountId} current={title} />}
          />
          {children(account)}
        </>
      )}
    </AccountGate>
  );
}
