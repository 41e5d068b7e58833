import { z } from 'zod';
import { closedMarketDay, marketHoliday } from './market-calendar';
import { dayHoursSchema, globalMarketHoursSchema, type WeekHours } from './market-hours';
import { instantSchema } from './money';
import {
  addDays,
  dayOfWeek,
  EASTERN,
  instantToZoned,
  todayInZone,
  zonedWallTimeToInstant,
  type DayOfWeek,
} from './time';

/*
 * The trading week as people read it: each day Monday to Sunday of the current US
 * Eastern week, with its session in Eastern wall time and as instants, so the browser can show it
 * in the viewer's zone as well. Weekends are closed (the upstream returns no weekend, §2.7), and
 * so are the exchange holidays: the document lists none (§2.7), so the portal follows the U.S.
 * exchange calendar of ./market-calendar, as the order book does. Every conversion goes through
 * ./time, so the DST switch days come out right.
 */

/**
 * Trading hours as `marketStatus` reads them: the normalized hours of `./market-hours` and the
 * form input of `./rules/market-hours` both fit. A day that is not closed but has no times is
 * treated as closed, since no session can be placed.
 */
export type TradingHours = Readonly<Record<Exclude<DayOfWeek, 'saturday' | 'sunday'>, TradingDay>>;
interface TradingDay {
  closed: boolean;
  open?: string | null;
  close?: string | null;
}

type MarketStatus =
  | { open: true; nextChange: Date; nextChangeKind: 'closes'; holiday: null }
  /** `nextChange` is null only when every day is closed. */
  | { open: false; nextChange: Date | null; nextChangeKind: 'opens'; holiday: string | null };

/**
 * Whether trading is open at `now` under `hours` (US Eastern wall times, monday to friday), when
 * that next changes, and today's exchange holiday (US Eastern today) by name. Weekends, closed
 * days and holidays are skipped: a holiday trades no session whatever its weekday's hours say.
 * Opening is inclusive and closing exclusive: at 09:30:00 the market is open, at 16:00:00 it is
 * closed.
 */
export function marketStatus(now: Date, hours: TradingHours): MarketStatus {
  const today = todayInZone(EASTERN, now);
  const holiday = marketHoliday(today);
  // Three weeks on: when only one weekday trades and today's session is over, the next opening is
  // that weekday next week, or later when holidays fall on it (Christmas Day and New Year's Day
  // are a week apart, on the same weekday).
  for (let offset = 0; offset <= 21; offset += 1) {
    const date = addDays(today, offset);
    const weekday = dayOfWeek(date);
    if (weekday === 'saturday' || weekday === 'sunday' || marketHoliday(date)) continue;
    const { closed, open, close } = hours[weekday];
    if (closed || !open || !close) continue;
    const opens = zonedWallTimeToInstant(date, open, EASTERN);
    if (now < opens) return { open: false, nextChange: opens, nextChangeKind: 'opens', holiday };
    const closes = zonedWallTimeToInstant(date, close, EASTERN);
    if (now < closes) {
      return { open: true, nextChange: closes, nextChangeKind: 'closes', holiday: null };
    }
  }
  return { open: false, nextChange: null, nextChangeKind: 'opens', holiday };
}

const tradingSessionDaySchema = z.object({
  date: z.string(),
  weekday: z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']),
  /** The exchange holiday of the day by name (closed whatever its weekday's hours); else null. */
  holiday: z.string().nullable(),
  /** The day's session in the form of a weekday's hours: HH:mm US Eastern, both null when closed. */
  ...dayHoursSchema.shape,
  /** The same moments as UTC instants (ISO with Z), null when closed. */
  opensAt: instantSchema.nullable(),
  closesAt: instantSchema.nullable(),
});
export type TradingSessionDay = z.infer<typeof tradingSessionDaySchema>;

const marketStatusSchema = z.object({
  open: z.boolean(),
  /** When the market next opens or closes (ISO instant); null when every day is closed. */
  nextChange: z.string().nullable(),
  nextChangeKind: z.enum(['opens', 'closes']),
  /** Today's (US Eastern) exchange holiday by name; null on any other day. */
  holiday: z.string().nullable(),
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

/** Seven days from `weekStart` (a Monday), weekends and exchange holidays closed. */
export function tradingWeek(hours: WeekHours, weekStart: string): TradingSessionDay[] {
  return Array.from({ length: 7 }, (_, index) => {
    const date = addDays(weekStart, index);
    const weekday = dayOfWeek(date);
    const holiday = marketHoliday(date);
    const day = weekday === 'saturday' || weekday === 'sunday' || holiday ? null : hours[weekday];
    const open = day && !day.closed && day.open && day.close ? day.open : null;
    const close = open ? day!.close : null;
    return {
      date,
      weekday,
      holiday,
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
      holiday: status.holiday,
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
 * The last trading day before `date`: weekends (no weekend hours, §2.7) and the exchange's
 * holidays (market-calendar; the document lists none) are stepped over, so a page offering "the
 * previous trading day" never leads to another day without orders.
 */
export function previousTradingDay(date: string): string {
  let day = addDays(date, -1);
  while (closedMarketDay(day)) day = addDays(day, -1);
  return day;
}
