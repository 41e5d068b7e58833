import { z } from 'zod';
import { addDays, EASTERN, isCalendarDate, todayInZone, zonedWallTimeToInstant } from './time';

/**
 * The calendar days the portal deals in. Nothing on the platform predates 2000, and a year beyond
 * 2100 (or year 0000) is a typing slip that the store and the upstream cannot represent alike, so
 * such dates are refused at the edge with a field message rather than failing further in.
 */
const EARLIEST_DATE = '2000-01-01';
const LATEST_DATE = '2100-12-31';

/**
 * `YYYY-MM-DD`, a real day, between `EARLIEST_DATE` and `latest` (both included); `latestIs` says
 * in the message what that last day is, when it moves ("today in US Eastern time").
 */
export function boundedDateSchema(
  label: string,
  latest: () => string = () => LATEST_DATE,
  latestIs?: string,
) {
  return z
    .string({ error: `${label} must be a date YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date YYYY-MM-DD`)
    .refine(isCalendarDate, `${label} must be a real calendar date`)
    .refine((value) => value >= EARLIEST_DATE, `${label} must be on or after ${EARLIEST_DATE}`)
    .superRefine((value, ctx) => {
      const last = latest();
      if (value > last) {
        const what = latestIs ? ` (${latestIs})` : '';
        ctx.addIssue({ code: 'custom', message: `${label} must be on or before ${last}${what}` });
      }
    });
}

/**
 * The last day an order book can hold orders (getOrdersForADay's `date`, §4.1) is today in US
 * Eastern time, the zone the portal gives trading days in: a later day has none yet, and the
 * upstream would answer a made-up book for it. One bound, so the page's field and the BFF refuse
 * such a day with the same message, naming the field and that last day, before any upstream call.
 */
export const orderBookDaySchema = (label: string) =>
  boundedDateSchema(label, () => todayInZone(EASTERN), 'today in US Eastern time');

/** The rule of a period given by its first and last day (`from`, `to`), both optional. */
export const dayRangeOrder = {
  holds: ({ from, to }: { from?: string | null; to?: string | null }) => !from || !to || from <= to,
  message: 'From must be on or before To',
};

/** Whether `value` names a time zone this runtime knows (IANA: America/New_York, UTC). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone a period's days are counted in (`timeZone` beside `from` and `to`): the viewer's, so
 * that the days of the filter are the days the list's rows are dated in (they show each time in
 * the viewer's zone). Absent, the days are UTC days.
 */
export const periodTimeZoneSchema = z
  .string()
  .max(64, 'timeZone must be an IANA time zone such as America/New_York')
  .refine(isTimeZone, 'timeZone must be an IANA time zone such as America/New_York');

/**
 * A period given by its first and last calendar day (`from`, `to`, both included, either
 * optional), counted in `timeZone` (UTC when absent), as the instants that bound it: `from` is
 * the first instant of its day (at or after) and `to` the first instant of the day after its own
 * (before), so the whole last day is in it, however long a change of clocks makes that day.
 */
export function wholeDays(period: { from?: string; to?: string; timeZone?: string }): {
  from: Date | undefined;
  to: Date | undefined;
} {
  const zone = period.timeZone ?? 'UTC';
  const start = (day: string) => zonedWallTimeToInstant(day, '00:00', zone);
  return {
    from: period.from ? start(period.from) : undefined,
    to: period.to ? start(addDays(period.to, 1)) : undefined,
  };
}
