import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage, isApiClientError } from '../../lib/api-client';
import { paths } from '../../config/paths';
import { focusOnMount } from '../../lib/focus';
import type { RefusalKind } from './review-and-submit';

/** What to do after a refusal that sent nothing, by what it is about (see `RefusalKind`). */
const afterRefusal = {
  request: 'Nothing was sent, so you can correct it and try again.',
  state:
    'Nothing was sent, and nothing in your request needs to change: the platform refused it because of a state that may pass, such as an offering paused or closed for now, a closed market or an account under review. Wait until that changes, or contact support to find out when it will.',
  unclear:
    'Nothing was sent. If you cannot see what in the request to change, contact support before sending it again.',
} as const;

/**
 * A failed money-moving request, told by whether anything was submitted: `no` says what the
 * refusal was about and so what to do (change it, wait, ask support); a refusal for the moment
 * can be tried again safely; `unknown` must be checked first, since trying again could not tell
 * us more.
 */
export function SubmissionError({
  error,
  refusal = null,
  whereToCheck,
}: {
  error: unknown;
  refusal?: RefusalKind | null;
  whereToCheck: ReactNode;
}) {
  const submitted = isApiClientError(error) ? error.submitted : 'unknown';
  const requestId = isApiClientError(error) ? error.requestId : undefined;
  return (
    <Alert
      severity={submitted === 'no' ? 'error' : 'warning'}
      role="alert"
      tabIndex={-1}
      ref={focusOnMount}
    >
      <AlertTitle>
        {submitted === 'no' ? 'Not submitted' : 'We do not know whether this was submitted'}
      </AlertTitle>
      {errorMessage(error)}
      {submitted === 'no' ? (
        <> {afterRefusal[refusal ?? 'request']}</>
      ) : (
        <> Before trying again, {whereToCheck}.</>
      )}
      {requestId && (
        <>
          {' '}
          (Reference: <span translate="no">{requestId}</span>)
        </>
      )}
    </Alert>
  );
}

/**
 * Where to check a request that the portal lists on one of its pages once it has arrived:
 * "check the <page> (note) or contact support", read after "Before trying again,".
 */
export function CheckPageOrSupport({
  to,
  page,
  note,
}: {
  to: string;
  /** The link's words: "offering", "custody account status". */
  page: string;
  /** Where on that page, after the link: "for your purchase". */
  note?: string;
}) {
  return (
    <>
      check the{' '}
      <Link component={RouterLink} to={to}>
        {page}
      </Link>{' '}
      {note && `${note} `}or contact support
    </>
  );
}

/**
 * Where to check a money request of an account (a deposit, a disbursement): the register lists it
 * on the account's requests and timeline under our reference, whatever became of it.
 */
export function CheckAccountRequests({ accountId }: { accountId: string }) {
  return (
    <CheckPageOrSupport
      to={paths.app.accountMoney.getHref(accountId)}
      page="requests and timeline of this account"
      note="(it is listed there with our reference)"
    />
  );
}
