import { addDays, dayOfWeek, isCalendarDate } from './time';

/*
 * Which days the secondary market can have orders. The interface document lists no holidays and
 * returns no weekend hours (§2.7), and its trading hours are Eastern (§8), so we decide: the
 * market follows the U.S. exchange calendar (NYSE full-day holidays, with weekend holidays
 * observed on the Friday before or the Monday after), and a day after today (Eastern) has no
 * orders yet. The order book answers those days with a plain sentence instead of a book.
 */

const isoDate = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The n-th (1-based) given weekday of a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return isoDate(year, month, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = new Date(Date.UTC(year, month - 1, lastDay)).getUTCDay();
  return isoDate(year, month, lastDay - ((last - weekday + 7) % 7));
}

/** Easter Sunday (Anonymous Gregorian algorithm). */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDate(year, month, day);
}

/** A fixed-date holiday on a weekend is observed on the Friday before or the Monday after. */
function observed(date: string): string {
  const weekday = dayOfWeek(date);
  if (weekday === 'saturday') return addDays(date, -1);
  if (weekday === 'sunday') return addDays(date, 1);
  return date;
}

/** The exchange's full-day holidays of a year, by date. */
export function marketHolidays(year: number): Map<string, string> {
  const holidays: [string, string][] = [
    // New Year's Day on a Saturday is not observed on the Friday before (that is another year).
    [
      dayOfWeek(isoDate(year, 1, 1)) === 'saturday' ? '' : observed(isoDate(year, 1, 1)),
      "New Year's Day",
    ],
    [nthWeekday(year, 1, 1, 3), 'Martin Luther King Jr. Day'],
    [nthWeekday(year, 2, 1, 3), "Washington's Birthday"],
    [addDays(easterSunday(year), -2), 'Good Friday'],
    [nthWeekday(year, 5, 1, -1), 'Memorial Day'],
    ...(year >= 2022
      ? ([[observed(isoDate(year, 6, 19)), 'Juneteenth']] as [string, string][])
      : []),
    [observed(isoDate(year, 7, 4)), 'Independence Day'],
    [nthWeekday(year, 9, 1, 1), 'Labor Day'],
    [nthWeekday(year, 11, 4, 4), 'Thanksgiving Day'],
    [observed(isoDate(year, 12, 25)), 'Christmas Day'],
  ];
  return new Map(holidays.filter(([date]) => date !== ''));
}

export interface ClosedDay {
  reason: 'weekend' | 'holiday';
  /** The weekday (Saturday, Sunday) or the holiday (Thanksgiving Day), for a page to say. */
  name: string;
  message: string;
}

/**
 * Why the market has no orders on `date`, in a sentence; null when it may have some. A day after
 * today is the order book's day rule (`orderBookDaySchema`), refused before this is asked.
 */
export function closedMarketDay(date: string): ClosedDay | null {
  if (!isCalendarDate(date)) return null;
  const weekday = dayOfWeek(date);
  if (weekday === 'saturday' || weekday === 'sunday') {
    const name = weekday === 'saturday' ? 'Saturday' : 'Sunday';
    return {
      reason: 'weekend',
      name,
      message: `${date} is a ${name}: the market does not trade at weekends.`,
    };
  }
  const holiday = marketHolidays(Number(date.slice(0, 4))).get(date);
  return holiday
    ? {
        reason: 'holiday',
        name: holiday,
        message: `${date} is a market holiday (${holiday}): the market does not trade.`,
      }
    : null;
}

// Asked for each day a week table or a status line looks at: each year's calendar is made once.
const holidaysByYear = new Map<number, Map<string, string>>();

/** The exchange holiday on `date` (an observed day included) by name; null on any other day. */
export function marketHoliday(date: string): string | null {
  const year = Number(date.slice(0, 4));
  let holidays = holidaysByYear.get(year);
  if (!holidays) {
    holidays = marketHolidays(year);
    holidaysByYear.set(year, holidays);
  }
  return holidays.get(date) ?? null;
}
