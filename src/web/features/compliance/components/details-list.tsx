import type { AccountView } from '../../../../contract/account-views';

/** A dash for a value the record does not have. */
export const orDash = (value: string | null | undefined) => (value ? value : '—');

/** A party's address on one line, its parts in postal order; a dash when it has none. */
export const oneLineAddress = (a: AccountView['address']) =>
  [a.line1, a.line2, a.city, a.state, a.zip, a.country].filter(Boolean).join(', ') || '—';
