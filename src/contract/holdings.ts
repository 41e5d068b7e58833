import { z } from 'zod';
import { decimalStringSchema, localDateTimeSchema } from './money';
import { lowerCaseStatusSchema } from './status';

/**
 * One trade of the upstream's trades collection, normalized: what an investor bought, through
 * which account, and where the trade stands.
 */
export const tradeRecordSchema = z.object({
  tradeId: z.string(),
  accountId: z.string(),
  offeringId: z.string(),
  units: decimalStringSchema.nullable(),
  amount: decimalStringSchema.nullable(),
  /** Zone-less upstream time (architecture decision 6). */
  createdAt: localDateTimeSchema.nullable(),
  status: lowerCaseStatusSchema.nullable(),
  /** ACH, wire, check, credit card, as the upstream names it, lower-cased. */
  paymentMethod: lowerCaseStatusSchema.nullable(),
  archived: z.boolean(),
});
export type TradeRecord = z.infer<typeof tradeRecordSchema>;

export const tradePageSchema = z.object({
  trades: z.array(tradeRecordSchema),
  totalRecords: z.number().int().nonnegative(),
  /** First row's index (0-based). */
  startIndex: z.number().int().nonnegative(),
  /** As the upstream answers it: offset + limit (real traffic), not the last row's index. */
  endIndex: z.number().int().nonnegative(),
});
export type TradePage = z.infer<typeof tradePageSchema>;
