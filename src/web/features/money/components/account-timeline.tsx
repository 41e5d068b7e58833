import { useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { FUND_MOVES_PAGE_SIZE } from '../../../../contract/custody-views';
import {
  probableRequestWords,
  probableTradeWords,
  type Timeline,
  type TimelineEntry,
  type TimelinePart,
} from '../../../../contract/money-requests';
import { CardList } from '../../../components/card-list';
import { Code, SectionCard } from '../../../components/description-list';
import { EmptyState, QueryState } from '../../../components/query-state';
import { listsNothing, SkippedRecordsNotice } from '../../../components/skipped-records';
import { PageNav, usePages } from '../../../components/page-nav';
import { paths } from '../../../config/paths';
import { formatCount, formatMoney, formatTimestamp } from '../../../lib/format';
import { batchWords } from '../../../lib/approval-batch';
import { errorMessage } from '../../../lib/api-client';
import { useRetryTimelinePart, useTimeline } from '../api/get-timeline';
import { RetryNotice } from '../../../components/busy-retry-button';
import { useRetryThenFocus } from '../../../lib/focus';

const kindLabels: Record<TimelineEntry['kind'], string> = {
  deposit: 'Deposit',
  investment: 'Investment',
  disbursement: 'Disbursement',
  ira_supplement: 'IRA request',
  fund_move: 'Fund move',
};

/**
 * Through the one timestamp formatter every page uses: the portal's instants and the upstream's
 * zone-less times (wall times of the configured platform zone) both in the viewer's zone, named.
 */
function when(entry: TimelineEntry): string {
  return entry.at ? formatTimestamp(entry.at) : 'Time not reported';
}

/**
 * An account with more fund moves than the timeline reads: it says how many of the latest it
 * shows, of how many, and leads to the older ones on the Fund moves list, at the page where they
 * start (that list pages through every move the platform holds, §4.3).
 */
function OlderFundMovesNote({
  accountId,
  bound,
}: {
  accountId: string;
  bound: NonNullable<Timeline['fundMovesBound']>;
}) {
  const page = Math.floor(bound.shown / FUND_MOVES_PAGE_SIZE) + 1;
  return (
    <Alert severity="info" role="status">
      Showing the latest {formatCount(bound.shown)} fund moves of {formatCount(bound.total)}; older
      ones:{' '}
      <Link component={RouterLink} to={paths.app.fundMoves.getHref(accountId, page)}>
        on Fund moves, from page {formatCount(page)}
      </Link>
      .
    </Alert>
  );
}

/**
 * The Timeline section of an account's money page: what could not be read, then the entries.
 */
export function TimelineSection({ accountId }: { accountId: string }) {
  const timeline = useTimeline(accountId);
  const retryPart = useRetryTimelinePart(accountId);
  const reading = timeline.isFetching || retryPart.isPending;
  // Try again pressed on a part that could not be read: once it is read, its notice and button
  // go, and focus would drop to the page's top; it moves to the timeline's entries instead.
  const entries = useRef<HTMLDivElement>(null);
  const gaps = timeline.data?.gaps.length ?? 0;
  const retry = useRetryThenFocus({
    answered: !reading,
    answer: gaps,
    // A gap that names its part reads that part only; one that names none reads it all again.
    retry: (part?: TimelinePart) => {
      if (part) retryPart.mutate(part);
      else void timeline.refetch();
    },
    next: () => (gaps === 0 ? entries.current : null),
  });
  return (
    <SectionCard title="Timeline">
      <QueryState
        query={timeline}
        subject="the timeline"
        skeletonLines={5}
        isEmpty={(data) =>
          listsNothing(
            data.entries.length,
            (data.skippedFundMoves ?? 0) + (data.skippedTrades ?? 0),
          ) && data.gaps.length === 0
        }
        empty={
          <EmptyState
            headingLevel={3}
            title="Nothing yet"
            message="Deposits, investments, disbursements and IRA requests of this account appear here."
          />
        }
      >
        {(data) => (
          <Box
            ref={entries}
            tabIndex={-1}
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: 'minmax(0, 1fr)',
              mt: 2,
              outline: 'none',
            }}
          >
            {/* A part of the timeline that could not be read (fund moves, investments) is a read
                like any other: it can be tried again from where it is told, without reloading
                the page. Only that part is read again (the BFF keeps the rest as read), so what
                was read stays, and a gap the BFF names no part of reads the timeline again.
                A gap the BFF marks lasting (the platform refused the portal's own access) says
                who must act instead, with no Try again. */}
            {data.gaps.map((gap) => {
              const part = data.unread?.find((u) => u.gap === gap)?.part;
              const mine = part !== undefined && retryPart.variables === part;
              return (
                <RetryNotice
                  key={gap}
                  lasting={data.lasting?.includes(gap)}
                  busy={part ? mine && retryPart.isPending : timeline.isFetching}
                  onRetry={() => retry(part)}
                >
                  {gap}
                  {mine && retryPart.isError && (
                    <> Reading it again failed as well: {errorMessage(retryPart.error)}</>
                  )}
                </RetryNotice>
              );
            })}
            {data.fundMovesBound && (
              <OlderFundMovesNote accountId={accountId} bound={data.fundMovesBound} />
            )}
            {/* As the Fund moves list says of the same records, with the way to it. */}
            <SkippedRecordsNotice count={data.skippedFundMoves} noun={['fund move', 'fund moves']}>
              <Link component={RouterLink} to={paths.app.fundMoves.getHref(accountId)}>
                See Fund moves
              </Link>
            </SkippedRecordsNotice>
            <SkippedRecordsNotice count={data.skippedTrades} noun={['investment', 'investments']} />
            <AccountTimeline accountId={data.accountId} entries={data.entries} />
          </Box>
        )}
      </QueryState>
    </SectionCard>
  );
}

/** How many entries one page of the timeline lists, as many as a page of trades. */
const TIMELINE_PAGE = 25;

/**
 * Fund moves, investments, disbursements and IRA requests of one account, newest first, a page at
 * a time: a busy account has hundreds, and listed at once they pushed what follows on the page
 * (the requests sent from the portal, the holdings) out of reach, on a phone above all, where each
 * entry is a card of its own.
 */
export function AccountTimeline({
  accountId,
  entries,
}: {
  accountId: string;
  entries: TimelineEntry[];
}) {
  const { page, nav } = usePages(entries, TIMELINE_PAGE);
  return (
    <>
      <TimelineCards accountId={accountId} entries={page} />
      <PageNav label="Pages of the timeline" {...nav} />
    </>
  );
}

function TimelineCards({ accountId, entries }: { accountId: string; entries: TimelineEntry[] }) {
  return (
    <CardList
      label="Account timeline"
      ordered
      items={entries}
      itemKey={(entry) => `${entry.kind}-${entry.id}-${entry.reference ?? ''}`}
    >
      {(entry) => (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            {/* The kind, unless the title already says it ("Fund move", "Disbursement"). */}
            {kindLabels[entry.kind] !== entry.title && (
              <Chip size="small" label={kindLabels[entry.kind]} />
            )}
            <Typography
              component="h3"
              variant="subtitle1"
              sx={{ fontWeight: entry.heldBack ? 400 : 600 }}
              color={entry.heldBack ? 'textSecondary' : undefined}
            >
              {entry.title}
            </Typography>
            {entry.amount && (
              <Typography
                sx={{ ml: 'auto', fontWeight: entry.heldBack ? 400 : 600 }}
                color={entry.heldBack ? 'textSecondary' : undefined}
              >
                {formatMoney(entry.amount)}
              </Typography>
            )}
          </Box>
          {entry.description && (
            <Typography sx={{ overflowWrap: 'anywhere' }}>{entry.description}</Typography>
          )}
          <Typography variant="body2" color="textSecondary">
            {/* A fund move's reference is named as such: the register's platform id of the same
                disbursement is the platform's request id, another value. */}
            {when(entry)} ·{' '}
            {entry.id === entry.reference
              ? 'Our reference'
              : entry.id === entry.fundMove
                ? 'Fund move'
                : 'Platform id'}{' '}
            <Code value={entry.id} />
            {entry.reference && entry.reference !== entry.id && (
              <>
                {' '}
                · Our reference <Code value={entry.reference} />
              </>
            )}
            {entry.fundMove && (
              <>
                {' · '}
                <Link
                  component={RouterLink}
                  to={paths.app.fundMove.getHref(accountId, entry.fundMove)}
                  className="tap-area"
                >
                  Fund move details
                  <span className="visually-hidden"> of {entry.fundMove}</span>
                </Link>
              </>
            )}
          </Typography>
          {/* A request held back as a repeat moved nothing: quieter than one that moved money. */}
          <Typography
            variant={entry.heldBack ? 'body2' : 'body1'}
            color={entry.heldBack ? 'textSecondary' : undefined}
            sx={{ mt: 0.5 }}
          >
            {entry.state}
          </Typography>
          {/* An investment of unknown outcome and the trade that is probably it: told of each
              other, so the two are not read as two investments. */}
          {entry.probableTradeId && (
            <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }}>
              {probableTradeWords(entry.probableTradeId)}
            </Typography>
          )}
          {entry.probableReference && (
            <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }}>
              {probableRequestWords(entry.probableReference)}
            </Typography>
          )}
          {entry.next && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              Next: {entry.next}
              {entry.nextBatchAt && ` Next batch: ${batchWords(entry.nextBatchAt)}.`}
            </Typography>
          )}
        </>
      )}
    </CardList>
  );
}
