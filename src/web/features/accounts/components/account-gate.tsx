import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import type { AccountView } from '../../../../contract/account-views';
import { ErrorPage } from '../../../components/errors/error-page';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { hasStatus } from '../../../lib/api-query';
import { useAccount } from '../api/get-account';

/**
 * Loads an account before its page shows anything: a refusal (403) or an unknown account (404)
 * becomes a full page, so no form of someone else's account is ever offered. When the account
 * cannot be read (the platform unavailable, say), the page's `header` stands above the error, so
 * the page keeps its heading, its way back and the browser tab's title.
 */
export function AccountGate({
  accountId,
  header,
  children,
}: {
  accountId: string;
  /** The page's header (title and breadcrumbs) for the error state; once loaded, the page's own. */
  header: ReactNode;
  children: (account: AccountView) => ReactNode;
}) {
  const account = useAccount(accountId);
  const back = (
    <Button component={RouterLink} to={paths.app.accounts.getHref()} variant="contained">
      Go to my accounts
    </Button>
  );
  if (hasStatus(account.error, 403)) {
    return (
      <ErrorPage
        title="No access to this account"
        message={`${account.error.message} Nothing was shown or changed. If you think this is wrong, contact support.`}
        action={back}
      />
    );
  }
  if (hasStatus(account.error, 404)) {
    return (
      <ErrorPage
        title="Account not found"
        message="There is no account with this ID."
        action={back}
      />
    );
  }
  return (
    <>
      {/* Not while loading, nor over a page already shown (a read again that failed): the
          loaded page's own header takes its place, and the focus. */}
      {account.isError && account.data === undefined && header}
      <QueryState query={account} subject="the account" skeletonLines={6}>
        {children}
      </QueryState>
    </>
  );
}
