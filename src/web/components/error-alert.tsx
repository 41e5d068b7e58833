import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { errorMessage, isApiClientError, mayPassOnRetry } from '../lib/api-client';

type ErrorAlertProps = {
  error: unknown;
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

/** An error in words, announced to screen readers, with a retry when one makes sense. */
export function ErrorAlert({
  error,
  title,
  onRetry,
  wayOn,
  withSupportId = true,
}: ErrorAlertProps) {
  const requestId = isApiClientError(error) && withSupportId ? error.requestId : undefined;
  const retry = onRetry && mayPassOnRetry(error);
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        retry && (
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
      {!retry && wayOn && <Box sx={{ mt: 1 }}>{wayOn}</Box>}
    </Alert>
  );
}
