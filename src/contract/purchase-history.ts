import { z } from 'zod';
import { decimalStringSchema, localDateTimeSchema } from './money';

/** A part of a purchase record that was missing or could not be read. */
const purchasePartSchema = z.enum(['investor', 'amount', 'shares', 'date']);
export type PurchasePart = z.infer<typeof purchasePartSchema>;

/**
 * One purchase in an offering (interface document §2.3). A record whose trade id could be read is
 * kept with the parts that could be read: an unreadable amount leaves its shares counted, a
 * missing investor its amount and shares. `unreadable` names the parts that are null for that
 * reason, so each figure can say what it lacks.
 */
const purchaseSchema = z.object({
  tradeId: z.string(),
  accountId: z.string().nullable(),
  accountName: z.string().nullable(),
  offeringId: z.string(),
  amount: decimalStringSchema.nullable(),
  shares: decimalStringSchema.nullable(),
  purchasedAt: localDateTimeSchema.nullable(),
  unreadable: z.array(purchasePartSchema),
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
