import { viewerTimeZone } from './format';

/**
 * A list's query with the zone its From and To days are days of (the viewer's): the BFF counts
 * them in it (dates.wholeDays), as the rows show their times. Without a day, nothing is added.
 */
export function periodQuery<Query extends { from?: string | null; to?: string | null }>(
  query: Query,
): Query & { timeZone?: string } {
  return query.from || query.to ? { ...query, timeZone: viewerTimeZone() } : query;
}
