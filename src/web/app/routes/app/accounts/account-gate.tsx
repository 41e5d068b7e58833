import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { isReviewer, type SessionUser } from '../../../../../contract/session';
import { ErrorPage } from '../../../../components/errors/error-page';
import { LoadingSkeleton } from '../../../../components/query-state';
import { paths } from '../../../../config/paths';
import { hasStatus } from '../../../../lib/api-query';
import { useSettledOnce } from '../../../../lib/use-settled-once';
import { useSession } from '../../../../features/auth/api/get-session';
import { useAccount } from '../../../../features/accounts/api/get-account';

/**
 * Whether the session already says the person may open this account: the BFF's own rule
 * (server/policy/ownership: reviewers any account, an investor their linked ones), read from the
 * links the session carries. The BFF decides all the same on every read and write.
 */
const sessionOpens = (user: SessionUser | undefined, accountId: string) =>
  user !== undefined &&
  (isReviewer(user.role) || (user.role === 'investor' && user.accountIds.includes(accountId)));

/**
 * Shows an account's page once the account is known to be the person's: a refusal (403) or an
 * unknown account (404) becomes a full page, so no form of someone else's account is ever
 * offered. Known to be theirs (from the session's links, or the BFF's answer to the account's
 * read), the page shows at once, each section with its own read: the account's profile failing
 * to load (getAccount) is told in its own part of the page, and never takes down the custody
 * account, the money, the fund moves or the way to them. The BFF checks ownership from the
 * session before asking the platform, so a read that failed upstream (5xx) was not a refusal.
 * While it is not known yet, the page's `header` stands above a skeleton.
 */
export function AccountGate({
  accountId,
  header,
  children,
}: {
  accountId: string;
  /** The page's header (title and breadcrumbs), while the gate waits. */
  header: ReactNode;
  children: ReactNode;
}) {
  const account = useAccount(accountId);
  const session = useSession();
  const refused = hasStatus(account.error, 403, 404);
  // Once: a read tried again after it failed is "pending" again, and the page stays meanwhile.
  const open = useSettledOnce(
    !refused &&
      (sessionOpens(session.data?.user, accountId) ||
        account.data !== undefined ||
        account.isError),
  );
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
  if (!open) {
    return (
      <>
        {header}
        {/* The status beside the busy skeleton, not in it (as QueryState's first read). */}
        <Typography className="visually-hidden" component="p" role="status">
          Loading the account
        </Typography>
        <Box aria-busy="true">
          <LoadingSkeleton lines={6} />
        </Box>
      </>
    );
  }
  return <>{children}</>;
}
