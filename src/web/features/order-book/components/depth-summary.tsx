import { memo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PriceLevel, SecurityDepth } from '../../../../contract/order-book';
import { formatPrice, formatShares } from './order-format';
import { CardList } from '../../../components/card-list';
import { RecordTable, type TableSpec } from '../../../components/record-table';
import { useWideScreen } from '../../../lib/use-wide-screen';

const LEVELS_SHOWN = 10;

const crossed = (spread: string | null) =>
  spread?.startsWith('-') && (
    <Typography component="span" variant="body2" color="textSecondary">
      {' '}
      (crossed)
    </Typography>
  );

/**
 * Best bid, best offer and spread of every security in the day's book: a table where its five
 * columns fit; on phones a card a security, where the table left the order count past the
 * screen's edge until the reader panned to it.
 */
export const DepthSummary = memo(function DepthSummary({
  securities,
}: {
  securities: readonly SecurityDepth[];
}) {
  if (!useWideScreen()) {
    return (
      <CardList
        label="Best prices by security"
        items={securities}
        itemKey={(security) => security.securityId}
      >
        {(security) => (
          <>
            <Typography sx={{ fontWeight: 600 }}>{security.securityName}</Typography>
            <Typography>
              Best bid {formatPrice(security.bestBid)} · Best offer{' '}
              {formatPrice(security.bestOffer)}
            </Typography>
            <Typography>
              Spread {formatPrice(security.spread)}
              {crossed(security.spread)} ·{' '}
              {security.orderCount === 1
                ? '1 order'
                : `${formatShares(String(security.orderCount))} orders`}
            </Typography>
          </>
        )}
      </CardList>
    );
  }
  return (
    <RecordTable
      label="Best prices by security"
      caption={
        <caption className="visually-hidden">Best bid, best offer and spread per security</caption>
      }
      spec={bestPricesTable}
      rows={securities}
    />
  );
});

const bestPricesTable: TableSpec<SecurityDepth> = {
  columns: [
    { heading: 'Security', cell: (security) => security.securityName, rowHeader: true },
    { heading: { figures: 'Best bid' }, cell: (security) => formatPrice(security.bestBid) },
    { heading: { figures: 'Best offer' }, cell: (security) => formatPrice(security.bestOffer) },
    {
      heading: { figures: 'Spread' },
      cell: (security) => (
        <>
          {formatPrice(security.spread)}
          {crossed(security.spread)}
        </>
      ),
    },
    {
      heading: { figures: 'Orders' },
      cell: (security) => formatShares(String(security.orderCount)),
    },
  ],
  rowKey: (security) => security.securityId,
};

const levelTable = (side: 'Bid' | 'Offer'): TableSpec<PriceLevel> => ({
  columns: [
    { heading: { figures: `${side} price` }, cell: (level) => formatPrice(level.price) },
    { heading: { figures: 'Shares' }, cell: (level) => formatShares(level.shares) },
    { heading: { figures: 'Orders' }, cell: (level) => level.orders },
  ],
  rowKey: (level) => level.price,
});
const bidLevels = levelTable('Bid');
const offerLevels = levelTable('Offer');

function LevelTable({
  title,
  spec,
  levels,
}: {
  title: string;
  spec: TableSpec<PriceLevel>;
  levels: readonly PriceLevel[];
}) {
  return (
    <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
      <RecordTable
        label={title}
        caption={
          // Above its table, as a heading would be: the bid and offer tables stack on a phone and
          // their columns look alike. MUI's Table sets its captions below with `& caption`; two
          // classes outrank that.
          <Box
            component="caption"
            sx={{ '&&': { captionSide: 'top', color: 'text.primary', pt: 1.5, pb: 1 } }}
          >
            <Box component="strong" sx={{ fontWeight: 600 }}>
              {title}:
            </Box>{' '}
            {levels.length === 0
              ? 'none resting'
              : levels.length > LEVELS_SHOWN
                ? `best ${LEVELS_SHOWN} of ${levels.length} price levels`
                : `${levels.length} price level${levels.length === 1 ? '' : 's'}`}
          </Box>
        }
        spec={spec}
        rows={levels.slice(0, LEVELS_SHOWN)}
      />
    </Box>
  );
}

/** Bids and offers of one security by price level, with the remaining shares of live orders. */
export const DepthLadder = memo(function DepthLadder({ security }: { security: SecurityDepth }) {
  return (
    <Box component="section" aria-labelledby="depth-heading">
      <Typography id="depth-heading" component="h3" variant="h6" sx={{ mb: 1 }}>
        Depth of {security.securityName}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        Remaining shares of live orders at each price. Best bid {formatPrice(security.bestBid)},
        best offer {formatPrice(security.bestOffer)}, spread {formatPrice(security.spread)}.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <LevelTable title="Bids" spec={bidLevels} levels={security.bids} />
        <LevelTable title="Offers" spec={offerLevels} levels={security.offers} />
      </Box>
    </Box>
  );
});
