import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { errorMessage } from '../../../../lib/api-client';
import { useAccount } from '../../../../features/accounts/api/get-account';
import { useRetryThenFocus } from '../../../../lib/focus';
import { useSettledOnce } from '../../../../lib/use-settled-once';
import { IraWizard } from '../../../../features/ira/components/ira-wizard';
import { AccountSubpage } from './account-layout';
import { BusyRetryButton } from '../../../../components/busy-retry-button';

export default function IraRoute() {
  const { accountId = '' } = useParams();
  const account = useAccount(accountId);
  const failed = useSettledOnce(account.isError);
  // Try again answered: the focus moves to the mailing address the answer filled in (or left for
  // the person to type).
  const retry = useRetryThenFocus({
    answered: account.data !== undefined,
    retry: () => void account.refetch(),
    next: () => document.querySelector<HTMLInputElement>('input[name="mailing.line1"]'),
  });
  return (
    <AccountSubpage
      accountId={accountId}
      title="Open an IRA"
      description="Request a custodial (IRA) account for this account. Your answers stay on this page until you submit."
    >
      {/* The account's address only fills in the mailing address, which the person may change:
          unreadable, the request is not held up, and the person is told why it is empty. */}
      {/* Tried again, a read with nothing to show is "pending" once more: the notice stays
          meanwhile, its button busy but not disabled, so keyboard focus stays on it. */}
      {failed && account.data === undefined && (
        <Alert
          severity="warning"
          role="status"
          sx={{ mb: 2 }}
          action={<BusyRetryButton busy={account.isFetching} onRetry={retry} />}
        >
          <AlertTitle>Your account&apos;s address could not be read</AlertTitle>
          {errorMessage(account.error)} The mailing address is therefore not filled in for you: type
          it in, or try again to have it filled in. Everything else works as usual.
        </Alert>
      )}
      <IraWizard accountId={accountId} address={account.data?.address} />
    </AccountSubpage>
  );
}
