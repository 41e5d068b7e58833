import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { SecurityHours } from '../../../../contract/market-hours';
import { WEEKDAYS, WEEKDAY_LABELS } from '../../../../contract/rules/market-hours';
import { ScrollableTable } from '../../../components/scrollable-table';
import { ColumnHeadings } from '../../../components/column-headings';
import { formatWallTime } from '../../../lib/format';

/** The hours as the upstream read them back after saving (§2.8 securityHoursDetails). */
export function SavedHours({ hours, title }: { hours: SecurityHours; title: string }) {
  return (
    <ScrollableTable label={title} captioned>
      <caption>{title}</caption>
      <ColumnHeadings columns={['Day', 'Hours (US Eastern)']} />
      <TableBody>
        {WEEKDAYS.map((day) => {
          const d = hours.days[day];
          return (
            <TableRow key={day}>
              <TableCell component="th" scope="row">
                {WEEKDAY_LABELS[day]}
              </TableCell>
              <TableCell>
                {d.closed || !d.open || !d.close
                  ? 'Closed'
                  : `${formatWallTime(d.open)} – ${formatWallTime(d.close)}`}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </ScrollableTable>
  );
}
