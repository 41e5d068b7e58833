import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { DayHours, SecurityHours, WeekHours } from '../../../../contract/market-hours';
import { WEEKDAYS, WEEKDAY_LABELS, type Weekday } from '../../../../contract/rules/market-hours';
import {
  addDays,
  dayOfWeek,
  EASTERN,
  todayInZone,
  zonedWallTimeToInstant,
} from '../../../../contract/time';
import { ScrollableTable } from '../../../components/scrollable-table';
import { formatWallTime } from '../../../lib/format';
import { OutsideMarketNote } from './outside-market';
import { HoursHeadings, hoursTableSx, inViewerZone, TimeRange, viewerZone } from './zone-hours';

/** One day's hours in words: `Closed` or `9:30 AM – 1:00 PM` (US Eastern). */
export const dayHoursText = (d: DayHours) =>
  d.closed || !d.open || !d.close
    ? 'Closed'
    : `${formatWallTime(d.open)} – ${formatWallTime(d.close)}`;

/** The date (US Eastern) of the coming `day`: today when it is that day. */
function comingDate(day: Weekday, now: Date): string {
  const today = todayInZone(EASTERN, now);
  let date = today;
  while (dayOfWeek(date) !== day) date = addDays(date, 1);
  return date;
}

/**
 * A security's hours of one day in the viewer's zone, on the coming such day: a weekly pattern
 * in US Eastern (§4.14, §8) lands on the viewer's clock by that date's offsets (daylight saving
 * time starts and ends on different dates in different zones).
 */
function inViewerTime(day: Weekday, hours: DayHours, zone: string, now: Date) {
  if (hours.closed || !hours.open || !hours.close) return 'Closed';
  const date = comingDate(day, now);
  const at = (time: string) =>
    inViewerZone(zonedWallTimeToInstant(date, time, EASTERN).toISOString(), date, zone);
  return <TimeRange from={at(hours.open)} to={at(hours.close)} />;
}

/**
 * A security's hours (§2.8 securityHoursDetails) in US Eastern and in the viewer's zone, the
 * same two columns as the market's week; under them, the days that reach outside the market's
 * hours (`market`, §2.7), once those are read.
 */
export function SavedHours({
  hours,
  title,
  market,
  titleShown = true,
}: {
  hours: SecurityHours;
  /** The table's caption, which names it. */
  title: string;
  market: WeekHours | undefined;
  /**
   * False where a heading just above already says whose hours these are: the caption still
   * names the table for screen readers, but is not shown twice on the screen.
   */
  titleShown?: boolean;
}) {
  const zone = viewerZone();
  const now = new Date();
  return (
    <>
      <ScrollableTable label={title} captioned sx={hoursTableSx}>
        <caption className={titleShown ? undefined : 'visually-hidden'}>{title}</caption>
        <HoursHeadings zone={zone} />
        <TableBody>
          {WEEKDAYS.map((day) => {
            const held = hours.days[day];
            return (
              <TableRow key={day}>
                <TableCell component="th" scope="row">
                  {WEEKDAY_LABELS[day]}
                </TableCell>
                <TableCell>
                  {held.closed || !held.open || !held.close ? (
                    'Closed'
                  ) : (
                    <TimeRange from={formatWallTime(held.open)} to={formatWallTime(held.close)} />
                  )}
                </TableCell>
                <TableCell>{inViewerTime(day, held, zone, now)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </ScrollableTable>
      <OutsideMarketNote hours={hours.days} market={market} />
    </>
  );
}
