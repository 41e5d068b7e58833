import { Trail } from '../../../../components/trail';
import { paths } from '../../../../config/paths';

/** My accounts › Account › … ; the last crumb is the current page. */
export function AccountBreadcrumbs({
  accountId,
  current,
}: {
  accountId: string;
  current?: string;
}) {
  const accounts = { label: 'My accounts', href: paths.app.accounts.getHref() };
  const account = `Account ${accountId}`;
  return current ? (
    <Trail
      links={[accounts, { label: account, href: paths.app.account.getHref(accountId) }]}
      current={current}
    />
  ) : (
    <Trail links={[accounts]} current={account} />
  );
}
