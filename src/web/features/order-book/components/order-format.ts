import { formatDecimal, formatMoney } from '../../../lib/format';
import { dateTimeFormat } from '../../../lib/date-time-format';

/*
 * Order book values for people: prices and totals are exact decimal strings; times
 * are instants shown in the viewer's zone, with the zone named in the column or caption.
 */

const DATE_AND_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };

/** A zone-less timestamp (no Z) is shown as written and labelled, never converted. */
const isInstant = (value: string) => /Z$|[+-]\d{2}:?\d{2}$/.test(value);

/**
 * A time of the book of `day` (the trading day, a US Eastern day: §2.8, §8) in the viewer's zone:
 * the time alone while it falls on that calendar day there, with its date when it does not (a
 * viewer east of UTC sees the afternoon's orders on the next day, "Nov 26, 5:59:57 AM"; an
 * order updated days later likewise), so that no time reads as the trading day's when it is not.
 */
export function formatTime(value: string | null, day?: string): string {
  if (!value) return 'Not recorded';
  if (!isInstant(value)) return `${value.replace('T', ' ')} (no zone)`;
  const instant = new Date(value);
  if (day && dateTimeFormat('en-CA').format(instant) !== day)
    return dateTimeFormat(undefined, {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
    }).format(instant);
  return dateTimeFormat(undefined, { timeStyle: 'medium' }).format(instant);
}

export function formatDateTime(value: string | null): string {
  if (!value) return 'Not recorded';
  if (!isInstant(value)) return `${value.replace('T', ' ')} (no zone)`;
  return dateTimeFormat(undefined, DATE_AND_TIME).format(new Date(value));
}

export function formatEastern(value: string): string {
  if (!isInstant(value)) return value;
  const eastern = dateTimeFormat(undefined, { ...DATE_AND_TIME, timeZone: 'America/New_York' });
  return `${eastern.format(new Date(value))} ET`;
}

/** The one mark of a field an order does not carry, in the grids and on an order's page alike. */
export const orDash = (value: string | null | undefined) => (value ? value : '—');

export const formatPrice = (value: string | null) =>
  value === null ? '—' : formatMoney(value, { precision: 'price' });
export const formatShares = (value: string) => formatDecimal(value);
export const sideLabel = (side: 'bid' | 'offer') => (side === 'bid' ? 'Bid' : 'Offer');
export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);
