import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { BusyRetryButton } from '../../../components/busy-retry-button';
import { paths } from '../../../config/paths';
import { mayPassOnRetry } from '../../../lib/api-client';
import { formatCount, formatMoney, formatUnits } from '../../../lib/format';
import { useHoldings } from '../api/get-holdings';

/**
 * What the signed-in investor already holds of one offering, on its page: their trades in it, units
 * and amount as My investments counts them (holdings `byOffering`), and the way to those trades. A
 * read still on its way or failed leaves the page as it is, with a line saying so for a failure:
 * it is a side note of the offering's page, never what the page waits for.
 */
export function OfferingHolding({ offeringId }: { offeringId: string }) {
  const holdings = useHoldings();
  const toTrades = (
    <Link
      component={RouterLink}
      to={paths.app.holdings.getHref({ offering: offeringId })}
      sx={{ display: 'inline-block', mt: 0.5 }}
    >
      Your trades in this offering on My investments
    </Link>
  );
  if (holdings.isError) {
    // Try again where reading again may answer (not for the portal's access set up wrong).
    return (
      <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
        What you already hold of this offering could not be read right now.{' '}
        {mayPassOnRetry(holdings.error) && (
          <BusyRetryButton busy={holdings.isFetching} onRetry={() => void holdings.refetch()} />
        )}{' '}
        {toTrades}
      </Typography>
    );
  }
  if (holdings.data?.state !== 'available') return null;
  const held = holdings.data.byOffering.find((o) => o.offeringId === offeringId);
  if (!held || held.tradeCount === 0) {
    return (
      <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
        You have no trade in this offering yet.
      </Typography>
    );
  }
  return (
    <Typography variant="body2" sx={{ mt: 2 }}>
      Your trades in this offering: {formatCount(held.tradeCount)}, for {formatUnits(held.units)} (
      {formatMoney(held.amount)}; cancelled trades left out, as on My investments).
      <br />
      {toTrades}
    </Typography>
  );
}
