import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ErrorAlert } from './error-alert';

type QueryStateProps<T> = {
  query: Pick<
    UseQueryResult<T>,
    'data' | 'error' | 'isPending' | 'isError' | 'isFetching' | 'refetch'
  >;
  /** What the page is waiting for, read out while it loads ("Loading offerings"). */
  loadingLabel: string;
  /** A placeholder shaped like the content; a few skeleton lines when omitted. */
  loading?: ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  errorTitle?: string;
  children: (data: T) => ReactNode;
};

/** The one way pages show loading, empty, error and loaded data. */
export function QueryState<T>({
  query,
  loadingLabel,
  loading,
  isEmpty,
  empty,
  errorTitle,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) {
    return (
      <Box aria-busy="true" aria-live="polite">
        <Typography className="visually-hidden" component="p" role="status">
          {loadingLabel}
        </Typography>
        {loading ?? <LoadingSkeleton />}
      </Box>
    );
  }

  if (query.isError) {
    return (
      <ErrorAlert error={query.error} title={errorTitle} onRetry={() => void query.refetch()} />
    );
  }

  const data = query.data as T;
  return (
    <Box aria-busy={query.isFetching ? 'true' : 'false'}>
      {query.isFetching && <LinearProgress aria-label={loadingLabel} sx={{ mb: 1, height: 2 }} />}
      {isEmpty?.(data) ? empty : children(data)}
    </Box>
  );
}

export function LoadingSkeleton({ lines = 4 }: { lines?: number }) {
  return (
    <Box>
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={40} sx={{ mb: 1 }} />
      ))}
    </Box>
  );
}

type EmptyStateProps = {
  title: string;
  message?: ReactNode;
  /** The next step: a link or button that helps the person move on. */
  action?: ReactNode;
};

export function EmptyState({ title, message, action }: EmptyStateProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, textAlign: 'center' }}>
      <Typography component="h2" variant="h3" gutterBottom>
        {title}
      </Typography>
      {message && (
        <Typography color="text.secondary" sx={{ mb: action ? 2 : 0 }}>
          {message}
        </Typography>
      )}
      {action}
    </Paper>
  );
}
