/** A dash for a value the record does not have. */
export const orDash = (value: string | null | undefined) => (value ? value : '—');

type PostalAddress = {
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
};

/** A party's address on one line, its parts in postal order; a dash when it has none. */
export const oneLineAddress = (a: PostalAddress) =>
  [a.line1, a.line2, a.city, a.state, a.zip, a.country].filter(Boolean).join(', ') || '—';
