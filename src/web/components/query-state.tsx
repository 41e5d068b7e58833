import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { errorMessage, mayPassOnRetry } from '../lib/api-client';
import { formatInstant } from '../lib/format';
import { ErrorAlert } from './error-alert';
import { useLongestReadWords } from './longest-read';

/**
 * The words for waiting and failing. Most pages name what they load the way a sentence would,
 * with its article ("the fund move", "your sessions"): `subject` says it once and both texts
 * follow ("Loading the fund move", "The fund move could not be loaded"). Pages whose words
 * take another form ("Checking …", "Searching for …") write them out.
 */
type QueryWords =
  | {
      /** What loads, as a sentence names it: "the fund move", "your sessions". */
      subject: string;
      loadingLabel?: never;
      errorTitle?: never;
    }
  | {
      subject?: never;
      /** What the page is waiting for, read out while it loads ("Checking the custody account"). */
      loadingLabel: string;
      errorTitle?: string;
    };

/** What QueryState reads of a query. */
export type ShownQuery<T> = Pick<
  UseQueryResult<T>,
  'data' | 'error' | 'isPending' | 'isError' | 'isFetching' | 'refetch'
> &
  Partial<Pick<UseQueryResult<T>, 'dataUpdatedAt'>>;

type QueryStateProps<T> = QueryWords & {
  query: ShownQuery<T>;
  /** How many skeleton lines stand in for the content while it loads (4 when omitted). */
  skeletonLines?: number;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /**
   * What the person can do when the read is refused for good (not found, no access, refused by
   * the platform), where Try again is not offered: a way back or on from the page.
   */
  wayOn?: ReactNode;
  /**
   * Set where another section of the page shows the same read and tells its failure, with the
   * support id and Try again: a second notice of one failure would say it twice. Shown in place
   * of the content when the first read failed (what that means here, and a pointer to that
   * section); a read again that fails is told there only.
   */
  failureToldElsewhere?: ReactNode;
  /**
   * What the page says of what was read (how many were found), in the status that said what was
   * loading. Given it, that status stays on the page from the loading words to these and back,
   * changing only its words: screen readers read out a live region whose words change, and may
   * not read one added with its words already in it. Without it the status goes with the
   * loading state.
   */
  status?: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
};

const sentenceStart = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** The one way pages show loading, empty, error and loaded data. */
export function QueryState<T>(props: QueryStateProps<T>) {
  // Try again swaps the error for the loading state and then for what was read (or the error
  // again): the button pressed is gone, and focus would drop to the page's top. It is kept on
  // this region instead, which holds every one of those states, so a keyboard or screen-reader
  // user stays where they were and hears what follows.
  const region = useRef<HTMLDivElement>(null);
  const retry = () => {
    region.current?.focus();
    void props.query.refetch();
  };
  const { query, subject, status } = props;
  const loadingLabel = props.loadingLabel ?? `Loading ${subject}`;
  const errorTitle =
    props.errorTitle ?? (subject && `${sentenceStart(subject)} could not be loaded`);
  // Only a first read that failed leaves nothing to show (see QueryStateContent).
  const read = !query.isPending && !(query.isError && query.data === undefined);
  return (
    <Box ref={region} tabIndex={-1} sx={{ outline: 'none' }}>
      {(query.isPending || status) && (
        <ReadStatus waiting={query.isPending} loadingLabel={loadingLabel}>
          {read && status?.(query.data as T)}
        </ReadStatus>
      )}
      <QueryStateContent
        {...props}
        loadingLabel={loadingLabel}
        errorTitle={errorTitle}
        retry={retry}
      />
    </Box>
  );
}

function QueryStateContent<T>({
  query,
  loadingLabel,
  errorTitle,
  skeletonLines,
  isEmpty,
  empty,
  wayOn,
  failureToldElsewhere,
  children,
  retry,
}: Omit<QueryStateProps<T>, keyof QueryWords> & {
  loadingLabel: string;
  errorTitle?: string;
  retry: () => void;
}) {
  if (query.isPending) return <FirstRead lines={skeletonLines} />;

  // Only a first read that failed leaves nothing to show. A read again in the background that
  // fails (the portal unreachable for a moment, after a request was sent) keeps what was shown,
  // and what the person is doing there: a form filled in, a request under review, its outcome.
  if (query.isError && query.data === undefined) {
    if (failureToldElsewhere !== undefined) return failureToldElsewhere;
    return <ErrorAlert error={query.error} title={errorTitle} onRetry={retry} wayOn={wayOn} />;
  }

  const data = query.data as T;
  return (
    <Box aria-busy={query.isFetching ? 'true' : 'false'}>
      {query.isFetching && <LinearProgress aria-label={loadingLabel} sx={{ mb: 1, height: 2 }} />}
      {/* Told elsewhere, a read again that fails is said there only. */}
      {query.isError && !query.isFetching && failureToldElsewhere === undefined && (
        <StaleAlert
          error={query.error}
          title={errorTitle}
          readAt={query.dataUpdatedAt}
          onRetry={retry}
        />
      )}
      {isEmpty?.(data) ? empty : children(data)}
    </Box>
  );
}

/** After this long without an answer, the wait is said in words, not only by the skeleton. */
export const STILL_WAITING_AFTER_MS = 5_000;

/**
 * The status of a QueryState, outside anything busy: what loads, while the first read has no
 * answer, then what the page says of what was read (`children`), if anything.
 *
 * A platform that is slow may take as long as the BFF's timeout and retries of a read before the
 * BFF gives up (the session's longestReadMs, from TRANSACT_TIMEOUT_MS; the query client does not
 * ask again after that 504): after a few seconds the person is told, here, that the page is still
 * waiting and for how long it may. Most reads reach the platform; those of the portal's own store
 * are said alike.
 */
function ReadStatus({
  waiting,
  loadingLabel,
  children,
}: {
  waiting: boolean;
  loadingLabel: string;
  children: ReactNode;
}) {
  const slow = useStillWaiting(waiting);
  const howLong = useLongestReadWords();
  return (
    <Box
      role="status"
      className={waiting && !slow ? 'visually-hidden' : undefined}
      sx={waiting && slow ? { mb: 1 } : undefined}
    >
      {waiting
        ? slow
          ? `${loadingLabel}: still waiting for an answer. When the platform is slow this can take ${howLong}; the page shows the answer, or what went wrong, as soon as it comes.`
          : loadingLabel
        : children}
    </Box>
  );
}

/** Whether `waiting` has lasted STILL_WAITING_AFTER_MS; counted again from each start. */
function useStillWaiting(waiting: boolean) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setSlow(true), STILL_WAITING_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [waiting]);
  return slow;
}

/**
 * The first read, while it has no answer: the skeleton, marked busy. What loads is said in the
 * status beside it (ReadStatus), not in it: assistive technology that honours aria-busy holds back
 * what changes inside a busy element until it is no longer busy, and this one is removed, never
 * un-busied, when the answer comes; the wait would go unsaid.
 */
function FirstRead({ lines }: { lines?: number }) {
  return (
    <Box aria-busy="true">
      <LoadingSkeleton lines={lines} />
    </Box>
  );
}

/**
 * A read again that failed, above what the last one showed: said politely (a status, not an
 * alert that interrupts), since nothing on the page was lost or changed by it. Try again only
 * when it may give another answer (mayPassOnRetry).
 */
function StaleAlert({
  error,
  title,
  readAt,
  onRetry,
}: {
  error: unknown;
  title?: string;
  /** When what is shown was read (ms since the epoch; 0 or absent when not known). */
  readAt?: number;
  onRetry: () => void;
}) {
  return (
    <Alert
      severity="warning"
      role="status"
      sx={{ mb: 2 }}
      action={
        mayPassOnRetry(error) && (
          <Button color="inherit" size="small" onClick={onRetry}>
            Try again
          </Button>
        )
      }
    >
      {title && <AlertTitle>{`${title} again`}</AlertTitle>}
      {errorMessage(error)} What is shown here is as it was last read
      {readAt
        ? `, at ${formatInstant(new Date(readAt).toISOString(), undefined, { seconds: true })}`
        : ''}
      , and may be out of date.
    </Alert>
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
  /**
   * The level of its heading: 2 where it stands for what the page lists (as when omitted), 3
   * where it stands in a section of the page under that section's h2 (a panel's "Trades"), so
   * the outline read by screen readers keeps it inside that section. It looks the same at
   * either level.
   */
  headingLevel?: 2 | 3;
};

export function EmptyState({ title, message, action, headingLevel = 2 }: EmptyStateProps) {
  return (
    // What a person typed or a link carried (a find text, an email) may be one long word: it
    // breaks anywhere rather than run off a phone's screen.
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, md: 4 }, textAlign: 'center', overflowWrap: 'anywhere' }}
    >
      <Typography component={`h${headingLevel}`} variant="h3" gutterBottom>
        {title}
      </Typography>
      {message && (
        <Typography color="textSecondary" sx={{ mb: action ? 2 : 0 }}>
          {message}
        </Typography>
      )}
      {action}
    </Paper>
  );
}
