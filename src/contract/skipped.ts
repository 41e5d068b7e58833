import { z } from 'zod';

/**
 * How many records of an upstream list could not be understood and were left out of a reply.
 * The rest of the list is shown; pages say "N records could not be shown". Optional so that
 * replies without a list from the upstream need not carry it; absent means none.
 */
export const skippedRecordsSchema = z.number().int().nonnegative().optional();
