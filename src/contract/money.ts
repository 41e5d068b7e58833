import { z } from 'zod';

// Exact decimal amounts travel as strings; the one decimal type and its arithmetic live in
// decimal.ts.
export { decimalStringSchema } from './decimal';

/** An ISO 8601 calendar date, YYYY-MM-DD. */
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

/**
 * A wall-clock timestamp without a zone, `YYYY-MM-DDTHH:mm:ss`. The upstream sends these without
 * a zone (interface document §2 Conventions) and we keep them zone-less and labelled.
 */
export const localDateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, 'must be a timestamp YYYY-MM-DDTHH:mm:ss');

/** An instant in UTC, ISO 8601 with Z. */
export const instantSchema = z.string().regex(/Z$/, 'must be an ISO 8601 UTC timestamp');

/**
 * A time the upstream gave where answers differ in form (fund moves, §2.9): the documented
 * zone-less wall time, or the instant in UTC when the answer carried a zone of its own. Read it
 * with `upstreamTimeToInstant` (time.ts), never as text: the two forms do not sort together.
 */
export const upstreamTimeSchema = z.union([localDateTimeSchema, instantSchema]);
