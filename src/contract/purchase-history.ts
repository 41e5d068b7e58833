import { z } from 'zod';
import { decimalStringSchema, localDateTimeSchema } from './money';

/** One purchase in an offering (interface document §2.3). */
const purchaseSchema = z.object({
  tradeId: z.string(),
  accountId: z.string(),
  accountName: z.string().nullable(),
  offeringId: z.string(),
  amount: decimalStringSchema,
  shares: decimalStringSchema,
  purchasedAt: localDateTimeSchema.nullable(),
  /** Snapshot of the offering at the time of the record. */
  offeringTotalShares: decimalStringSchema.nullable(),
  targetAmount: decimalStringSchema.nullable(),
  remainingShares: decimalStringSchema.nullable(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

/** The purchase history of an offering with the upstream's summary (§2.3). */
export const purchaseHistorySchema = z.object({
  offeringId: z.string(),
  purchases: z.array(purchaseSchema),
  totalAmountRaised: decimalStringSchema.nullable(),
  totalShares: decimalStringSchema.nullable(),
  totalSharesPurchased: decimalStringSchema.nullable(),
  totalSharesLeft: decimalStringSchema.nullable(),
  balanceAmount: decimalStringSchema.nullable(),
});
export type PurchaseHistory = z.infer<typeof purchaseHistorySchema>;
