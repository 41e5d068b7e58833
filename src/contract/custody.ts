import { z } from 'zod';
import { postalAddressSchema } from './accounts';
import { decimalStringSchema, localDateTimeSchema, upstreamTimeSchema } from './money';
import { referenceSchema } from './money-requests';
import { upstreamPaginationShape } from './pages';
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

/**
 * Which way a fund move takes the money: into the custody account, out of it, or null when
 * nothing the portal can read says so (the record has no such field, §2.9).
 */
export const fundMoveDirectionSchema = z.enum(['in', 'out']).nullable();
export type FundMoveDirection = z.infer<typeof fundMoveDirectionSchema>;

/**
 * What a fund move's `routingNumber` holds: an ABA routing number, or the SWIFT/BIC of an
 * international wire, whose move carries the wire's bankId there (§2.9, §4.5); null when the
 * record does not say (no value, and no disbursement type in its description).
 */
export const bankIdKindSchema = z.enum(['routing_number', 'swift_bic']).nullable();
export type BankIdKind = z.infer<typeof bankIdKindSchema>;

/**
 * Money moved into or out of a custody account (interface document §2.9 calls it a deposit
 * intent; getCustodyFundMoves also lists the money a disbursement takes out, §4.3, §2.10).
 */
export const fundMoveSchema = z.object({
  referenceNumber: z.string(),
  accountId: z.string(),
  amount: decimalStringSchema,
  bankName: z.string().nullable(),
  /** Bank account number in clear text; the BFF masks it before it leaves the server. */
  bankAccountNumber: z.string().nullable(),
  routingNumber: z.string().nullable(),
  /** Which number `routingNumber` is, so that it is named as such even once masked. */
  bankIdKind: bankIdKindSchema,
  bankAccountName: z.string().nullable(),
  description: z.string().nullable(),
  direction: fundMoveDirectionSchema,
  /** Our register reference of the disbursement or deposit that made this move, found in its description. */
  portalReference: referenceSchema.nullable(),
  /** Null when the upstream generation in use reports no approval step. */
  approvalStatus: lowerCaseStatusSchema.nullable(),
  status: lowerCaseStatusSchema,
  routingNumberStatus: lowerCaseStatusSchema.nullable(),
  /** The upstream's error text; null when there is none. */
  errorMessage: z.string().nullable(),
  createdAt: upstreamTimeSchema.nullable(),
  updatedAt: upstreamTimeSchema.nullable(),
});
export type FundMove = z.infer<typeof fundMoveSchema>;

/**
 * `endIndex` is the last record's index, inclusive, so -1 or more: an empty page ends before it
 * starts (interface document §4.3).
 */
export const fundMovePageSchema = z.object({
  moves: z.array(fundMoveSchema),
  ...upstreamPaginationShape(z.number().int().min(-1)),
});
export type FundMovePage = z.infer<typeof fundMovePageSchema>;

export const disbursementTypeSchema = z.enum(['ach', 'wire_domestic', 'wire_international']);
export type DisbursementType = z.infer<typeof disbursementTypeSchema>;

/** A disbursement as the upstream recorded it (interface document §2.10). */
export interface Disbursement {
  requestId: string;
  accountId: string;
  /** A decimal string. */
  amount: string;
  type: DisbursementType;
  /** Routing number or SWIFT ID; null for ACH. */
  bankId: string | null;
  /** Account number or IBAN; null for ACH. */
  bankAccountId: string | null;
  additionalDetails: string | null;
  /** Lower case (§3). */
  status: string;
  /** Zone-less `YYYY-MM-DD HH:mm:ss`. */
  createdAt: string | null;
  updatedAt: string | null;
}

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

/** Where assets are held now (interface document §2.11, bank*1 and bank*2). */
export interface AssetHolding {
  firmName: string | null;
  country: string | null;
  accountName: string | null;
  accountNumber: string | null;
}

/** The codes of the supplement's choices (interface document §4.7). */
export const investmentManagerChoiceSchema = z.enum(['appoint', 'not_now']);
export type InvestmentManagerChoice = z.infer<typeof investmentManagerChoiceSchema>;
export const proxyVotingChoiceSchema = z.enum(['receive_all', 'send_to_manager', 'send_none']);
export type ProxyVotingChoice = z.infer<typeof proxyVotingChoiceSchema>;
export const contributionMethodSchema = z.enum([
  'transfer',
  'regular_contribution',
  'roth_conversion',
  'rollover',
  'sep_contribution',
]);
export type ContributionMethod = z.infer<typeof contributionMethodSchema>;

/**
 * The wire layer's input for addCustodyAccountSupplement (interface document §4.7), built from
 * the validated wizard by `toSupplementRequest` (ira.ts), so it carries no rules of its own.
 */
export interface AccountSupplementRequest {
  accountId: string;
  maritalStatus: MaritalStatus;
  mailingAddress: {
    line1: string;
    line2?: string;
    city: string;
    state: string;
    zipCode: string;
    country: string;
  };
  investmentManager?: InvestmentManagerChoice;
  proxyVoting?: ProxyVotingChoice;
  otherServices?: string;
  contributionMethod?: ContributionMethod;
  contributionTaxYear?: string;
  internationalAccountNumber?: string;
  holdings?: Partial<AssetHolding>[];
}

/**
 * The address of a supplement as the upstream recorded it: a postal address, each part may be
 * missing, whose postal code the supplement calls `zipCode` (interface document §2.11).
 */
export const recordedAddressSchema = postalAddressSchema
  .omit({ zip: true })
  .extend({ zipCode: z.string().nullable() });

/**
 * The custodial (IRA) account request as the upstream recorded it (interface document §2.11),
 * its choices already read back into our words by the wire layer; null where the upstream
 * answered nothing or something it does not document.
 */
export interface AccountSupplement {
  accountId: string;
  maritalStatus: MaritalStatus | null;
  mailingAddress: z.infer<typeof recordedAddressSchema>;
  investmentManager: InvestmentManagerChoice | null;
  proxyVoting: ProxyVotingChoice | null;
  otherServices: string | null;
  contributionMethod: ContributionMethod | null;
  contributionTaxYear: string | null;
  internationalAccountNumber: string | null;
  holdings: AssetHolding[];
}
