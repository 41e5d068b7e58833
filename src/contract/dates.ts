import { z } from 'zod';
import { EASTERN, isCalendarDate, todayInZone } from './time';

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
