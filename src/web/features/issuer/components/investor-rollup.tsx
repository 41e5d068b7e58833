import Box from '@mui/material/Box';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDecimal, formatMoney } from '../../../lib/format';
import type { InvestorRollup } from './purchase-rollup';
import { ScrollableTable } from '../../../components/scrollable-table';
import { ColumnHeadings } from '../../../components/column-headings';
import { CardList } from '../../../components/card-list';
import { Code } from '../../../components/description-list';
import { useWideScreen } from '../../../lib/use-wide-screen';

const units = (count: string, unit: string) => `${count} ${unit}${count === '1' ? '' : 's'}`;

/**
 * Totals per investor account, largest first (the first `limit` lines): a table where its five
 * columns fit; on phones a card an account, where the table left the amount past the screen's
 * edge until the reader panned to it.
 */
export function InvestorRollupTable({
  lines,
  limit = 10,
}: {
  lines: InvestorRollup[];
  limit?: number;
}) {
  const wide = useWideScreen();
  const title = `Totals by investor account${lines.length > limit ? `, the ${limit} largest of ${lines.length}` : ''}`;
  if (!wide) {
    return (
      <Box component="section" aria-labelledby="investor-totals-heading">
        <Typography id="investor-totals-heading" component="h3" variant="subtitle1" gutterBottom>
          {title}
        </Typography>
        <CardList
          label="Totals by investor account"
          ordered
          items={lines.slice(0, limit)}
          itemKey={(line) => line.accountId}
        >
          {(line) => (
            <>
              <Typography sx={{ fontWeight: 600 }}>
                {line.accountName ?? 'Name not given'}
              </Typography>
              <Typography variant="body2">
                Account <Code value={line.accountId} />
              </Typography>
              <Typography>
                {formatMoney(line.amount)} · {units(formatDecimal(line.shares), 'share')} ·{' '}
                {units(String(line.trades), 'trade')}
              </Typography>
            </>
          )}
        </CardList>
      </Box>
    );
  }
  return (
    <ScrollableTable label="Totals by investor" captioned>
      <caption>{title}</caption>
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
