/**
 * Calendar and zone helpers. Zones are handled with Intl only, so daylight saving time follows the
 * IANA database instead of hard-coded offsets.
 */

export const DENVER = 'America/Denver';
export const NEW_YORK = 'America/New_York';
export const DAY_MS = 86_400_000;

type Zone = typeof DENVER | typeof NEW_YORK;

/** Each zone's formatter, built once: it names the offset in force, e.g. `GMT-06:00`. */
const offsetFormatters: Record<Zone, Intl.DateTimeFormat> = {
  [DENVER]: offsetFormatter(DENVER),
  [NEW_YORK]: offsetFormatter(NEW_YORK),
};

function offsetFormatter(timeZone: Zone): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
}

/** A zone's offset from UTC at an instant (its wall clock minus UTC), in milliseconds. */
function offsetMs(instantMs: number, timeZone: Zone): number {
  const name = offsetFormatters[timeZone]
    .formatToParts(new Date(instantMs))
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name ?? '');
  if (!match) throw new RangeError(`Unreadable offset of ${timeZone}: ${name}`);
  if (!match[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === '-' ? -minutes : minutes) * 60_000;
}

/** The instant at which a zone's wall clock shows the given local time (DST-aware). */
export function zonedInstant(
  timeZone: Zone,
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
): number {
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute);
  // Near a DST change the offset at the wall time read as UTC can be the other side of it; the
  // offset at that first guess settles it.
  const guess = wallAsUtc - offsetMs(wallAsUtc, timeZone);
  return wallAsUtc - offsetMs(guess, timeZone);
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
  return Math.floor((instantMs + offsetMs(instantMs, DENVER)) / DAY_MS);
}
