import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { DayHours, SecurityHours } from '../../../../contract/market-hours';
import { WEEKDAYS, WEEKDAY_LABELS } from '../../../../contract/rules/market-hours';
import { ScrollableTable } from '../../../components/scrollable-table';
import { ColumnHeadings } from '../../../components/column-headings';
import { formatWallTime } from '../../../lib/format';

/** One day's hours in words: `Closed` or `9:30 AM – 1:00 PM` (US Eastern). */
export const dayHoursText = (d: DayHours) =>
  d.closed || !d.open || !d.close
    ? 'Closed'
    : `${formatWallTime(d.open)} – ${formatWallTime(d.close)}`;

/** The hours as the upstream read them back after saving (§2.8 securityHoursDetails). */
export function SavedHours({ hours, title }: { hours: SecurityHours; title: string }) {
  return (
    <ScrollableTable label={title} captioned>
      <caption>{title}</caption>
      <ColumnHeadings columns={['Day', 'Hours (US Eastern)']} />
      <TableBody>
        {WEEKDAYS.map((day) => {
          return (
            <TableRow key={day}>
              <TableCell component="th" scope="row">
                {WEEKDAY_LABELS[day]}
              </TableCell>
              <TableCell>{dayHoursText(hours.days[day])}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </ScrollableTable>
  );
}
