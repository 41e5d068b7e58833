import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SecurityHours } from '../../../../contract/market-hours';
import { WEEKDAYS, WEEKDAY_LABELS } from '../../../../contract/rules/market-hours';

/** The hours as the upstream read them back after saving (§2.8 securityHoursDetails). */
export function SavedHours({ hours, title }: { hours: SecurityHours; title: string }) {
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      tabIndex={0}
      role="region"
      aria-label={title}
    >
      <Table size="small">
        <caption>{title}</caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Day</TableCell>
            <TableCell scope="col">Hours (US Eastern)</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {WEEKDAYS.map((day) => {
            const d = hours.days[day];
            return (
              <TableRow key={day}>
                <TableCell component="th" scope="row">
                  {WEEKDAY_LABELS[day]}
                </TableCell>
                <TableCell>
                  {d.closed || !d.open || !d.close ? 'Closed' : `${d.open} – ${d.close}`}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
