import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PriceLevel, SecurityDepth } from '../../../../contract/order-book';
import { formatPrice, formatShares } from './order-format';
import { RecordTable, type TableSpec } from '../../../components/record-table';

const LEVELS_SHOWN = 10;

/** Best bid, best offer and spread of every security in the day's book. */
export function DepthSummary({ securities }: { securities: readonly SecurityDepth[] }) {
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
}

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
          {security.spread?.startsWith('-') && (
            <Typography component="span" variant="body2" color="text.secondary">
              {' '}
              (crossed)
            </Typography>
          )}
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

const levelTable: TableSpec<PriceLevel> = {
  columns: [
    { heading: { figures: 'Price' }, cell: (level) => formatPrice(level.price) },
    { heading: { figures: 'Shares' }, cell: (level) => formatShares(level.shares) },
    { heading: { figures: 'Orders' }, cell: (level) => level.orders },
  ],
  rowKey: (level) => level.price,
};

function LevelTable({ title, levels }: { title: string; levels: readonly PriceLevel[] }) {
  return (
    <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
      <RecordTable
        label={title}
        caption={
          <caption>
            {title}:{' '}
            {levels.length === 0
              ? 'none resting'
              : levels.length > LEVELS_SHOWN
                ? `best ${LEVELS_SHOWN} of ${levels.length} price levels`
                : `${levels.length} price level${levels.length === 1 ? '' : 's'}`}
          </caption>
        }
        spec={levelTable}
        rows={levels.slice(0, LEVELS_SHOWN)}
      />
    </Box>
  );
}

/** Bids and offers of one security by price level, with the remaining shares of live orders. */
export function DepthLadder({ security }: { security: SecurityDepth }) {
  return (
    <Box component="section" aria-labelledby="depth-heading">
      <Typography id="depth-heading" component="h3" variant="h6" sx={{ mb: 1 }}>
        Depth of {security.securityName}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Remaining shares of live orders at each price. Best bid {formatPrice(security.bestBid)},
        best offer {formatPrice(security.bestOffer)}, spread {formatPrice(security.spread)}.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <LevelTable title="Bids" levels={security.bids} />
        <LevelTable title="Offers" levels={security.offers} />
      </Box>
    </Box>
  );
}
