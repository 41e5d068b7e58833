import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AccountSummary } from '../../../../contract/account-views';
import { Code } from '../../../components/description-list';
import { ErrorAlert } from '../../../components/error-alert';
import { errorInReply, partMayPassOnRetry } from '../../../lib/api-client';
import { paths } from '../../../config/paths';
import { formatCode } from '../../../lib/format';
import { type ReviewKind } from '../../../lib/review-status';
import { accountQueryOptions } from '../api/get-account';
import { ReviewStatusChip } from './review-statuses';

const kinds: ReviewKind[] = ['kyc', 'aml', 'accreditation', 'approval'];

type ShownAccount = Pick<AccountSummary, 'id' | 'name' | 'type' | 'reviews'>;

export function AccountsList({ accounts }: { accounts: AccountSummary[] }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
      {accounts.map((account) => (
        <Box component="li" key={account.id}>
          {account.loaded ? (
            <AccountCard account={account} />
          ) : (
            <UnloadedAccountCard accountId={account.id} error={account.error} />
          )}
        </Box>
      ))}
    </Box>
  );
}

function AccountCard({ account }: { account: ShownAccount }) {
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={paths.app.account.getHref(account.id)}>
        <CardContent>
          <AccountHeading account={account} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            {kinds.map((kind) => (
              <ReviewStatusChip key={kind} kind={kind} review={account.reviews[kind]} />
            ))}
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function AccountHeading({ account }: { account: Pick<ShownAccount, 'id' | 'name' | 'type'> }) {
  return (
    <>
      <Typography component="h2" variant="h3" sx={{ overflowWrap: 'anywhere' }}>
        {account.name ?? `Account ${account.id}`}
      </Typography>
      <Typography variant="body2" color="textSecondary" gutterBottom>
        Account <Code value={account.id} />
        {/* The type in the words the account's own page gives it ("Individual"), not its code. */}
        {account.type ? ` · ${formatCode(account.type)}` : ''}
      </Typography>
    </>
  );
}

/**
 * An account the platform could not answer for when the list was read: why, with its support id,
 * as every error is shown (ErrorAlert). Try again reads this one account again
 * (GET /api/accounts/:accountId), not the whole list, and shows it as the others once it answers.
 * Its page stays a link away.
 */
function UnloadedAccountCard({
  accountId,
  error,
}: {
  accountId: string;
  error: AccountSummary['error'];
}) {
  // Read only when asked: the list has just failed to read it, and a detail read from before
  // (its page opened earlier) would be shown as if it were this answer.
  const account = useQuery({ ...accountQueryOptions(accountId), enabled: false });
  const [asked, setAsked] = useState(false);
  // The button is replaced by what the read brings; focus stays on the card, not the page's top.
  const card = useRef<HTMLDivElement>(null);
  const tryAgain = () => {
    card.current?.focus();
    setAsked(true);
    void account.refetch();
  };
  if (asked && account.data && !account.isFetching) {
    return (
      <Box ref={card} tabIndex={-1} sx={{ outline: 'none' }}>
        <AccountCard account={account.data} />
      </Box>
    );
  }
  const failedAgain = asked && account.isError && !account.isFetching;
  return (
    <Box ref={card} tabIndex={-1} sx={{ outline: 'none' }}>
      <Card variant="outlined" aria-busy={account.isFetching ? 'true' : 'false'}>
        <CardActionArea component={RouterLink} to={paths.app.account.getHref(accountId)}>
          <CardContent>
            <AccountHeading account={{ id: accountId, name: null, type: null }} />
            {account.isFetching ? (
              <Typography variant="body2" role="status">
                {`Loading account ${accountId} again…`}
              </Typography>
            ) : (
              !failedAgain &&
              !error && (
                <Typography variant="body2">
                  The details of this account could not be loaded right now.
                </Typography>
              )
            )}
          </CardContent>
        </CardActionArea>
        {failedAgain ? (
          <Box sx={{ px: 2, pb: 2 }}>
            <ErrorAlert
              error={account.error}
              title={`Account ${accountId} could not be loaded again`}
              onRetry={tryAgain}
            />
          </Box>
        ) : (
          <>
            {error && !account.isFetching && (
              <Box sx={{ px: 2 }}>
                <ErrorAlert
                  error={errorInReply(error)}
                  title="The details of this account could not be loaded"
                />
              </Box>
            )}
            {/* Not where asking again would be refused alike (the portal's own access to the
                platform set up wrong): the error's words send the person to support. */}
            {(!error || partMayPassOnRetry(error)) && (
              <CardActions sx={{ px: 2, pb: 2 }}>
                <Button
                  variant="outlined"
                  size="small"
                  onClick={tryAgain}
                  disabled={account.isFetching}
                  aria-label={`Try again to load account ${accountId}`}
                >
                  Try again
                </Button>
              </CardActions>
            )}
          </>
        )}
      </Card>
    </Box>
  );
}
