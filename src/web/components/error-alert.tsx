import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { errorMessage, isApiClientError } from '../lib/api-client';

type ErrorAlertProps = {
  error: unknown;
  title?: string;
  onRetry?: () => void;
};

/** An error in words, announced to screen readers, with a retry when one makes sense. */
export function ErrorAlert({ error, title, onRetry }: ErrorAlertProps) {
  const requestId = isApiClientError(error) ? error.requestId : undefined;
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
