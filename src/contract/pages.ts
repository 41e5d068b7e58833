import { z } from 'zod';

/**
 * The `pagination` of an upstream collection, as numbers (interface document §4.3, §4.16). Where
 * `endIndex` points differs from call to call, so each page says what its `endIndex` is.
 */
export const upstreamPaginationShape = (endIndex: z.ZodNumber) => ({
  totalRecords: z.number().int().nonnegative(),
  /** The first record's index, from 0. */
  startIndex: z.number().int().nonnegative(),
  endIndex,
});

/** The slice of a list the BFF was asked for (its `offset` and `limit` query), given back. */
export const requestedSliceShape = {
  offset: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
};
