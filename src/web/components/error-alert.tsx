import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { errorMessage, isApiClientError } from '../lib/api-client';

type ErrorAlertProps = {
  error: unknown;
  title?: string;
  onRetry?: () => void;
  /**
   * Shows the request's id as the "support id" (the default). Off for a refusal the person acts
   * on without support (docs/bff-api.md, Errors): there is nothing for support to look up.
   */
  withSupportId?: boolean;
};

/** An error in words, announced to screen readers, with a retry when one makes sense. */
export function ErrorAlert({ error, title, onRetry, withSupportId = true }: ErrorAlertProps) {
  const requestId = isApiClientError(error) && withSupportId ? error.requestId : undefined;
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            Try again
          </Button>
        )
      }
    >
      {title && <AlertTitle>{title}</AlertTitle>}
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
