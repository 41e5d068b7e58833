const DAY_MS = 86_400_000;

/**
 * A period given by its first and last calendar day (`from`, `to`, UTC, both included, either
 * optional) as the store's bounds: `from` is the first instant of its day (at or after) and `to`
 * the first instant of the day after its own (before), so the whole last day is in it.
 */
export function wholeDays(period: { from?: string; to?: string }): {
  from: Date | undefined;
  to: Date | undefined;
} {
  return {
    from: period.from ? new Date(`${period.from}T00:00:00Z`) : undefined,
    to: period.to ? new Date(new Date(`${period.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
  };
}
