import { z } from 'zod';
import { decimalStringSchema, isoDateSchema, localDateTimeSchema } from './money';
import { lowerCaseStatusSchema } from './status';

/**
 * When a review happened: a calendar date (the upstream's MM-DD-YYYY fields) or a zone-less
 * wall-clock timestamp (its `YYYY-MM-DD HH:mm:ss` fields), interface document §2.5.
 */
const reviewDateSchema = z.union([isoDateSchema, localDateTimeSchema]);

/** One review of an account or party: KYC, AML, accreditation or approval (§2.5, §3). */
export const reviewSchema = z.object({
  /** Lower case; null when the upstream has none. Value seen: pending. */
  status: lowerCaseStatusSchema.nullable(),
  date: reviewDateSchema.nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** A postal address as the upstream records it; each part may be missing. */
export const postalAddressSchema = z.object({
  line1: z.string().nullable(),
  line2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
});

/** The four reviews of an investor account (§2.5), each a status and its date. */
export const accountReviewsSchema = z.object({
  kyc: reviewSchema,
  aml: reviewSchema,
  // Only accreditedStatus and its date (§2.5). getAccount's accreditedInvestor is not passed on:
  // the interface document gives it no meaning (§2.5 leaves its notes empty), the values seen
  // differ in kind ("income" in a documented sample, Yes/No elsewhere; real-world notes: it is
  // what createAccount's `Allow` was sent as), and a yes/no beside the review's status reads as
  // a verdict that can contradict it ("Approved", "No").
  accreditation: reviewSchema,
  approval: reviewSchema,
});

/** An investor account (interface document §2.5). Empty upstream values become null. */
export const accountSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  /** Lower case; value seen: individual. */
  type: z.string().nullable(),
  entityType: z.string().nullable(),
  residentType: z.string().nullable(),
  address: postalAddressSchema,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Sensitive: the BFF decides who sees it. */
  taxId: z.string().nullable(),
  reviews: accountReviewsSchema.extend({
    /** The account page names who approved it; the list of accounts leaves the principal out. */
    approval: reviewSchema.extend({ principal: z.string().nullable() }),
  }),
  suitability: z.object({
    score: z.string().nullable(),
    date: localDateTimeSchema.nullable(),
    approver: z.string().nullable(),
  }),
  limits: z.object({
    /** The Rule 506(c) investment limit. */
    rule506c: decimalStringSchema.nullable(),
    accountTotal: decimalStringSchema.nullable(),
    singleInvestment: decimalStringSchema.nullable(),
  }),
  associatedAccount: z.string().nullable(),
  syndicate: z.string().nullable(),
  tags: z.string().nullable(),
  notes: z.string().nullable(),
  /** Known only from getAccount; null when the upstream does not say. */
  archived: z.boolean().nullable(),
  /** The upstream's three free account fields, in order. */
  customFields: z.tuple([z.string().nullable(), z.string().nullable(), z.string().nullable()]),
  createdAt: localDateTimeSchema.nullable(),
  updatedAt: localDateTimeSchema.nullable(),
});
export type Account = z.infer<typeof accountSchema>;

/** An entity party (interface document §2.6). */
export const entityPartySchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  type: z.string().nullable(),
  description: z.string().nullable(),
  domicile: z.string().nullable(),
  /** Employer identification number; sensitive. */
  ein: z.string().nullable(),
  address: postalAddressSchema,
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  totalAssets: z.string().nullable(),
  ownersAccredited: z.string().nullable(),
  reviews: z.object({ kyc: reviewSchema, aml: reviewSchema }),
  tags: z.string().nullable(),
  notes: z.string().nullable(),
});
export type EntityParty = z.infer<typeof entityPartySchema>;
