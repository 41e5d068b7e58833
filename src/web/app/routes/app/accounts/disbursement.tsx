import { useState } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import { useParams } from 'react-router-dom';
import { QueryState } from '../../../../components/query-state';
import { useCustodyAccount } from '../../../../features/custody/api/get-custody-account';
import { DisbursementForm } from '../../../../features/custody/components/disbursement-form';
import { DisbursementReadiness } from '../../../../features/custody/components/disbursement-readiness';
import { AccountSubpage } from './account-layout';
import { usePortalConfig } from '../../../../features/auth/api/get-portal-config';
import { useLinkedBank } from '../../../../features/money/api/get-linked-bank';
import { formatMoney } from '../../../../lib/format';
import { useSettledOnce } from '../../../../lib/use-settled-once';

export default function DisbursementRoute() {
  const { accountId = '' } = useParams();
  const custody = useCustodyAccount(accountId);
  const config = usePortalConfig();
  const linkedBank = useLinkedBank(accountId);
  const ceiling = config.data?.disbursementMaxAmount;
  // Once the request has reached the portal, a re-read of the custody account that fails is
  // about its details alone: the notice says so, never the failure's "nothing was changed".
  const [sent, setSent] = useState<'sent' | 'held' | null>(null);
  // The form's choices and limits depend on these two: it waits for their first answer, and if
  // one cannot be read it is offered all the same and the BFF checks what the form could not.
  // Their first answer only: a failed read read again after a send is "pending" once more, and
  // the form, its review and the send's outcome must stay.
  const settled = useSettledOnce(!config.isPending && !linkedBank.isPending);
  // Whether a bank is linked is not known (its read failed, or is being tried again): ACH is not
  // offered to a bank that may not exist (§4.5), and the BFF refuses one it cannot confirm.
  const bankCheck =
    linkedBank.data === undefined
      ? {
          error: linkedBank.error,
          retrying: linkedBank.isFetching,
          retry: () => void linkedBank.refetch(),
        }
      : undefined;
  return (
    <AccountSubpage
      accountId={accountId}
      title="Request a disbursement"
      description={`Move money out of this custody account by ACH to your linked bank, or by wire. Amounts are in dollars and whole cents, at least $0.01${ceiling ? ` and at most ${formatMoney(ceiling)} per request` : ''}.`}
    >
      <QueryState
        query={custody}
        loadingLabel="Checking the custody account"
        skeletonLines={4}
        errorTitle="The custody account could not be checked"
        refreshFailedAfterSend={sent ? refreshFailedAfter[sent] : undefined}
      >
        {(result) => (
          <DisbursementReadiness accountId={accountId} result={result}>
            {settled ? (
              <DisbursementForm
                accountId={accountId}
                ceiling={ceiling}
                linkedBank={linkedBank.data}
                bankCheck={bankCheck}
                onSent={setSent}
              />
            ) : (
              <LinearProgress aria-label="Checking the bank account linked for ACH" />
            )}
          </DisbursementReadiness>
        )}
      </QueryState>
    </AccountSubpage>
  );
}

const refreshFailedAfter = {
  sent: {
    title: "The custody account's details could not be refreshed",
    message: 'Your disbursement request below was sent: its receipt stands.',
  },
  held: {
    title: "The custody account's details could not be refreshed",
    message: 'Your disbursement request below was received and waits for approval, as it says.',
  },
};
