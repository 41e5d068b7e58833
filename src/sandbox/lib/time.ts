/**
 * Calendar and zone helpers. Zones are handled with Intl only, so daylight saving time follows the
 * IANA database instead of hard-coded offsets.
 */

export const DENVER = 'America/Denver';
export const NEW_YORK = 'America/New_York';
export const DAY_MS = 86_400_000;

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock reading of an instant in a zone. */
function wallTimeIn(instantMs: number, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

/** The instant at which a zone's wall clock shows the given local time (DST-aware). */
export function zonedInstant(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
): number {
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wallAsUtc;
  // Two passes settle the offset even when the guess straddles a DST change.
  for (let i = 0; i < 2; i++) {
    const seen = wallTimeIn(guess, timeZone);
    const seenAsUtc = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
    guess += wallAsUtc - seenAsUtc;
  }
  return guess;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD HH:mm:ss` without a zone (§2 Conventions); the sandbox writes these in UTC. */
export function formatZoneless(instantMs: number): string {
  const d = new Date(instantMs);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** `MM-DD-YYYY` calendar date of an instant (UTC). */
export function formatCalendarDate(instantMs: number): string {
  const d = new Date(instantMs);
  return `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}-${d.getUTCFullYear()}`;
}

/** Parses `MM-DD-YYYY` into a UTC day number (days since 1970-01-01), or null when invalid. */
export function parseCalendarDate(text: string): number | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const d = new Date(ms);
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) {
    return null;
  }
  return ms / DAY_MS;
}

export function dayNumberToParts(dayNumber: number): { year: number; month: number; day: number } {
  const d = new Date(dayNumber * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(dayNumber: number): number {
  return new Date(dayNumber * DAY_MS).getUTCDay();
}

/** Day number of the Denver calendar date of an instant. */
export function denverDayNumber(instantMs: number): number {
  const w = wallTimeIn(instantMs, DENVER);
  return Date.UTC(w.year, w.month - 1, w.day) / DAY_MS;
}
