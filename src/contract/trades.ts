import { z } from 'zod';
import { decimalStringSchema, isoDateSchema, localDateTimeSchema } from './money';
import { lowerCaseStatusSchema } from './status';

/** How the investor pays for a trade. */
export const paymentMethodSchema = z.enum(['ach', 'wire', 'check', 'credit_card']);

/** The wire layer's input for createTrade (§4.16), built from the checked investment form. */
export interface TradeRequest {
  accountId: string;
  offeringId: string;
  /** Number of units (shares) to buy, a positive decimal string. */
  units: string;
  paymentMethod: z.infer<typeof paymentMethodSchema>;
}

/** An approval step of a trade (registered representative or principal). */
const tradeApprovalSchema = z.object({
  status: lowerCaseStatusSchema.nullable(),
  name: z.string().nullable(),
  date: isoDateSchema.nullable(),
});

/** What the upstream answers when a trade is created. Live status: created. */
export const tradeReceiptSchema = z.object({
  tradeId: z.string(),
  transactionId: z.string().nullable(),
  amount: decimalStringSchema.nullable(),
  createdAt: localDateTimeSchema.nullable(),
  status: lowerCaseStatusSchema,
  registeredRepApproval: tradeApprovalSchema,
  principalApproval: tradeApprovalSchema,
});
export type TradeReceipt = z.infer<typeof tradeReceiptSchema>;
