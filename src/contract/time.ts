/**
 * Time zone arithmetic for the portal. Offsets are never hard-coded:
 * every conversion asks `Intl.DateTimeFormat` for the wall clock of a zone at an instant, so DST
 * and future rule changes come from the runtime's time zone data in the browser and in Node alike.
 *
 * Dates are ISO `YYYY-MM-DD` strings and wall times `HH:mm` strings; instants are `Date`s.
 */

/** Trading hours are US Eastern wall time; the document's "EST" (§4.14, §8) follows DST. */
export const EASTERN = 'America/New_York';
/** The daily approval batch runs at 4:00 PM Mountain Time (§3, §8). */
export const MOUNTAIN = 'America/Denver';
const APPROVAL_BATCH_TIME = '16:00';

export type DayOfWeek =
  'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

export interface ZonedTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm, 24-hour */
  time: string;
  weekday: DayOfWeek;
}

/** A real calendar date `YYYY-MM-DD` (leap years included). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** A 24-hour wall time `HH:mm`, 00:00 to 23:59. */
export function isWallTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = parseDate(date);
  return isoFromUtc(new Date(utcMs(year, month, day + days)));
}

export function dayOfWeek(date: string): DayOfWeek {
  const [year, month, day] = parseDate(date);
  return DAYS_FROM_SUNDAY[new Date(utcMs(year, month, day)).getUTCDay()];
}

/**
 * The instant at which the wall clock of `timeZone` shows `date` `time`.
 *
 * Wall times that happen twice (the hour repeated when DST ends) resolve to the earlier instant;
 * wall times that never happen (the hour skipped when DST starts) move forward by the length of
 * the gap, so 02:30 on a spring-forward day in New York becomes 03:30 EDT. This is the
 * "compatible" disambiguation of Temporal and java.time, so results match other tools.
 */
export function zonedWallTimeToInstant(date: string, time: string, timeZone: string): Date {
  if (!isWallTime(time)) throw new RangeError(`Not a time HH:mm: ${time}`);
  const [year, month, day] = parseDate(date);
  const [hour, minute] = time.split(':').map(Number);
  const wall = utcMs(year, month, day, hour, minute);
  // Real zones change offset at most once within a day, so the offsets a day either side are
  // the only candidates.
  const offsetBefore = zoneOffsetMs(wall - DAY_MS, timeZone);
  const offsetAfter = zoneOffsetMs(wall + DAY_MS, timeZone);
  const matches = [wall - offsetBefore, wall - offsetAfter].filter(
    (instant) => instant + zoneOffsetMs(instant, timeZone) === wall,
  );
  return new Date(matches.length > 0 ? Math.min(...matches) : wall - offsetBefore);
}

/**
 * The instant of a zone-less `YYYY-MM-DDTHH:mm:ss` (the upstream's times, §2 Conventions) read as
 * the wall clock of `timeZone` (the platform's, TRANSACT_TIME_ZONE), with the same DST rules as
 * `zonedWallTimeToInstant`; null when the value is not such a time.
 */
export function localDateTimeToInstant(value: string, timeZone: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):(\d{2})$/.exec(value);
  if (!match || !isCalendarDate(match[1]) || !isWallTime(match[2])) return null;
  const minute = zonedWallTimeToInstant(match[1], match[2], timeZone);
  return new Date(minute.getTime() + Number(match[3]) * 1000);
}

/**
 * The instant of an upstream time in either form `upstreamTimeSchema` (money.ts) allows: an
 * instant with its zone is itself; a zone-less wall time is read in `timeZone`, the platform's
 * (TRANSACT_TIME_ZONE). Null when the value is neither.
 */
export function upstreamTimeToInstant(value: string, timeZone: string): Date | null {
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(value)) {
    const instant = new Date(value);
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  return localDateTimeToInstant(value, timeZone);
}

export function instantToZoned(instant: Date, timeZone: string): ZonedTime {
  const p = wallClock(instant, timeZone);
  return {
    date: `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`,
    time: `${pad(p.hour)}:${pad(p.minute)}`,
    weekday: p.weekday,
  };
}

export function todayInZone(timeZone: string, now: Date = new Date()): string {
  return instantToZoned(now, timeZone).date;
}

/**
 * The next run of the approval batch: today at 16:00 Mountain Time, or tomorrow's when that has
 * come (at 16:00 exactly the batch is running, so the next one is tomorrow's). The document says
 * "once daily" (§8) and names no business-day calendar, so weekends count as days.
 */
export function nextApprovalBatch(now: Date = new Date()): Date {
  const today = todayInZone(MOUNTAIN, now);
  const batch = zonedWallTimeToInstant(today, APPROVAL_BATCH_TIME, MOUNTAIN);
  if (now < batch) return batch;
  return zonedWallTimeToInstant(addDays(today, 1), APPROVAL_BATCH_TIME, MOUNTAIN);
}

/**
 * A short countdown: `45s`, `12m 05s`, `3h 07m`, `2d 4h`. Rounded up to the second so that it
 * reads `1s`, not `0s`, until the moment has come; zero or negative reads `0s`.
 */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${pad(minutes)}m`;
  if (minutes > 0) return `${minutes}m ${pad(seconds)}s`;
  return `${seconds}s`;
}

const DAY_MS = 86_400_000;

/** The days of the week as `Date.getUTCDay` numbers them. */
export const DAYS_FROM_SUNDAY: readonly DayOfWeek[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: DayOfWeek;
}

// Building a DateTimeFormat is costly and these run per table row, so keep one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'long',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClock(instant: Date, timeZone: string): WallClock {
  const fields: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) fields[part.type] = part.value;
  return {
    year: Number(fields.year),
    month: Number(fields.month),
    day: Number(fields.day),
    // Some engines print midnight as 24 even with h23.
    hour: Number(fields.hour) % 24,
    minute: Number(fields.minute),
    second: Number(fields.second),
    weekday: fields.weekday.toLowerCase() as DayOfWeek,
  };
}

/** Zone offset at an instant (wall clock minus UTC), in milliseconds; whole seconds only. */
export function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const p = wallClock(new Date(instantMs), timeZone);
  const wall = utcMs(p.year, p.month, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instantMs / 1000) * 1000;
}

/** Like Date.UTC, without its mapping of years 0–99 to 1900–1999. */
function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

function parseDate(date: string): [number, number, number] {
  if (!isCalendarDate(date)) throw new RangeError(`Not a calendar date YYYY-MM-DD: ${date}`);
  const [year, month, day] = date.split('-').map(Number);
  return [year, month, day];
}

function isoFromUtc(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(utcMs(year, month + 1, 0)).getUTCDate();
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/*
 * The portal's own instants in words the server writes (a refusal, a notice), where the reader's
 * zone is not known: in UTC, named, as the pages write every timestamp ("Nov 29, 2026, 11:33 AM
 * UTC", web/lib/format formatTimestamp), never as the raw ISO string.
 */
const instantWordsOptions: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};
const utcWords = new Intl.DateTimeFormat('en-US', { ...instantWordsOptions, timeZone: 'UTC' });
const utcTimeWords = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

// Newer ICU puts a narrow no-break space before AM/PM: the same words in the browser and in
// Node, which a person may copy into a message to support.
const plainSpaces = (words: string) => words.replace(/\u202f/g, ' ');

/** An instant in UTC words: "Nov 29, 2026, 11:33 AM UTC". */
export const utcInstantInWords = (instant: string | Date): string =>
  plainSpaces(utcWords.format(new Date(instant)));

/**
 * An instant in words in `timeZone`, the reader's when their page sent it (an IANA zone, checked
 * by dates.ts periodTimeZoneSchema): "Nov 29, 2026, 4:03 PM EST". In UTC, named, without it.
 */
export const instantInWordsIn = (instant: string | Date, timeZone?: string): string =>
  timeZone === undefined
    ? utcInstantInWords(instant)
    : plainSpaces(
        new Intl.DateTimeFormat('en-US', { ...instantWordsOptions, timeZone }).format(
          new Date(instant),
        ),
      );

/** The time of day of an instant, for one made moments ago: "11:33 AM UTC". */
export const utcTimeInWords = (instant: string | Date): string =>
  plainSpaces(utcTimeWords.format(new Date(instant)));
