import { formatMoney, formatShares, isDecimalString } from '../../contract/decimal';
import type { InstantWords } from '../../contract/money-requests';
import { localDateTimeToInstant, upstreamTimeToInstant, zoneOffsetMs } from '../../contract/time';
import { platformTimeZone } from './platform-time-zone';
import { dateTimeFormat } from './date-time-format';

/**
 * Formatting for the viewer's locale. Amounts arrive as exact decimal strings, never
 * floats. Calendar dates have no time zone, so they are placed at UTC midnight
 * and formatted in UTC: the day shown is the day sent, wherever the viewer is.
 */

type Locale = string | undefined;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

// Money and quantities have one formatter each, in the contract, shared with the BFF's messages:
// amounts half-up to cents, unit prices to six decimals, on the exact decimal (decimal.ts).
export { formatMoney };
export { formatShares as formatDecimal } from '../../contract/decimal';

/** A number of units with its noun: "1 unit", "10 units", "2.5 units". */
export function formatUnits(units: string, locale?: Locale): string {
  return `${formatShares(units, locale)} ${/^0*1(\.0*)?$/.test(units) ? 'unit' : 'units'}`;
}

/** A count of records (trades, orders, accounts) grouped as the viewer's locale groups it: 2,101. */
export function formatCount(count: number, locale?: Locale): string {
  return new Intl.NumberFormat(locale).format(count);
}

/**
 * A count with its noun, singular for one: "1 investor account", "2,100 trades". `many` is the
 * plural as written ("entities", "requests are"), so irregular words need no rule.
 */
export function countOf(count: number, one: string, many: string, locale?: Locale): string {
  return `${formatCount(count, locale)} ${count === 1 ? one : many}`;
}

/** A fraction 0..1 as a percentage with at most one decimal. */
export function formatPercent(fraction: number, locale?: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
    fraction,
  );
}

/** A wall-clock time "09:30" (no date, no zone) as the viewer's locale writes times: 9:30 AM. */
export function formatWallTime(time: string, locale?: Locale): string {
  const [hour, minute] = time.split(':').map(Number);
  return dateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, 0, 1, hour, minute)),
  );
}

/** 'YYYY-MM-DD' as a calendar date in the viewer's locale, never shifted by a time zone. */
export function formatCalendarDate(
  isoDate: string | null | undefined,
  locale?: Locale,
  style: 'medium' | 'long' | 'short' | 'numeric' = 'medium',
): string {
  const match = isoDate ? CALENDAR_DATE.exec(isoDate) : null;
  if (!match) return 'Not set';
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (Number.isNaN(date.getTime())) return 'Not set';
  // 'numeric': the order a date field shows in this locale, with the whole year (05/06/1980).
  const options: Intl.DateTimeFormatOptions =
    style === 'numeric'
      ? { year: 'numeric', month: '2-digit', day: '2-digit' }
      : { dateStyle: style };
  return dateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date);
}

/**
 * A zone-less wall-clock timestamp as sent by the upstream: shown as written, without pretending
 * to know its zone. Callers label it as such.
 */
export function formatLocalDateTime(value: string | null | undefined, locale?: Locale): string {
  const match = value ? LOCAL_DATE_TIME.exec(value) : null;
  if (!match) return 'Not set';
  const [, year, month, day, hour, minute, second] = match.map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (Number.isNaN(date.getTime())) return 'Not set';
  return dateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date);
}

/**
 * An ISO instant in the viewer's zone, the zone named like every timestamp of the portal, such
 * as "Nov 24, 2026, 1:05 AM EST"; `seconds` adds them ("1:05:09 AM EST") where events are told
 * apart by the second (the audit log).
 */
export function formatInstant(
  iso: string,
  locale?: Locale,
  { seconds = false }: { seconds?: boolean } = {},
): string {
  return dateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/*
 * One rule for every timestamp: shown in the viewer's time zone with
 * the zone named, and, when the source is a zone-less upstream timestamp (§2 Conventions) whose
 * zone differs from the viewer's, the platform's own reading after it. The platform's zone comes
 * from the portal's configuration (`TRANSACT_TIME_ZONE`); the portal's own timestamps are
 * instants and always known.
 */

/** The viewer's zone; UTC where the runtime names none (an unknown TZ leaves it undefined). */
export const viewerTimeZone = (): string => dateTimeFormat().resolvedOptions().timeZone ?? 'UTC';

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

export interface TimestampOptions {
  locale?: Locale;
  /** The viewer's zone; the runtime's when absent (tests fix it). */
  timeZone?: string;
  /** The zone of zone-less values; the platform's when absent. */
  sourceTimeZone?: string;
}

/**
 * An upstream time as milliseconds since the epoch, for ordering: a wall time is read in the
 * platform's zone, an instant as itself (the two forms of upstreamTimeSchema); null when unreadable.
 */
export function upstreamTimeMs(value: string | null | undefined): number | null {
  return value ? (upstreamTimeToInstant(value, platformTimeZone())?.getTime() ?? null) : null;
}

/**
 * The calendar day (YYYY-MM-DD) on which the viewer sees an upstream time: a zone-less platform
 * time (§2 Conventions) read in the platform's zone, then dated in the viewer's, as
 * formatTimestamp shows it. Null when unreadable.
 */
export function viewerDayOf(value: string, timeZone: string = viewerTimeZone()): string | null {
  const at = upstreamTimeToInstant(value, platformTimeZone());
  if (!at) return null;
  return dateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  }).format(at);
}

/**
 * A timestamp for people: an ISO instant (the portal's own, or the upstream's with a zone) or a
 * zone-less upstream wall time (`YYYY-MM-DDTHH:mm:ss`). 'Not recorded' when there is none.
 */
export function formatTimestamp(
  value: string | null | undefined,
  options: TimestampOptions = {},
): string {
  if (!value) return 'Not recorded';
  const viewer = options.timeZone ?? viewerTimeZone();
  const format = (instant: number, timeZone: string) =>
    dateTimeFormat(options.locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    }).format(new Date(instant));
  if (INSTANT.test(value)) {
    const instant = Date.parse(value);
    return Number.isNaN(instant) ? value : format(instant, viewer);
  }
  const source = options.sourceTimeZone ?? platformTimeZone();
  // The same reading of the platform's wall times as the BFF's (contract/time.ts).
  const at = localDateTimeToInstant(value, source);
  if (!at) return value;
  const instant = at.getTime();
  const shown = format(instant, viewer);
  if (zoneOffsetMs(instant, viewer) === zoneOffsetMs(instant, source)) return shown;
  const day = (timeZone: string) =>
    dateTimeFormat('en-CA', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone,
    }).format(new Date(instant));
  // Near midnight the platform's wall time falls on another calendar day than the viewer's; the
  // time alone would then read as the viewer's day, so the platform's date is named too.
  const otherDay = day(viewer) !== day(source);
  const there = dateTimeFormat(options.locale, {
    ...(otherDay ? { month: 'short', day: 'numeric' } : {}),
    hour: 'numeric',
    minute: '2-digit',
    timeZone: source,
    timeZoneName: 'short',
  }).format(new Date(instant));
  return `${shown} (${there} on the platform)`;
}

// Newer ICU puts a narrow no-break space before AM/PM; sentences a person may copy into a
// message to support use plain ones, as the BFF's do (contract/time).
const plainSpaces = (words: string) => words.replace(/\u202f/g, ' ');

/**
 * The register's sentences about earlier requests (contract/money-requests: the form's warning,
 * a refusal naming them) with their times in the viewer's zone, as the timeline beside them
 * writes times: "made Nov 29, 2026, 3:03 PM EST", "the same deposit at 3:04 PM EST". The BFF
 * writes them in UTC, not knowing the reader's zone.
 */
export const viewerInstantWords: InstantWords = {
  instant: (iso) => plainSpaces(formatTimestamp(iso)),
  time: (iso) =>
    plainSpaces(
      dateTimeFormat(undefined, {
        hour: 'numeric',
        minute: '2-digit',
        timeZone: viewerTimeZone(),
        timeZoneName: 'short',
      }).format(new Date(iso)),
    ),
};

/*
 * Values for people, not codes (each one a rule, kept here so every page says it the same way).
 */

const CODE_WORDS: Record<string, string> = {
  domestic_account: 'Domestic (U.S.) account',
  international_account: 'International account',
  checking: 'Checking',
  savings: 'Savings',
  individual: 'Individual',
  entity: 'Entity',
  disapproved: 'Not approved',
  not_approved: 'Not approved',
};

/** A code such as `domestic_account` or `checking` as words ("Domestic (U.S.) account"). */
export function formatCode(value: string | null | undefined): string {
  if (!value) return '—';
  const known = CODE_WORDS[value.trim().toLowerCase()];
  if (known) return known;
  if (!/^[a-z0-9_]+$/i.test(value) || !/[_]|^[a-z]/.test(value)) return value;
  const words = value.replace(/_/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A U.S. phone number of 10 digits (or 11 with a leading 1) as (720) 555-8668; others as sent. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '—';
  const digits = value.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return value;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

/** Nine-digit tax ids grouped as their kind is written: SSN 123-45-6789, EIN 12-3456789. */
export function formatTaxId(value: string | null | undefined, kind: 'ssn' | 'ein'): string {
  if (!value) return '—';
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 9) return value;
  return kind === 'ein'
    ? `${digits.slice(0, 2)}-${digits.slice(2)}`
    : `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
}

/** A plain amount of dollars from a record (such as total assets) as money; text stays text. */
export function formatAmount(value: string | null | undefined): string {
  if (!value) return '—';
  const plain = value.replace(/[$,\s]/g, '');
  return isDecimalString(plain) ? formatMoney(plain) : value;
}
