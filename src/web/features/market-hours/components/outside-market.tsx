import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { DayHours, WeekHours } from '../../../../contract/market-hours';
import { WEEKDAYS, WEEKDAY_LABELS, type Weekday } from '../../../../contract/rules/market-hours';
import { formatWallTime } from '../../../lib/format';

/*
 * A security's hours (§2.8, set with §4.14) may reach outside the market's (§2.7): earlier,
 * later, or on a day the market is closed. The interface document says neither which applies
 * when they differ nor that such hours are invalid (§4.14 sets no bound but the day's order), so
 * the portal refuses nothing: it warns whoever sets them, and tells whoever reads them that the
 * platform does not say which apply, naming the hours within both, the only ones sure to hold.
 * Hours inside the market's (a security closing early) contradict nothing and are not flagged.
 */

type Hours = { open: string; close: string } | null;

const openHours = (day: DayHours | { closed: boolean; open?: string; close?: string }): Hours =>
  day.closed || !day.open || !day.close ? null : { open: day.open, close: day.close };

const rangeText = (hours: { open: string; close: string }) =>
  `${formatWallTime(hours.open)} – ${formatWallTime(hours.close)}`;

export interface OutsideDay {
  day: Weekday;
  security: { open: string; close: string };
  /** The market's hours of that day; null when it is closed. */
  market: Hours;
  /** The hours within both; null when none. */
  within: Hours;
}

/** One day, when the security's hours reach outside the market's. */
export function outsideOfDay(
  day: Weekday,
  security: DayHours | { closed: boolean; open?: string; close?: string },
  market: DayHours,
): OutsideDay | null {
  const mine = openHours(security);
  if (!mine) return null;
  const theirs = openHours(market);
  if (theirs && mine.open >= theirs.open && mine.close <= theirs.close) return null;
  const open = theirs && (mine.open > theirs.open ? mine.open : theirs.open);
  const close = theirs && (mine.close < theirs.close ? mine.close : theirs.close);
  return {
    day,
    security: mine,
    market: theirs,
    within: open && close && open < close ? { open, close } : null,
  };
}

/** Every weekday whose hours reach outside the market's. */
function outsideMarket(security: WeekHours, market: WeekHours): OutsideDay[] {
  return WEEKDAYS.flatMap((day) => outsideOfDay(day, security[day], market[day]) ?? []);
}

/** What the market trades that day and which hours are within both, in a sentence's words. */
export function marketWords({ market, within }: OutsideDay): string {
  const theirs = market ? `the market trades ${rangeText(market)}` : 'the market is closed';
  const both = within ? `only ${rangeText(within)} is within both` : 'no hour is within both';
  return `${theirs}; ${both}`;
}

/**
 * Said under a security's hours to whoever reads them: the days that reach outside the market's,
 * with both hours and the hours within both. Nothing when none does.
 */
export function OutsideMarketNote({
  hours,
  market,
}: {
  hours: WeekHours;
  market: WeekHours | undefined;
}) {
  const days = market ? outsideMarket(hours, market) : [];
  if (days.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mt: 2 }}>
      <AlertTitle>Hours outside the market&rsquo;s hours</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {days.map((day) => (
          <li key={day.day}>
            {`${WEEKDAY_LABELS[day.day]}: ${rangeText(day.security)} for this security, while ${marketWords(day)}.`}
          </li>
        ))}
      </Box>
      The platform does not say which hours apply when a security&rsquo;s reach outside the
      market&rsquo;s. Times are US Eastern.
    </Alert>
  );
}
