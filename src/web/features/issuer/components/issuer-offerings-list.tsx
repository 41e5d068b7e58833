import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Big from 'big.js';
import type { Offering } from '../../../../contract/offerings';
import { paths } from '../../../config/paths';
import { formatDecimal, formatMoney } from '../../../lib/format';
import { ScrollableTable } from '../../../components/scrollable-table';
import { ColumnHeadings } from '../../../components/column-headings';
import { NameLink } from '../../../components/name-link';

/** My offerings: each links to its purchase history. Scrolls sideways on narrow screens. */
export function IssuerOfferingsList({ offerings }: { offerings: Offering[] }) {
  return (
    <ScrollableTable label="My offerings" minWidth={560}>
      <ColumnHeadings
        columns={['Offering', 'Status', { figures: 'Target' }, { figures: 'Shares sold' }]}
      />
      <TableBody>
        {offerings.map((offering) => (
          <TableRow key={offering.id} hover>
            <TableCell component="th" scope="row">
              <NameLink to={paths.app.purchaseHistory.getHref(offering.id)}>
                {offering.name}
              </NameLink>
            </TableCell>
            <TableCell sx={{ textTransform: 'capitalize' }}>{offering.status}</TableCell>
            <TableCell align="right">{formatMoney(offering.targetAmount)}</TableCell>
            <TableCell align="right">
              {formatDecimal(
                new Big(offering.totalShares).minus(offering.remainingShares).toFixed(),
              )}{' '}
              of {formatDecimal(offering.totalShares)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollableTable>
  );
}
