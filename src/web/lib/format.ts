/**
 * Formatting for the viewer's locale. Amounts arrive as exact decimal strings (architecture
 * decision 5) and are handed to Intl as strings, which formats them without a detour through
 * binary floats. Calendar dates have no time zone (decision 6), so they are placed at UTC midnight
 * and formatted in UTC: the day shown is the day sent, wherever the viewer is.
 */

type Locale = string | undefined;

// Intl accepts decimal strings at runtime (ECMA-402 "Intl.NumberFormat v3"); TypeScript's
// signature covers them as StringNumericLiteral in newer libs only.
type IntlDecimal = Parameters<Intl.NumberFormat['format']>[0];
const asIntlDecimal = (value: string) => value as unknown as IntlDecimal;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

export function formatMoney(amount: string, currency = 'USD', locale?: Locale): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    maximumFractionDigits: 20,
  }).format(asIntlDecimal(amount));
}

/** Quantities such as shares: every digit that was sent, grouped for the locale. */
export function formatDecimal(value: string, locale?: Locale): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 20 }).format(asIntlDecimal(value));
}

/** A fraction 0..1 as a percentage with at most one decimal. */
export function formatPercent(fraction: number, locale?: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
    fraction,
  );
}

/** 'YYYY-MM-DD' as a calendar date in the viewer's locale, never shifted by a time zone. */
export function formatCalendarDate(
  isoDate: string | null | undefined,
  locale?: Locale,
  style: 'medium' | 'long' | 'short' = 'medium',
): string {
  const match = isoDate ? CALENDAR_DATE.exec(isoDate) : null;
  if (!match) return 'Not set';
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (Number.isNaN(date.getTime())) return 'Not set';
  return new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }).format(date);
}

/**
 * A zone-less wall-clock timestamp as sent by the upstream: shown as written, without pretending
 * to know its zone (architecture decision 6). Callers label it as such.
 */
export function formatLocalDateTime(value: string | null | undefined, locale?: Locale): string {
  const match = value ? LOCAL_DATE_TIME.exec(value) : null;
  if (!match) return 'Not set';
  const [, year, month, day, hour, minute, second] = match.map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (Number.isNaN(date.getTime())) return 'Not set';
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date);
}

/** An ISO instant in the viewer's zone, such as "Nov 24, 2026, 1:05 AM". */
export function formatInstant(iso: string, locale?: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}
