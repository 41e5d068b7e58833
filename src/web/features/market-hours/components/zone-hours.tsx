import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';
import { wallTimeIn } from '../../../../contract/market-week';
import { formatCalendarDate, formatWallTime } from '../../../lib/format';

/** The viewer's time zone, as the browser names it (America/Los_Angeles). */
export const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A wall time of the viewer's zone at `instant`, with its date when that is not `date`'s. */
export function inViewerZone(instant: string, date: string, zone: string): string {
  const local = wallTimeIn(instant, zone, date);
  const text = formatWallTime(local.time);
  return local.otherDay ? `${text} (${formatCalendarDate(local.date, undefined, 'short')})` : text;
}

/**
 * `9:30 AM – 4:00 PM`, breaking only after the dash: on a phone the range takes two lines
 * ("9:30 AM –" / "4:00 PM") instead of four, and neither time is split.
 */
export function TimeRange({ from, to }: { from: string; to: string }) {
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {from} –
      </Box>{' '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {to}
      </Box>
    </>
  );
}

/**
 * The headings of a table of hours in both zones: the day, US Eastern (the zone the platform's
 * hours are in, §4.14, §8) and the viewer's. The viewer's zone stands on a line of its own under
 * "Your time", breakable after each "/", so a long zone never widens the column past a phone's
 * screen (America/Los_Angeles was cut at the edge of a 375 px screen).
 */
export function HoursHeadings({ zone, day = 'Day' }: { zone: string; day?: string }) {
  const parts = zone.split('/');
  return (
    <TableHead>
      <TableRow>
        <TableCell scope="col">{day}</TableCell>
        <TableCell scope="col">US Eastern</TableCell>
        <TableCell scope="col">
          Your time{' '}
          <Box component="span" sx={{ display: 'block', fontSize: '0.8125rem' }}>
            (
            {parts.map((part, index) => (
              <span key={part}>
                {part}
                {index < parts.length - 1 && (
                  <>
                    /<wbr />
                  </>
                )}
              </span>
            ))}
            )
          </Box>
        </TableCell>
      </TableRow>
    </TableHead>
  );
}

/**
 * Narrower cell padding on a phone, for the frame of a table of hours: its three columns then
 * fit a 320 px screen without sideways scrolling.
 */
export const hoursTableSx: SxProps<Theme> = {
  '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } },
};
