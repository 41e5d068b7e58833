import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { ReactNode } from 'react';
import { errorMessage, isApiClientError } from '../../lib/api-client';
import { focusOnMount } from '../../lib/focus';

/**
 * A failed money-moving request, told by whether anything was submitted: `no` can be
 * tried again safely; `unknown` must be checked first, since trying again could not tell us more.
 */
export function SubmissionError({
  error,
  whereToCheck,
}: {
  error: unknown;
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
        <> Nothing was sent, so you can correct it and try again.</>
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
