import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import {
  methodWords,
  outcomeWordsOf,
  probableTradeWords,
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
  if (!page || page.requests.length === 0) return null;
  const more = page.total - page.requests.length;
  return (
    <SectionCard title={TITLE}>
      <Typography sx={{ mt: 1 }}>
        {page.requests.length === 1 ? 'This investment was' : 'These investments were'} sent from
        the portal and {page.requests.length === 1 ? 'is' : 'are'} not tied to a trade yet: one
        still being sent has none, and one of unknown outcome may have become a trade listed below.{' '}
        {page.requests.length === 1 ? 'It is' : 'They are'} not in the totals below.
      </Typography>
      {more > 0 && (
        <Typography sx={{ mt: 1 }}>
          The {page.requests.length} most recent are listed; {more} more {more === 1 ? 'is' : 'are'}{' '}
          on {more === 1 ? 'its' : 'their'} account&apos;s requests.
        </Typography>
      )}
      <Box sx={{ mt: 2 }}>
        <CardList label={TITLE} items={page.requests} itemKey={(request) => request.reference}>
          {(request) => <StandingInvestment request={request} />}
        </CardList>
      </Box>
    </SectionCard>
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
