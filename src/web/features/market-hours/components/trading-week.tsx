import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { WeekHours } from '../../../../contract/market-hours';
import { marketStatus, type TradingSessionDay } from '../../../../contract/market-week';
import { EASTERN, formatCountdown, todayInZone } from '../../../../contract/time';
import { dateTimeFormat } from '../../../lib/date-time-format';
import { formatCalendarDate, formatWallTime } from '../../../lib/format';
import { ScrollableTable } from '../../../components/scrollable-table';
import { HoursHeadings, hoursTableSx, inViewerZone, TimeRange, viewerZone } from './zone-hours';

/**
 * Whether the market is open now, and when that changes; recomputed every 30 seconds. A market
 * holiday (the exchange calendar the order book uses) is said by name, with the next opening.
 */
export function MarketStatusNotice({ hours }: { hours: WeekHours }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  const status = marketStatus(now, hours);
  const when = status.nextChange
    ? `${dateTimeFormat(undefined, {
        weekday: 'long',
        hour: 'numeric',
        minute: '2-digit',
      }).format(
        status.nextChange,
      )} your time, in ${formatCountdown(status.nextChange.getTime() - now.getTime())}`
    : null;
  const closed = status.holiday
    ? `The market is closed today (${status.holiday}).`
    : 'The market is closed.';
  return (
    <Alert severity={status.open ? 'success' : 'info'} role="status" sx={{ mb: 3 }}>
      {status.open
        ? `The market is open. It closes ${when}.`
        : when
          ? `${closed} It opens ${when}.`
          : 'The market is closed every day of the week.'}
    </Alert>
  );
}

/** A closed day in words: a holiday by its name, in both columns, so each reads alone. */
const closedText = (day: TradingSessionDay) => (day.holiday ? `Closed (${day.holiday})` : 'Closed');

/**
 * Which week the table holds, with its dates: the BFF sends the current US Eastern week on a
 * weekday and the coming one on a Saturday or Sunday (docs/bff-api.md), so "this week" would then
 * name the wrong one. `asOf` is the BFF's clock for the answer.
 */
function weekName(week: readonly TradingSessionDay[], asOf: string): string {
  const today = todayInZone(EASTERN, new Date(asOf));
  const which = week.some((day) => day.date === today) ? 'this week' : 'the coming week';
  const first = week[0]?.date;
  const last = week.at(-1)?.date;
  return `Trading hours ${which}, ${formatCalendarDate(first)} to ${formatCalendarDate(last)}`;
}

/** The week Monday to Sunday: hours in US Eastern time and in the viewer's time zone. */
export function TradingWeekTable({
  week,
  asOf,
}: {
  week: readonly TradingSessionDay[];
  asOf: string;
}) {
  const zone = viewerZone();
  const name = weekName(week, asOf);
  return (
    <ScrollableTable label={name} captioned sx={hoursTableSx}>
      <caption>
        {name}. Weekends and U.S. market holidays are closed; a holiday is named on its day.
      </caption>
      <HoursHeadings zone={zone} />
      <TableBody>
        {week.map((day) => (
          <TableRow key={day.date}>
            <TableCell component="th" scope="row">
              {dateTimeFormat(undefined, { weekday: 'long', timeZone: 'UTC' }).format(
                new Date(`${day.date}T12:00:00Z`),
              )}
              , {formatCalendarDate(day.date)}
            </TableCell>
            <TableCell>
              {day.closed ? (
                closedText(day)
              ) : (
                <TimeRange from={formatWallTime(day.open!)} to={formatWallTime(day.close!)} />
              )}
            </TableCell>
            <TableCell>
              {day.closed ? (
                closedText(day)
              ) : (
                <TimeRange
                  from={inViewerZone(day.opensAt!, day.date, zone)}
                  to={inViewerZone(day.closesAt!, day.date, zone)}
                />
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollableTable>
  );
}
