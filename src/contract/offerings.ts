import { z } from 'zod';
import { skippedRecordsSchema } from './skipped';
import { decimalStringSchema, isoDateSchema, localDateTimeSchema } from './money';

/** The offering a route is about, as its path names it. */
export const offeringParamsSchema = z.object({
  offeringId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'offeringId must be 1 to 64 letters or digits'),
});

/** Offering status, lower-cased (the upstream sends Pending, closed, ...: interface document §2.2, §3). */
const offeringStatusSchema = z.string().min(1);

export const offeringSchema = z.object({
  id: z.string(),
  issuerId: z.string(),
  name: z.string(),
  type: z.string(),
  status: offeringStatusSchema,
  unitPrice: decimalStringSchema,
  minAmount: decimalStringSchema,
  targetAmount: decimalStringSchema,
  maxAmount: decimalStringSchema,
  totalShares: decimalStringSchema,
  remainingShares: decimalStringSchema,
  /** Calendar dates (the upstream's MM-DD-YYYY), null when the upstream sends none or garbage. */
  startDate: isoDateSchema.nullable(),
  endDate: isoDateSchema.nullable(),
  description: z.string(),
  stampingText: z.string(),
  /** Zone-less wall-clock timestamp as the upstream gives it. */
  createdAt: localDateTimeSchema.nullable(),
});
export type Offering = z.infer<typeof offeringSchema>;

export const offeringListQuerySchema = z.object({
  status: z.string().max(40).optional(),
});

export const offeringListSchema = z.object({
  offerings: z.array(offeringSchema),
  skippedRecords: skippedRecordsSchema,
});
export type OfferingList = z.infer<typeof offeringListSchema>;

export const offeringDetailSchema = z.object({ offering: offeringSchema });
