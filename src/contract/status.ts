import { z } from 'zod';

/**
 * A status as the BFF exposes it: lower case. The upstream's letter case is not uniform
 * (Pending, SETTLED, Voided: interface document §3), so the wire layer lower-cases every status
 * and everything above it compares exactly. The sets of values are only "values that appear",
 * so statuses stay open strings; each module lists the values known so far.
 */
export const lowerCaseStatusSchema = z
  .string()
  .min(1)
  .refine((value) => value === value.toLowerCase(), 'must be lower case');
