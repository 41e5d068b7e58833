import { useState } from 'react';
import { useParams } from 'react-router-dom';
import AlertTitle from '@mui/material/AlertTitle';
import { errorMessage, mayPassOnRetry } from '../../../../lib/api-client';
import { useAccount } from '../../../../features/accounts/api/get-account';
import { useSettledOnce } from '../../../../lib/use-settled-once';
import { custodyAccountInTheWay } from '../../../../../contract/custody-views';
import { useCustodyAccount } from '../../../../features/custody/api/get-custody-account';
import { custodyAccountHref } from '../../../../features/custody/components/custody-account-panel';
import { IraWizard } from '../../../../features/ira/components/ira-wizard';
import { inPlaceOfTheForm } from '../../../../features/ira/components/in-place-of-the-form';
import { standingIraRequest, useIraRequests } from '../../../../features/ira/api/get-ira-requests';
import { AccountSubpage } from './account-layout';
import { RetryNotice } from '../../../../components/busy-retry-button';
import { guardedPage, INVESTORS } from '../../../session-guard';

export const clientLoader = guardedPage(INVESTORS);

export default function IraRoute() {
  const { accountId = '' } = useParams();
  const account = useAccount(accountId);
  // An account whose custody account is already there (§4.7, §4.15: an IRA request asks for it,
  // and an account has one), or whose IRA request stands, is shown that instead of the form; the
  // description names what is shown (the same reads as the wizard's, asked once).
  const custody = useCustodyAccount(accountId);
  const requests = useIraRequests(accountId);
  const inPlace = inPlaceOfTheForm(
    custodyAccountInTheWay(custody.data),
    standingIraRequest(requests.data),
  );
  const failed = useSettledOnce(account.isError);
  // Try again answered: the notice and its button go, and focus would drop to the page's top.
  // The wizard moves it to what the answer did: the mailing address filled in, or its notice.
  const [asked, setAsked] = useState(false);
  return (
    <AccountSubpage
      accountId={accountId}
      title="Open an IRA"
      description={
        inPlace === null
          ? 'Request a custodial (IRA) account for this account. Your answers are kept only on this page until you submit: reloading or leaving it clears them.'
          : inPlace.kind === 'request'
            ? "This account's IRA request is below. A new one is not offered while it is in progress."
            : "A custodial (IRA) account is requested for an account without a custody account. This account's custody account is below."
      }
    >
      {/* The account's address only fills in the mailing address, which the person may change:
          unreadable, the request is not held up, and the person is told why it is empty. */}
      {/* Tried again, a read with nothing to show is "pending" once more: the notice stays
          meanwhile, its button busy but not disabled, so keyboard focus stays on it. */}
      {/* Nothing to fill in when the form is not shown: no notice then. */}
      {failed && account.data === undefined && inPlace === null && (
        <RetryNotice
          error={account.error}
          busy={account.isFetching}
          onRetry={() => {
            setAsked(true);
            void account.refetch();
          }}
          sx={{ mb: 2 }}
        >
          <AlertTitle>Your account&apos;s address could not be read</AlertTitle>
          {errorMessage(account.error)} The mailing address is therefore not filled in for you: type
          it in{mayPassOnRetry(account.error) ? ', or try again to have it filled in' : ''}. Once
          you have typed any of it, what you typed is kept. Everything else works as usual.
        </RetryNotice>
      )}
      <IraWizard
        accountId={accountId}
        address={account.data?.address}
        addressAsked={asked}
        custody={custody}
        custodyHref={custodyAccountHref(accountId)}
      />
    </AccountSubpage>
  );
}
