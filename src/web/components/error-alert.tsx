import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { SupportReference } from './errors/support-reference';
import { StepUpCancelled } from './errors/step-up-cancelled';
import {
  errorMessage,
  isApiClientError,
  isStepUpRefusal,
  mayPassOnRetry,
  partMayPassOnRetry,
} from '../lib/api-client';

type ErrorAlertProps = {
  error: unknown;
  /** What failed, as a failure: "The note was not added". */
  title?: string;
  /**
   * Reads again. Offered as Try again only when that may give another answer (mayPassOnRetry): a
   * read the BFF or the platform refuses for good would be refused the same way.
   */
  onRetry?: () => void;
  /**
   * What the person can do instead of trying again, shown beside a refusal for good: a way back
   * or on from this page ("Back to Fund moves"). The refusal's own words say why.
   */
  wayOn?: ReactNode;
  /**
   * Shows the request's id as the "support id" (the default). Off for a refusal the person acts
   * on without support (docs/bff-api.md, Errors): there is nothing for support to look up.
   */
  withSupportId?: boolean;
};

/**
 * A write that failed after its change was made (`yes`: the store stopped answering once the
 * platform or the store had it) or may have been (`unknown`): the failure's own title ("The note
 * was not added") would not be true, so it gives way to what is known; the message says how to
 * see it (docs/bff-api.md, Errors).
 */
const MADE_TITLE = {
  yes: 'Done, but not recorded in full',
  unknown: 'This may have been done',
} as const;

/**
 * A refusal that asking again would only repeat (not found, no access, a rule of the request), as
 * against a failure of the moment: one the BFF reported inside a reply (status 0) is the latter.
 */
const refusedForGood = (error: unknown) =>
  isApiClientError(error) && error.status >= 400 && error.status < 500 && !mayPassOnRetry(error);

/** An error in words, announced to screen readers, with a retry when one makes sense. */
export function ErrorAlert({
  error,
  title,
  onRetry,
  wayOn,
  withSupportId = true,
}: ErrorAlertProps) {
  // Leaving the second-factor dialog is no failure: nothing was sent, and there is nothing for
  // support to look up (a red alert with a support id read as one).
  if (isStepUpRefusal(error))
    return (
      <StepUpCancelled
        error={error}
        title="Cancelled — nothing was sent"
        again="Do it again when you are ready."
        thenAgain="do it again"
      />
    );
  const requestId = isApiClientError(error) && withSupportId ? error.requestId : undefined;
  const retry = onRetry && mayPassOnRetry(error);
  const made =
    isApiClientError(error) && (error.submitted === 'yes' || error.submitted === 'unknown')
      ? error.submitted
      : null;
  return (
    <Alert
      severity={made ? 'warning' : 'error'}
      role="alert"
      action={
        retry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            Try again
          </Button>
        )
      }
    >
      {made ? (
        <AlertTitle>{MADE_TITLE[made]}</AlertTitle>
      ) : (
        title && <AlertTitle>{title}</AlertTitle>
      )}
      {errorMessage(error)}
      <SupportReference
        requestId={requestId}
        mayPass={!refusedForGood(error)}
        supportNamed={isApiClientError(error) && !partMayPassOnRetry(error)}
      />
      {!retry && wayOn && <Box sx={{ mt: 1 }}>{wayOn}</Box>}
    </Alert>
  );
}
