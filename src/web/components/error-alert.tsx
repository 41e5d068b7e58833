import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { errorMessage, isApiClientError } from '../lib/api-client';

type ErrorAlertProps = {
  error: unknown;
  /** What failed, as a failure: "The note was not added". */
  title?: string;
  onRetry?: () => void;
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

/** An error in words, announced to screen readers, with a retry when one makes sense. */
export function ErrorAlert({ error, title, onRetry, withSupportId = true }: ErrorAlertProps) {
  const requestId = isApiClientError(error) && withSupportId ? error.requestId : undefined;
  const made =
    isApiClientError(error) && (error.submitted === 'yes' || error.submitted === 'unknown')
      ? error.submitted
      : null;
  return (
    <Alert
      severity={made ? 'warning' : 'error'}
      role="alert"
      action={
        onRetry && (
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
      {requestId && (
        <>
          {' '}
          Support id: <span translate="no">{requestId}</span>.
        </>
      )}
    </Alert>
  );
}
