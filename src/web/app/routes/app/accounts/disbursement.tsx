import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  disbursementTypeLabels,
  type DisbursementForm as DisbursementRequest,
  type DisbursementReceipt,
} from '../../../../../contract/disbursements';
import type { Approval } from '../../../../../contract/identity';
import { RequestOnItsWay, useSentFromHere } from '../../../../components/form/sent-from-here';
import { paths } from '../../../../config/paths';
import { QueryState, type ShownQuery } from '../../../../components/query-state';
import type { CustodyAccountResult } from '../../../../../contract/custody-views';
import { useCustodyAccount } from '../../../../features/custody/api/get-custody-account';
import { useRetryThenFocus } from '../../../../lib/focus';
import {
  DisbursementAnswer,
  DisbursementForm,
} from '../../../../features/custody/components/disbursement-form';
import { DisbursementReadiness } from '../../../../features/custody/components/disbursement-readiness';
import { AccountSubpage } from './account-layout';
import { usePortalConfig } from '../../../../features/auth/api/get-portal-config';
import { useSession } from '../../../../features/auth/api/get-session';
import { useLinkedBank } from '../../../../features/money/api/get-linked-bank';
import { formatMoney } from '../../../../lib/format';
import { ErrorAlert } from '../../../../components/error-alert';
import { isApiClientError, partMayPassOnRetry } from '../../../../lib/api-client';
import { useSettledOnce } from '../../../../lib/use-settled-once';
import { guardedPage, INVESTORS } from '../../../session-guard';

export const clientLoader = guardedPage(INVESTORS);

export default function DisbursementRoute() {
  const { accountId = '' } = useParams();
  const custody = useCustodyAccount(accountId);
  const config = usePortalConfig();
  const linkedBank = useLinkedBank(accountId);
  const ceiling = config.data?.disbursementMaxAmount;
  const approvalAbove = useSession().data?.disbursementApprovalAbove;
  // A disbursement sent from this page: on its way since an earlier visit (the person left while
  // it was being sent), then its answer, which replaces the form (and the custody account's
  // re-reads it makes stale) until the person asks for another.
  const sent = useSentFromHere<DisbursementRequest, DisbursementAnswered>(
    'disbursement',
    accountId,
  );
  // The form that follows "Make another disbursement" takes focus: the button went away.
  const [another, setAnother] = useState(false);
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
  // A custody account whose first read failed is shown as null: the readiness notice says so
  // with Try again and the form is offered all the same, since the platform checks the account
  // (§4.5). Through the same QueryState element either way, so a retry that answers keeps what
  // was typed; a later read again that fails is told by QueryState over the last answer.
  const firstReadFailed = custody.isError && custody.data === undefined;
  // Try again answered: the notice and its button go, and focus would drop to the page's top.
  // It moves to the form the person was filling in, at its way of sending.
  const retryCustody = useRetryThenFocus({
    answered: !custody.isFetching,
    answer: custody.data,
    retry: () => void custody.refetch(),
    next: () =>
      document.querySelector<HTMLInputElement>('input[name="type"]:checked') ??
      document.querySelector<HTMLInputElement>('input[name="type"]'),
  });
  const custodyShown: ShownQuery<CustodyAccountResult | null> = {
    data: firstReadFailed ? null : custody.data,
    error: firstReadFailed ? null : custody.error,
    isPending: custody.isPending,
    isError: firstReadFailed ? false : custody.isError,
    isFetching: custody.isFetching,
    refetch: custody.refetch,
    dataUpdatedAt: custody.dataUpdatedAt,
  };
  // The platform refused the portal's own credentials on either read (103, §5 rule 8): a
  // disbursement sent now would be refused alike, or end unknown, until the operators fix the
  // portal's settings. No form is offered; the page says so and who must act. Any other failure
  // of these reads leaves the form, as above.
  const accessRefused = [
    custody.data === undefined ? custody.error : null,
    linkedBank.data === undefined ? linkedBank.error : null,
  ].find((error) => isApiClientError(error) && !partMayPassOnRetry(error));
  // With no custody account there is nothing to move money out of (§4.5): the intro does not
  // speak of one, and the notice below says what to do instead.
  const noCustodyAccount =
    custody.data?.state === 'unavailable' && custody.data.reason === 'not_opened';
  return (
    <AccountSubpage
      accountId={accountId}
      title="Request a disbursement"
      description={
        noCustodyAccount
          ? "A disbursement moves money out of an account's custody account, and this account has none yet."
          : accessRefused
            ? // No form is offered (below): amounts and limits would speak of a request not possible.
              "A disbursement moves money out of an account's custody account, by ACH to a linked bank or by wire."
            : `Move money out of this custody account by ACH to your linked bank, or by wire. Amounts are in dollars and whole cents, at least $0.01${ceiling ? ` and at most ${formatMoney(ceiling)} per request` : ''}.`
      }
    >
      {sent.receipt ? (
        <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
          <DisbursementAnswer answer={sent.receipt} />
          <Button
            onClick={() => {
              setAnother(true);
              sent.forget();
            }}
          >
            Make another disbursement
          </Button>
        </Box>
      ) : sent.onItsWay ? (
        <RequestOnItsWay
          what="disbursement request"
          sent={`A disbursement of ${formatMoney(sent.onItsWay.amount)} (${disbursementTypeLabels[sent.onItsWay.type]})`}
          where={
            <>
              the{' '}
              <Link component={RouterLink} to={paths.app.accountMoney.getHref(accountId)}>
                requests and timeline of this account
              </Link>
            </>
          }
        />
      ) : accessRefused ? (
        <ErrorAlert
          error={accessRefused}
          title="A disbursement cannot be requested right now"
          wayOn="Nothing has been sent. A request would be refused until the portal's operators fix its access to the platform; your money stays in the custody account meanwhile."
        />
      ) : (
        <QueryState
          query={custodyShown}
          loadingLabel="Checking the custody account"
          skeletonLines={4}
          errorTitle="The custody account could not be checked"
        >
          {(result) => (
            <DisbursementReadiness
              accountId={accountId}
              result={result}
              unread={
                result === null
                  ? {
                      error: custody.error,
                      busy: custody.isFetching,
                      onRetry: retryCustody,
                    }
                  : undefined
              }
            >
              {settled ? (
                <DisbursementForm
                  accountId={accountId}
                  ceiling={ceiling}
                  linkedBank={linkedBank.data}
                  bankCheck={bankCheck}
                  focusFirst={another}
                  approvalAbove={approvalAbove}
                />
              ) : (
                <LinearProgress aria-label="Checking the bank account linked for ACH" />
              )}
            </DisbursementReadiness>
          )}
        </QueryState>
      )}
    </AccountSubpage>
  );
}

type DisbursementAnswered = DisbursementReceipt | { pendingApproval: Approval; why?: string };
