import { z } from 'zod';
import { reasonForDecisionSchema } from './free-text';
import { issuerAccountRecordSchema } from './issuers';
import { offeringSchema } from './offerings';
import { numericIdSchema } from './platform-ids';
import { purchaseHistorySchema } from './purchase-history';
import { skippedRecordsSchema } from './skipped';
import { lowerCaseStatusSchema } from './status';
import {
  checkCountryCode,
  checkDateOfBirth,
  checkEin,
  checkSsn,
  checkZip,
  makeCountryCodeSchema,
  usStateSchema,
} from './rules/identity';
import { pass, ruleSchema, type RuleResult } from './rules/result';
import { keysOf } from './keys-of';

/**
 * The issuer's entity types (§4.6: "LLC, LP, Corp, GP or Soleprop"), as the platform
 * spells them, in the words a person reads in the form and wherever a saved one is shown.
 */
export const entityTypeLabels = {
  LLC: 'Limited liability company (LLC)',
  LP: 'Limited partnership (LP)',
  Corp: 'Corporation',
  GP: 'General partnership (GP)',
  Soleprop: 'Sole proprietorship',
};

/** An entity type in words; one the list does not know is shown as the platform gave it. */
export const entityTypeInWords = (code: string): string =>
  (entityTypeLabels as Record<string, string>)[code] ?? code;

export const issuerParamsSchema = z.object({ issuerId: numericIdSchema('issuerId') });

/** The offerings of the issuers linked to the signed-in issuer staff member. */
export const issuerOfferingsSchema = z.object({
  offerings: z.array(offeringSchema),
  skippedRecords: skippedRecordsSchema,
});
export type IssuerOfferings = z.infer<typeof issuerOfferingsSchema>;

/** A trade's status as the trades collection holds it (the purchase history carries none, §2.3). */
const purchaseStatusSchema = z.object({
  tradeId: z.string(),
  status: lowerCaseStatusSchema.nullable(),
  archived: z.boolean(),
});

/**
 * The statuses of the offering's trades, read from the GET trades collection (§4.16) because
 * getOfferingPurchaseHistory's trade records carry no status (§2.3). `unavailable`: none could be
 * read, and `message` says why; a trade missing from `trades` has no known status.
 */
const purchaseStatusesSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('read'),
    trades: z.array(purchaseStatusSchema),
    /** False when the collection was not read to its end: the trades not read have no status. */
    complete: z.boolean(),
  }),
  z.object({
    state: z.literal('unavailable'),
    message: z.string(),
    /** Reading again will not help until an administrator acts (the message says what). */
    lasting: z.boolean().optional(),
  }),
]);
export type PurchaseStatuses = z.infer<typeof purchaseStatusesSchema>;

/** The purchase history (§2.3) with the offering it belongs to (null when no longer listed). */
export const offeringPurchaseHistorySchema = z.object({
  offering: offeringSchema.nullable(),
  history: purchaseHistorySchema,
  /** Purchase records that could not be understood and are not in `history`. */
  skippedRecords: skippedRecordsSchema,
  statuses: purchaseStatusesSchema,
});
export type OfferingPurchaseHistory = z.infer<typeof offeringPurchaseHistorySchema>;

/** An optional form field: empty passes as '', anything typed must pass the rule. */
const optionalRule = (rule: (input: string) => RuleResult) =>
  ruleSchema((input) => (input.trim() === '' ? pass('') : rule(input)), '').optional();

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} is at most ${max} characters`).optional();

const yesNo = z.enum(['', 'Yes', 'No'], { error: 'Choose Yes or No' }).optional();

/** The confirmation asked before a save, in the words the form shows (and its error names). */
export const issuerAccountCheckedLabel =
  'I have checked with the platform that it holds no issuer account of this issuer';

/**
 * The issuer account form (createIssuerAccount, interface document §4.6). The same schema checks
 * the browser form and the BFF body; empty optional fields are sent as ''. The requester's IP
 * address is not part of it: the BFF fills it in from the request, never from the browser.
 */
export const issuerAccountFormSchema = z.object({
  companyName: z
    .string()
    .trim()
    .min(1, 'Company name is required')
    .max(200, 'Company name is at most 200 characters'),
  companyState: usStateSchema,
  issuingCountry: makeCountryCodeSchema('Issuing country'),
  accountType: z
    .enum(['', 'CHECKING', 'SAVINGS'], { error: 'Choose checking or savings' })
    .optional(),
  entityType: z
    .enum(['', ...keysOf(entityTypeLabels)], { error: 'Choose one of the entity types listed' })
    .optional(),
  companyTaxId: optionalRule(checkEin),
  accountMiddleInitial: z
    .string()
    .trim()
    .regex(/^[A-Za-z]?$/, "Holder's middle initial is one letter")
    .optional(),
  socialSecurityNumber: optionalRule(checkSsn),
  // Named as the form labels them: the holder's, beside the company's details.
  dateOfBirth: optionalRule((input) =>
    checkDateOfBirth(input, { minimumAge: 18, field: "Holder's date of birth" }),
  ),
  residentUs: yesNo,
  citizenUs: yesNo,
  addressLine1: optionalText(200, 'Address line 1'),
  addressLine2: optionalText(200, 'Address line 2'),
  city: optionalText(100, 'City'),
  zip: optionalRule(checkZip),
  country: optionalRule(checkCountryCode),
  additionalInfo: optionalText(1000, 'Additional information'),
  /**
   * The person checked with the platform that it holds no issuer account of this issuer yet. The
   * interface document names no read of an issuer account (§4.6 only creates; the GET issuers
   * collection is only named, §4.16), so one set up outside the portal cannot be shown, and each
   * save adds another record (§2.4 keys records by a counter). The BFF audits the confirmation.
   */
  checkedNoIssuerAccount: z.boolean().refine((checked) => checked, {
    error: `Tick "${issuerAccountCheckedLabel}": the platform may already hold an issuer account of this issuer, and saving adds another record`,
  }),
});
export type IssuerAccountForm = z.input<typeof issuerAccountFormSchema>;

/**
 * An issuer account record as saved (§2.4), with the tax id, SSN and date of birth masked by the
 * BFF: they are never sent back in clear.
 */
const savedIssuerAccountSchema = issuerAccountRecordSchema
  .omit({ companyTaxId: true, socialSecurityNumber: true, dateOfBirth: true })
  .extend({
    maskedCompanyTaxId: z.string().nullable(),
    maskedSocialSecurityNumber: z.string().nullable(),
    maskedDateOfBirth: z.string().nullable(),
  });
export type SavedIssuerAccount = z.infer<typeof savedIssuerAccountSchema>;

export const savedIssuerAccountsSchema = z.object({ records: z.array(savedIssuerAccountSchema) });
export type SavedIssuerAccounts = z.infer<typeof savedIssuerAccountsSchema>;

const sentText = z.string().nullable();

/**
 * What a save of the issuer account sent, as the portal keeps it: every answer of the form, but
 * the EIN masked to its last four digits and the Social Security number likewise, and of the date
 * of birth only whether one was given. The platform is asked about the save by these details:
 * createIssuerAccount carries no reference of ours upstream (§4.6), so nothing else names it
 * there. The clear values are never kept: "does not hold it" fills the form again from this,
 * and the person types those three again.
 */
export const sentIssuerAccountSchema = z.object({
  companyName: z.string(),
  companyState: z.string(),
  issuingCountry: z.string(),
  accountType: sentText,
  entityType: sentText,
  /** `••-•••4321`. */
  maskedCompanyTaxId: sentText,
  accountMiddleInitial: sentText,
  /** `•••-••-6789`. */
  maskedSocialSecurityNumber: sentText,
  dateOfBirthGiven: z.boolean(),
  residentUs: sentText,
  citizenUs: sentText,
  addressLine1: sentText,
  addressLine2: sentText,
  city: sentText,
  zip: sentText,
  country: sentText,
  additionalInfo: sentText,
});
export type SentIssuerAccount = z.infer<typeof sentIssuerAccountSchema>;

/**
 * An attempt to save whose answer was lost (a timeout, a dropped connection): the platform may or
 * may not hold its details, and the portal cannot read them back (§4.6 names no read). Until
 * someone of the issuer has asked the platform and recorded what it said, no new save is sent:
 * it would add a second record.
 */
export const unsettledIssuerAccountAttemptSchema = z.object({
  /**
   * When the save was sent: nothing of ours rides with it (§4.6), so this is what the platform is
   * asked about. For a lost save recorded before the portal kept that, when it was found lost.
   */
  at: z.iso.datetime(),
  by: z.string().nullable(),
  /**
   * The portal's own id of the request (its logs and audit log know it; the platform never
   * received it, so it is not what the platform is asked by).
   */
  requestId: z.string().nullable(),
  /** What was sent; null for a save recorded before the portal kept it. */
  sent: sentIssuerAccountSchema.nullable(),
});
export type UnsettledIssuerAccountAttempt = z.infer<typeof unsettledIssuerAccountAttemptSchema>;

/**
 * `GET /api/issuers/:issuerId/issuer-account`: the issuer account as the portal saved it, or null.
 * The interface document names no read of an issuer account (§4.6 only creates), so the portal
 * keeps the masked record it was answered and shows it after a reload. When the platform's answer
 * was lost and someone later recorded that the platform holds the details, `records` is empty and
 * `confirmedByHand` names who recorded it.
 */
export const savedIssuerAccountResultSchema = z.object({
  saved: savedIssuerAccountsSchema
    .extend({
      savedAt: z.iso.datetime(),
      /** Who saved it (their email): the record cannot be changed, so colleagues read who did. */
      savedBy: z.string(),
      confirmedByHand: z.string().nullable(),
    })
    .nullable(),
  unsettled: z.array(unsettledIssuerAccountAttemptSchema),
  /**
   * Saves on their way to the platform, or cut off on it (their instance stopped) and not yet
   * found out: the platform may create them, so the form is not offered while there is one. Each
   * becomes saved, or a save to settle, once its outcome is known (`requestId` is null here).
   */
  sending: z.array(unsettledIssuerAccountAttemptSchema).default([]),
});

/** The two answers the platform can give about a lost save, in the words the form shows. */
export const issuerAccountSettleLabels = {
  stored: 'The platform holds the details',
  not_stored: 'The platform does not hold them',
} as const;

/**
 * `POST /api/issuers/:issuerId/issuer-account/settle`: what the platform said about the saves
 * whose answer was lost. "Does not hold them" lets the form be sent again; "holds the details"
 * records the account as saved (the portal has no copy of them). The reason goes to the audit log.
 */
export const issuerAccountSettleSchema = z.object({
  outcome: z.enum(['stored', 'not_stored'], {
    error: `Choose what the platform said: "${issuerAccountSettleLabels.stored}" or "${issuerAccountSettleLabels.not_stored}"`,
  }),
  // Named as the form labels it; the field is `reason` on the wire.
  reason: reasonForDecisionSchema(
    'Whom you asked and what they said',
    'whom you asked at the platform',
  ),
});
export type IssuerAccountSettleInput = z.infer<typeof issuerAccountSettleSchema>;
