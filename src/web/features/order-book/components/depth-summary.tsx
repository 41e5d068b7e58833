import Box from '@mui/material/Box';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PriceLevel, SecurityDepth } from '../../../../contract/order-book';
import { formatPrice, formatShares } from './order-format';
import { ScrollableTable } from '../../../components/scrollable-table';
import { ColumnHeadings } from '../../../components/column-headings';

const LEVELS_SHOWN = 10;

/** Best bid, best offer and spread of every security in the day's book. */
export function DepthSummary({ securities }: { securities: readonly SecurityDepth[] }) {
  return (
    <ScrollableTable label="Best prices by security" captioned>
      <caption className="visually-hidden">Best bid, best offer and spread per security</caption>
      <ColumnHeadings
        columns={[
          'Security',
          { figures: 'Best bid' },
          { figures: 'Best offer' },
          { figures: 'Spread' },
          { figures: 'Orders' },
        ]}
      />
      <TableBody>
        {securities.map((security) => (
          <TableRow key={security.securityId}>
            <TableCell component="th" scope="row">
              {security.securityName}
            </TableCell>
            <TableCell align="right">{formatPrice(security.bestBid)}</TableCell>
            <TableCell align="right">{formatPrice(security.bestOffer)}</TableCell>
            <TableCell align="right">
              {formatPrice(security.spread)}
              {security.spread?.startsWith('-') && (
                <Typography component="span" variant="body2" color="text.secondary">
                  {' '}
                  (crossed)
                </Typography>
              )}
            </TableCell>
            <TableCell align="right">{formatShares(String(security.orderCount))}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollableTable>
  );
}

function LevelTable({ title, levels }: { title: string; levels: readonly PriceLevel[] }) {
  const shown = levels.slice(0, LEVELS_SHOWN);
  return (
    <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
      <ScrollableTable label={title} captioned>
        <caption>
          {title}:{' '}
          {levels.length === 0
            ? 'none resting'
            : levels.length > LEVELS_SHOWN
              ? `best ${LEVELS_SHOWN} of ${levels.length} price levels`
              : `${levels.length} price level${levels.length === 1 ? '' : 's'}`}
        </caption>
        <ColumnHeadings
          columns={[{ figures: 'Price' }, { figures: 'Shares' }, { figures: 'Orders' }]}
        />
        <TableBody>
          {shown.map((level) => (
            <TableRow key={level.price}>
              <TableCell align="right">{formatPrice(level.price)}</TableCell>
              <TableCell align="right">{formatShares(level.shares)}</TableCell>
              <TableCell align="right">{level.orders}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ScrollableTable>
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
