import { z } from 'zod';
import { globalMarketHoursSchema, type WeekHours } from './market-hours';
import {
  addDays,
  dayOfWeek,
  EASTERN,
  instantToZoned,
  marketStatus,
  todayInZone,
  zonedWallTimeToInstant,
  type DayOfWeek,
} from './time';

/*
 * The trading week as people read it: each day Monday to Sunday of the current US
 * Eastern week, with its session in Eastern wall time and as instants, so the browser can show it
 * in the viewer's zone as well. Weekends are closed (the upstream returns no weekend, §2.7).
 * Every conversion goes through ./time, so the DST switch days come out right.
 */

const tradingSessionDaySchema = z.object({
  date: z.string(),
  weekday: z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']),
  closed: z.boolean(),
  /** HH:mm US Eastern, null when closed. */
  open: z.string().nullable(),
  close: z.string().nullable(),
  /** The same moments as UTC instants (ISO with Z), null when closed. */
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
});
export type TradingSessionDay = z.infer<typeof tradingSessionDaySchema>;

const marketStatusSchema = z.object({
  open: z.boolean(),
  /** When the market next opens or closes (ISO instant); null when every day is closed. */
  nextChange: z.string().nullable(),
  nextChangeKind: z.enum(['opens', 'closes']),
});

export const marketHoursResponseSchema = z.object({
  timeZone: z.literal(EASTERN),
  hours: globalMarketHoursSchema,
  week: z.array(tradingSessionDaySchema),
  status: marketStatusSchema,
  /** When the BFF computed `status` (ISO instant); the browser recomputes it from `hours`. */
  asOf: z.string(),
});
export type MarketHoursResponse = z.infer<typeof marketHoursResponseSchema>;

/**
 * Monday of the US Eastern trading week to show at `now`: this week's on a weekday, the coming
 * one on a weekend, when the week just past has no trading left to show.
 */
export function easternWeekStart(now: Date): string {
  const today = todayInZone(EASTERN, now);
  const shift: Record<DayOfWeek, number> = {
    monday: 0,
    tuesday: -1,
    wednesday: -2,
    thursday: -3,
    friday: -4,
    saturday: 2,
    sunday: 1,
  };
  return addDays(today, shift[dayOfWeek(today)]);
}

/** Seven days from `weekStart` (a Monday), weekends closed. */
export function tradingWeek(hours: WeekHours, weekStart: string): TradingSessionDay[] {
  return Array.from({ length: 7 }, (_, index) => {
    const date = addDays(weekStart, index);
    const weekday = dayOfWeek(date);
    const day = weekday === 'saturday' || weekday === 'sunday' ? null : hours[weekday];
    const open = day && !day.closed && day.open && day.close ? day.open : null;
    const close = open ? day!.close : null;
    return {
      date,
      weekday,
      closed: open === null,
      open,
      close,
      opensAt: open ? zonedWallTimeToInstant(date, open, EASTERN).toISOString() : null,
      closesAt: close ? zonedWallTimeToInstant(date, close, EASTERN).toISOString() : null,
    };
  });
}

/** Hours, week and status at `now`, as `GET /api/market-hours` returns them. */
export function marketHoursAt(hours: WeekHours, now: Date): MarketHoursResponse {
  const status = marketStatus(now, hours);
  return {
    timeZone: EASTERN,
    hours,
    week: tradingWeek(hours, easternWeekStart(now)),
    status: {
      open: status.open,
      nextChange: status.nextChange?.toISOString() ?? null,
      nextChangeKind: status.nextChangeKind,
    },
    asOf: now.toISOString(),
  };
}

/** An instant as a wall time in `timeZone`, with the date when it differs from `onDate`. */
export function wallTimeIn(
  instant: string,
  timeZone: string,
  onDate?: string,
): { date: string; time: string; otherDay: boolean } {
  const zoned = instantToZoned(new Date(instant), timeZone);
  return {
    date: zoned.date,
    time: zoned.time,
    otherDay: onDate !== undefined && zoned.date !== onDate,
  };
}

/**
 * The last weekday before `date`. The document gives no holiday calendar (§2.7), so a holiday
 * is found only when its book is empty; the page then offers the day before that.
 */
export function previousTradingDay(date: string): string {
  let day = addDays(date, -1);
  while (dayOfWeek(day) === 'saturday' || dayOfWeek(day) === 'sunday') day = addDays(day, -1);
  return day;
}
