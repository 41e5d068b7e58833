import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { formatDecimal, formatMoney } from '../../../lib/format';
import type { InvestorRollup } from './purchase-rollup';
import { ScrollableTable } from '../../../components/scrollable-table';
import { ColumnHeadings } from '../../../components/column-headings';

/** Totals per investor account, largest first (the first `limit` lines). */
export function InvestorRollupTable({
  lines,
  limit = 10,
}: {
  lines: InvestorRollup[];
  limit?: number;
}) {
  return (
    <ScrollableTable label="Totals by investor" captioned>
      <caption>
        Totals by investor account
        {lines.length > limit ? `, the ${limit} largest of ${lines.length}` : ''}
      </caption>
      <ColumnHeadings
        columns={[
          'Investor',
          'Account',
          { figures: 'Trades' },
          { figures: 'Shares' },
          { figures: 'Amount' },
        ]}
      />
      <TableBody>
        {lines.slice(0, limit).map((line) => (
          <TableRow key={line.accountId}>
            <TableCell component="th" scope="row">
              {line.accountName ?? 'Name not given'}
            </TableCell>
            <TableCell translate="no">{line.accountId}</TableCell>
            <TableCell align="right">{line.trades}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatDecimal(line.shares)}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatMoney(line.amount)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollableTable>
  );
}
