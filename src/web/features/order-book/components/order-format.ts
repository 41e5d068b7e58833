import { formatDecimal, formatMoney } from '../../../lib/format';

/*
 * Order book values for people: prices and totals are exact decimal strings; times
 * are instants shown in the viewer's zone, with the zone named in the column or caption.
 */

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'medium',
});
const easternFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'America/New_York',
});

/** A zone-less timestamp (no Z) is shown as written and labelled, never converted. */
const isInstant = (value: string) => /Z$|[+-]\d{2}:?\d{2}$/.test(value);

export function formatTime(value: string | null): string {
  if (!value) return 'Not recorded';
  if (!isInstant(value)) return `${value.replace('T', ' ')} (no zone)`;
  return timeFormat.format(new Date(value));
}

export function formatDateTime(value: string | null): string {
  if (!value) return 'Not recorded';
  if (!isInstant(value)) return `${value.replace('T', ' ')} (no zone)`;
  return dateTimeFormat.format(new Date(value));
}

export function formatEastern(value: string): string {
  return isInstant(value) ? `${easternFormat.format(new Date(value))} ET` : value;
}

/** The one mark of a field an order does not carry, in the grids and on an order's page alike. */
export const orDash = (value: string | null | undefined) => (value ? value : '—');

export const formatPrice = (value: string | null) =>
  value === null ? '—' : formatMoney(value, { precision: 'price' });
export const formatShares = (value: string) => formatDecimal(value);
export const sideLabel = (side: 'bid' | 'offer') => (side === 'bid' ? 'Bid' : 'Offer');
export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);
