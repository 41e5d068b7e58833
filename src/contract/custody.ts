import { z } from 'zod';
import { decimalStringSchema, localDateTimeSchema } from './money';
import { lowerCaseStatusSchema } from './status';

/** Values of a fund move's approval and ACH status (interface document §3). */
export const knownFundMoveApprovalStatuses = ['pending', 'declined', 'approved'] as const;
export const knownFundMoveStatuses = [
  'pending',
  'submitted',
  'settled',
  'returned',
  'voided',
  'declined',
] as const;

/** A deposit intent into a custody account (interface document §2.9). */
export const fundMoveSchema = z.object({
  referenceNumber: z.string(),
  accountId: z.string(),
  amount: decimalStringSchema,
  bankName: z.string().nullable(),
  /** Bank account number in clear text; the BFF masks it before it leaves the server. */
  bankAccountNumber: z.string().nullable(),
  routingNumber: z.string().nullable(),
  bankAccountName: z.string().nullable(),
  description: z.string().nullable(),
  /** Null when the upstream generation in use reports no approval step. */
  approvalStatus: lowerCaseStatusSchema.nullable(),
  status: lowerCaseStatusSchema,
  routingNumberStatus: lowerCaseStatusSchema.nullable(),
  /** The upstream's error text; null when there is none. */
  errorMessage: z.string().nullable(),
  createdAt: localDateTimeSchema.nullable(),
  updatedAt: localDateTimeSchema.nullable(),
});
export type FundMove = z.infer<typeof fundMoveSchema>;

/** `startIndex` and `endIndex` start at 0 and `endIndex` is inclusive (interface document §4.3). */
export const fundMovePageSchema = z.object({
  moves: z.array(fundMoveSchema),
  totalRecords: z.number().int().nonnegative(),
  startIndex: z.number().int().nonnegative(),
  /** -1 or more: an empty page ends before it starts (§4.3). */
  endIndex: z.number().int().min(-1),
});
export type FundMovePage = z.infer<typeof fundMovePageSchema>;

export const fundMoveQuerySchema = z.object({
  accountId: z.string().min(1).max(40).optional(),
  offset: z.coerce.number().int().nonnegative().default(0),
  limit: z.coerce.number().int().min(1).max(500).default(25),
});
export type FundMoveQuery = z.infer<typeof fundMoveQuerySchema>;

/* Shared form and server rules for bank identifiers (interface document §4.5, §8). */
export const routingNumberSchema = z.string().regex(/^\d{9}$/, 'Routing number must be 9 digits');
export const swiftIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9]{8,11}$/, 'SWIFT ID must be 8 to 11 letters or digits');
export const usBankAccountNumberSchema = z
  .string()
  .regex(/^\d{6,17}$/, 'Account number must be 6 to 17 digits');
export const internationalAccountNumberSchema = z
  .string()
  .regex(/^[A-Za-z0-9]{14,34}$/, 'IBAN or account number must be 14 to 34 letters or digits');

export const disbursementTypeSchema = z.enum(['ach', 'wire_domestic', 'wire_international']);
export type DisbursementType = z.infer<typeof disbursementTypeSchema>;

const positiveAmountSchema = decimalStringSchema.refine(
  (value) => /[1-9]/.test(value) && !value.startsWith('-'),
  'Amount must be greater than zero',
);

/** A request to move money out of a custody account. Bank fields are for wires only. */
export const disbursementRequestSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ach'),
    accountId: z.string().min(1),
    amount: positiveAmountSchema,
  }),
  z.object({
    type: z.literal('wire_domestic'),
    accountId: z.string().min(1),
    amount: positiveAmountSchema,
    bankId: routingNumberSchema,
    bankAccountId: usBankAccountNumberSchema,
    additionalDetails: z.string().max(500).optional(),
  }),
  z.object({
    type: z.literal('wire_international'),
    accountId: z.string().min(1),
    amount: positiveAmountSchema,
    bankId: swiftIdSchema,
    bankAccountId: internationalAccountNumberSchema,
    additionalDetails: z.string().max(500).optional(),
  }),
]);
export type DisbursementRequest = z.infer<typeof disbursementRequestSchema>;

/** A disbursement as the upstream recorded it (interface document §2.10). */
export const disbursementSchema = z.object({
  requestId: z.string(),
  accountId: z.string(),
  amount: decimalStringSchema,
  type: disbursementTypeSchema,
  /** Routing number or SWIFT ID; null for ACH. */
  bankId: z.string().nullable(),
  /** Account number or IBAN; null for ACH. */
  bankAccountId: z.string().nullable(),
  additionalDetails: z.string().nullable(),
  status: lowerCaseStatusSchema,
  createdAt: localDateTimeSchema.nullable(),
  updatedAt: localDateTimeSchema.nullable(),
});
export type Disbursement = z.infer<typeof disbursementSchema>;

/** A custody account (interface document §2.12). */
export const custodyAccountSchema = z.object({
  accountId: z.string(),
  requestId: z.string(),
  status: lowerCaseStatusSchema,
  relationship: z.string().nullable(),
  restricted: z.boolean(),
  restrictedReason: z.string().nullable(),
  principalReviewBy: z.string().nullable(),
  approvedAt: localDateTimeSchema.nullable(),
  notes: z.string().nullable(),
  createdAt: localDateTimeSchema.nullable(),
  updatedAt: localDateTimeSchema.nullable(),
});
export type CustodyAccount = z.infer<typeof custodyAccountSchema>;

export const maritalStatusSchema = z.enum(['married', 'not_married']);
export type MaritalStatus = z.infer<typeof maritalStatusSchema>;

export const mailingAddressSchema = z.object({
  line1: z.string().min(1, 'Address line 1 is required'),
  line2: z.string().nullable(),
  city: z.string().min(1, 'City is required'),
  state: z.string().min(1, 'State is required'),
  zipCode: z.string().min(1, 'ZIP code is required'),
  country: z.string().min(1, 'Country is required'),
});
export type MailingAddress = z.infer<typeof mailingAddressSchema>;

/** Where assets are held now (interface document §2.11, bank*1 and bank*2). */
export const assetHoldingSchema = z.object({
  firmName: z.string().nullable(),
  country: z.string().nullable(),
  accountName: z.string().nullable(),
  accountNumber: z.string().nullable(),
});
export type AssetHolding = z.infer<typeof assetHoldingSchema>;

/** The codes of the supplement's choices (interface document §4.7). */
export const investmentManagerChoiceSchema = z.enum(['appoint', 'not_now']);
export const proxyVotingChoiceSchema = z.enum(['receive_all', 'send_to_manager', 'send_none']);
export const contributionMethodSchema = z.enum([
  'transfer',
  'regular_contribution',
  'roth_conversion',
  'rollover',
  'sep_contribution',
]);

export const accountSupplementRequestSchema = z
  .object({
    accountId: z.string().min(1),
    maritalStatus: maritalStatusSchema,
    mailingAddress: mailingAddressSchema.extend({ line2: z.string().optional() }),
    investmentManager: investmentManagerChoiceSchema.optional(),
    proxyVoting: proxyVotingChoiceSchema.optional(),
    otherServices: z.string().optional(),
    contributionMethod: contributionMethodSchema.optional(),
    contributionTaxYear: z
      .string()
      .regex(/^\d{4}$/, 'Tax year must be YYYY')
      .optional(),
    internationalAccountNumber: z.string().optional(),
    holdings: z.array(assetHoldingSchema.partial()).max(2).optional(),
  })
  .refine(
    (request) =>
      request.contributionMethod !== 'regular_contribution' || !!request.contributionTaxYear,
    { message: 'Tax year is required for a regular contribution', path: ['contributionTaxYear'] },
  );
export type AccountSupplementRequest = z.infer<typeof accountSupplementRequestSchema>;

/**
 * The custodial (IRA) account request as the upstream recorded it (interface document §2.11).
 * The choice fields are kept as the upstream returns them: it answers maritalStatus as text
 * although it is sent as a code, and the others are not documented on the way back.
 */
export const accountSupplementSchema = z.object({
  accountId: z.string(),
  maritalStatus: maritalStatusSchema.nullable(),
  mailingAddress: z.object({
    line1: z.string().nullable(),
    line2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zipCode: z.string().nullable(),
    country: z.string().nullable(),
  }),
  investmentManager: z.string().nullable(),
  proxyVoting: z.string().nullable(),
  otherServices: z.string().nullable(),
  contributionMethod: z.string().nullable(),
  contributionTaxYear: z.string().nullable(),
  internationalAccountNumber: z.string().nullable(),
  holdings: z.array(assetHoldingSchema),
});
export type AccountSupplement = z.infer<typeof accountSupplementSchema>;
