import { z } from 'zod';

/**
 * The portal's rule for the ids of issuers, securities and orders in its paths: digits only, at
 * most 18 of them (interface document §4.6 types issuerId as an integer; the ids the platform
 * issues for securities and orders are numbers too).
 */
export const numericIdSchema = (name: string) =>
  z.string().regex(/^\d{1,18}$/, `${name} must be a number`);
