import { z } from 'zod';
import { accountIdSchema } from './account-views';
import { decimalStringSchema, localDateTimeSchema } from './money';
import { upstreamPaginationShape } from './pages';
import { lowerCaseStatusSchema } from './status';

/**
 * One trade of the upstream's trades collection, normalized: what an investor bought, through
 * which account, and where the trade stands.
 */
const tradeRecordSchema = z.object({
  tradeId: z.string(),
  accountId: z.string(),
  offeringId: z.string(),
  units: decimalStringSchema.nullable(),
  amount: decimalStringSchema.nullable(),
  /** Zone-less upstream time. */
  createdAt: localDateTimeSchema.nullable(),
  status: lowerCaseStatusSchema.nullable(),
  /** ACH, wire, check, credit card, as the upstream names it, lower-cased. */
  paymentMethod: lowerCaseStatusSchema.nullable(),
  archived: z.boolean(),
});
export type TradeRecord = z.infer<typeof tradeRecordSchema>;

/** `endIndex` as the upstream answers it: offset + limit (real traffic), not the last row's index. */
export const tradePageSchema = z.object({
  trades: z.array(tradeRecordSchema),
  ...upstreamPaginationShape(z.number().int().nonnegative()),
});
export type TradePage = z.infer<typeof tradePageSchema>;

/**
 * Trade statuses in words. The document shows none (§3 "Transitions of order status: not shown");
 * live traffic shows CREATED on creation and CANCELED after deleteTrade (real-world notes §4.1,
 * §4.3); the others are the names the upstream's trade workflow uses.
 */
const tradeStatusWords: Record<string, string> = {
  created: 'Created: waiting for payment and approval',
  pending: 'Pending: waiting for payment and approval',
  funded: 'Funded: payment received, waiting for approval',
  // Read by the investor and by a reviewer settling a request by hand alike.
  settled: 'Settled: the units are in the account',
  canceled: 'Cancelled',
  cancelled: 'Cancelled',
  'unwind pending': 'Being reversed',
  'unwind settled': 'Reversed',
};

export function tradeStatusInWords(status: string | null): string {
  if (!status) return 'Status not reported';
  return tradeStatusWords[status.replace(/_/g, ' ')] ?? `Status "${status}"`;
}

const holdingRowSchema = tradeRecordSchema.extend({
  offeringName: z.string().nullable(),
  statusText: z.string(),
});
export type HoldingRow = z.infer<typeof holdingRowSchema>;

const offeringHoldingSchema = z.object({
  offeringId: z.string(),
  offeringName: z.string().nullable(),
  units: decimalStringSchema,
  amount: decimalStringSchema,
  tradeCount: z.number().int().nonnegative(),
});
export type OfferingHolding = z.infer<typeof offeringHoldingSchema>;

export const holdingsQuerySchema = z.object({ accountId: accountIdSchema.optional() });

export const holdingsResultSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('available'),
    /** Newest first. Cancelled and archived trades are listed but not counted in the totals. */
    trades: z.array(holdingRowSchema),
    byOffering: z.array(offeringHoldingSchema),
    totalAmount: decimalStringSchema,
    /**
     * `totalAmount` split: settled trades (the units are in the account) and those still waiting
     * for payment or approval (created, pending, funded, being reversed, or a status not known).
     */
    settledAmount: decimalStringSchema,
    pendingAmount: decimalStringSchema,
    /** False when the list was cut at the portal's limit. */
    complete: z.boolean(),
    /** What could not be read, in words (the trades are still listed). */
    gaps: z.array(z.string()),
  }),
  z.object({
    state: z.literal('unavailable'),
    reason: z.enum(['header_auth_required', 'permission']),
    message: z.string(),
  }),
]);
export type HoldingsResult = z.infer<typeof holdingsResultSchema>;
