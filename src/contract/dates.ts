import { z } from 'zod';
import { addDays, isCalendarDate } from './time';

/**
 * The calendar days the portal deals in. Nothing on the platform predates 2000, and a year beyond
 * 2100 (or year 0000) is a typing slip that the store and the upstream cannot represent alike, so
 * such dates are refused at the edge with a field message rather than failing further in.
 */
const EARLIEST_DATE = '2000-01-01';
const LATEST_DATE = '2100-12-31';

/** Today as the UTC calendar day. */
function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD`, a real day, between `EARLIEST_DATE` and `latest` (both included). */
export function boundedDateSchema(label: string, latest: () => string = () => LATEST_DATE) {
  return z
    .string({ error: `${label} must be a date YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date YYYY-MM-DD`)
    .refine(isCalendarDate, `${label} must be a real calendar date`)
    .refine((value) => value >= EARLIEST_DATE, `${label} must be on or after ${EARLIEST_DATE}`)
    .superRefine((value, ctx) => {
      const last = latest();
      if (value > last) {
        ctx.addIssue({ code: 'custom', message: `${label} must be on or before ${last}` });
      }
    });
}

/**
 * The last day an order book can hold orders: tomorrow in UTC, which is today or later in every
 * zone, US Eastern trading days included (§4.1). A later day is refused before any upstream call.
 */
function latestOrderBookDay(now = new Date()): string {
  return addDays(todayUtc(now), 1);
}

/** A day whose order book may be asked for; `label` names the field in the messages. */
export const orderBookDaySchema = (label: string) =>
  boundedDateSchema(label, () => latestOrderBookDay());

/** The rule of a period given by its first and last day (`from`, `to`), both optional. */
export const dayRangeOrder = {
  holds: ({ from, to }: { from?: string | null; to?: string | null }) => !from || !to || from <= to,
  message: 'From must be on or before To',
};
