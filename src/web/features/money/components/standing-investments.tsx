import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import {
  methodWords,
  outcomeWordsOf,
  platformIdInWords,
  probableTradeWords,
  RECENTLY_ENDED_DAYS,
  type MoneyRequestView,
} from '../../../../contract/money-requests';
import { RetryNotice } from '../../../components/busy-retry-button';
import { CardList } from '../../../components/card-list';
import { Code, SectionCard, sectionId } from '../../../components/description-list';
import { paths } from '../../../config/paths';
import { formatMoney, formatTimestamp, formatUnits } from '../../../lib/format';
import { useHoldings } from '../api/get-holdings';
import { useOwnStandingInvestments } from '../api/get-money-requests';
import { offeringInWords } from './asked-in-words';

const TITLE = 'Investments without a trade yet';
const ENDED_TITLE = `Investments settled in the last ${RECENTLY_ENDED_DAYS} days`;

/**
 * The investor's investments still being sent or of unknown outcome, above the trades on My
 * investments: the success page and the invest form send a person here for what they invested,
 * and such an investment is no trade the platform lists (§4.16 createTrade may have created one
 * whose answer was lost). Listed apart and out of every total: counted, an investment that never
 * arrived would read as money invested. A read that fails is said here alone; the trades and
 * their totals are read on their own and stay shown. Nothing standing, nothing is shown.
 */
export function StandingInvestments() {
  const standing = useOwnStandingInvestments();
  if (standing.isError) {
    return (
      <RetryNotice
        error={standing.error}
        busy={standing.isFetching}
        onRetry={() => void standing.refetch()}
      >
        Investments still being sent or of unknown outcome could not be read right now, so any such
        investment is not listed here; the trades below are shown all the same. Each is also on its
        account&apos;s requests and timeline.
      </RetryNotice>
    );
  }
  const page = standing.data;
  if (!page || (page.requests.length === 0 && page.recentlyEnded.length === 0)) return null;
  const more = page.total - page.requests.length;
  // With none standing, the ended ones are the section, under their own title.
  if (page.requests.length === 0) {
    return (
      <SectionCard title={ENDED_TITLE}>
        <RecentlyEnded requests={page.recentlyEnded} />
      </SectionCard>
    );
  }
  return (
    <SectionCard title={TITLE}>
      <Standing requests={page.requests} more={more} />
      {page.recentlyEnded.length > 0 && (
        <Box sx={{ mt: 3 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {ENDED_TITLE}
          </Typography>
          <RecentlyEnded requests={page.recentlyEnded} />
        </Box>
      )}
    </SectionCard>
  );
}

/** The investments that still stand: sent, and neither refused nor tied to a trade yet. */
function Standing({ requests, more }: { requests: MoneyRequestView[]; more: number }) {
  return (
    <>
      <Typography sx={{ mt: 1 }}>
        {requests.length === 1 ? 'This investment was' : 'These investments were'} sent from the
        portal and {requests.length === 1 ? 'is' : 'are'} not tied to a trade yet: one still being
        sent has none, and one of unknown outcome may have become a trade listed below.{' '}
        {requests.length === 1 ? 'It is' : 'They are'} not in the totals below.
      </Typography>
      {more > 0 && (
        <Typography sx={{ mt: 1 }}>
          The {requests.length} most recent are listed; {more} more {more === 1 ? 'is' : 'are'} on{' '}
          {more === 1 ? 'its' : 'their'} account&apos;s requests.
        </Typography>
      )}
      <Box sx={{ mt: 2 }}>
        <CardList label={TITLE} items={requests} itemKey={(request) => request.reference}>
          {(request) => <StandingInvestment request={request} />}
        </CardList>
      </Box>
    </>
  );
}

/**
 * Investments that stood here until a reviewer or the portal's check against the platform
 * settled them: each says what became of it where the person last saw it (a "not sent" one may
 * be sent again; one found at the platform names its trade, listed below), for
 * RECENTLY_ENDED_DAYS.
 */
function RecentlyEnded({ requests }: { requests: MoneyRequestView[] }) {
  return (
    <>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
        {requests.length === 1 ? 'This investment was' : 'These investments were'} listed here while{' '}
        {requests.length === 1 ? 'its' : 'their'} outcome was not known; a reviewer or the
        portal&apos;s check against the platform has settled {requests.length === 1 ? 'it' : 'them'}{' '}
        since.
      </Typography>
      <Box sx={{ mt: 1 }}>
        <CardList label={ENDED_TITLE} items={requests} itemKey={(request) => request.reference}>
          {(request) => <StandingInvestment request={request} />}
        </CardList>
      </Box>
    </>
  );
}

/**
 * One standing investment: what was asked, when, its outcome and where it is followed. One of
 * unknown outcome names the trade listed below that is probably it, as its timeline entry does
 * (the trades' read marks it, lib/probable-trades), and that trade names it in turn.
 */
function StandingInvestment({ request }: { request: MoneyRequestView }) {
  const words = outcomeWordsOf(request);
  const holdings = useHoldings();
  const probable =
    request.outcome === 'unknown' && holdings.data?.state === 'available'
      ? holdings.data.trades.find((trade) => trade.probableReference === request.reference)
      : undefined;
  const asked = [
    request.units ? formatUnits(request.units) : null,
    request.amount ? formatMoney(request.amount) : null,
    methodWords(request.method),
  ].filter(Boolean);
  return (
    <>
      <Typography sx={{ fontWeight: 600 }}>
        {offeringInWords(request, 'start') ?? 'Investment'}
      </Typography>
      <Typography variant="body2">
        Our reference <Code value={request.reference} /> · account {request.accountId}
      </Typography>
      {asked.length > 0 && <Typography variant="body2">{asked.join(' · ')}</Typography>}
      <Typography variant="body2" color="textSecondary">
        Made {formatTimestamp(request.createdAt)}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        <strong>{words.label}:</strong> {words.meaning} {words.next}
      </Typography>
      {request.settledAt && request.settledBy && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          Settled {formatTimestamp(request.settledAt)}{' '}
          {request.settledBy === 'reviewer' ? 'by a reviewer' : "by the portal's check"}
          {request.upstreamId ? `: ${platformIdInWords(request)}` : ''}.
        </Typography>
      )}
      {probable && (
        <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }}>
          {probableTradeWords(probable.tradeId)}
        </Typography>
      )}
      <Link
        component={RouterLink}
        to={`${paths.app.accountMoney.getHref(request.accountId)}#${sectionId('Requests sent from the portal')}`}
        sx={{ display: 'inline-block', mt: 1 }}
      >
        Follow it on account {request.accountId}&apos;s requests and timeline
      </Link>
    </>
  );
}
