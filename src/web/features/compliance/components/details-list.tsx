/** A dash for a value the record does not have. */
export const orDash = (value: string | null | undefined) => (value ? value : '—');
