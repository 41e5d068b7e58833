import { z } from 'zod';
import { decimalStringSchema, isoDateSchema, localDateTimeSchema } from './money';
import { lowerCaseStatusSchema } from './status';

/** How the investor pays for a trade. */
export const paymentMethodSchema = z.enum(['ach', 'wire', 'check', 'credit_card']);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const tradeRequestSchema = z.object({
  accountId: z.string().min(1),
  offeringId: z.string().min(1),
  /** Number of units (shares) to buy. */
  units: decimalStringSchema.refine(
    (value) => /[1-9]/.test(value) && !value.startsWith('-'),
    'Units must be greater than zero',
  ),
  paymentMethod: paymentMethodSchema,
});
export type TradeRequest = z.infer<typeof tradeRequestSchema>;

/** An approval step of a trade (registered representative or principal). */
export const tradeApprovalSchema = z.object({
  status: lowerCaseStatusSchema.nullable(),
  name: z.string().nullable(),
  date: isoDateSchema.nullable(),
});
export type TradeApproval = z.infer<typeof tradeApprovalSchema>;

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
