import { z } from 'zod';
import { decimalStringSchema, instantSchema, localDateTimeSchema } from './money';
import { lowerCaseStatusSchema } from './status';

export const orderSideSchema = z.enum(['bid', 'offer']);

/**
 * When a match was recorded. The upstream gives no format for it, so this is either an instant
 * (with Z) or a zone-less wall-clock timestamp, kept as received.
 */
export const matchTimestampSchema = z.union([instantSchema, localDateTimeSchema]);

export const matchSchema = z.object({
  matchId: z.string(),
  executedPrice: decimalStringSchema,
  executedQuantity: decimalStringSchema,
  executedTotal: decimalStringSchema,
  createdAt: matchTimestampSchema.nullable(),
  /** Null while the match has never been updated. */
  updatedAt: matchTimestampSchema.nullable(),
  createdIp: z.string().nullable(),
});
export type Match = z.infer<typeof matchSchema>;

export const orderSchema = z.object({
  id: z.string(),
  securityId: z.string(),
  securityName: z.string(),
  side: orderSideSchema,
  shares: decimalStringSchema,
  sharesRemaining: decimalStringSchema,
  pricePerShare: decimalStringSchema,
  totalAmount: decimalStringSchema,
  status: lowerCaseStatusSchema,
  memberId: z.string(),
  accountId: z.string().nullable(),
  createdAt: instantSchema,
  /** Null while the order has never been updated. */
  updatedAt: instantSchema.nullable(),
  createdIp: z.string().nullable(),
  /** The upstream's PND flag, as received (value seen: N). */
  pnd: z.string().nullable(),
  contingencies: z.string().nullable(),
  minimumThreshold: decimalStringSchema.nullable(),
  solicited: z.string().nullable(),
  /** Empty when the order has no matches. */
  matches: z.array(matchSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** One page of the order book of a day; `start` and `end` are the requested record indexes. */
export interface OrderDayPage {
  /** ISO `YYYY-MM-DD`. */
  date: string;
  start: number;
  end: number;
  orders: Order[];
}
