import { z } from 'zod';
import { additionalToShape, receiptReferenceShape } from './money-requests';
import { moneyAmountSchema } from './money-limits';
import { disbursementTypeSchema, type DisbursementType } from './custody';
import { localDateTimeSchema, decimalStringSchema } from './money';
import { compare, formatMoney, sum } from './decimal';
import {
  internationalAccountSchema,
  routingNumberSchema,
  swiftSchema,
  usAccountNumberSchema,
} from './rules/bank';
import { lowerCaseStatusSchema } from './status';
import { freeTextBesideReferenceSchema } from './free-text';

/**
 * A request to move money out of a custody account (createCustodyFundDisbursement, interface
 * document §4.5, §8), as the form and `POST /api/accounts/:accountId/disbursements` take it.
 * Each type carries only the fields it uses; the account comes from the path.
 */

export const ADDITIONAL_DETAILS_MAX = 500;

const additionalDetailsSchema = freeTextBesideReferenceSchema(
  'Additional details',
  ADDITIONAL_DETAILS_MAX,
).optional();

/**
 * The request's schema with the amount checked up to `ceiling`, the per-request ceiling the
 * operator configures (DISBURSEMENT_MAX_AMOUNT, published by `GET /api/config`): the form builds
 * it with the ceiling it was given, so it refuses at review what the BFF would refuse, in the same
 * words. Without a ceiling only the static rules are checked (whole cents, at least one cent).
 */
export function makeDisbursementFormSchema(ceiling?: string) {
  const amount = moneyAmountSchema(ceiling);
  return z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('ach'), amount, ...additionalToShape }),
      z.object({
        type: z.literal('wire_domestic'),
        amount,
        /** Routing number: 9 digits with a valid ABA checksum. */
        bankId: routingNumberSchema,
        /** U.S. account number: 6 to 17 digits. */
        bankAccountId: usAccountNumberSchema,
        additionalDetails: additionalDetailsSchema,
        ...additionalToShape,
      }),
      z.object({
        type: z.literal('wire_international'),
        amount,
        /** SWIFT/BIC code: 8 or 11 characters, ISO 9362 structure. */
        bankId: swiftSchema,
        /** IBAN (mod 97 checked) or account number, 14 to 34 letters and digits. */
        bankAccountId: internationalAccountSchema,
        additionalDetails: additionalDetailsSchema,
        ...additionalToShape,
      }),
    ],
    { error: 'Choose how to send the money: ACH, domestic wire or international wire' },
  );
}

/**
 * Body of `POST /api/accounts/:accountId/disbursements`. The route's schema is fixed when routes
 * are defined, so it checks the static rules; the handler checks the configured ceiling with the
 * same rule (`checkMoneyAmount`).
 */
export const disbursementFormSchema = makeDisbursementFormSchema();
export type DisbursementForm = z.infer<typeof disbursementFormSchema>;

/** The wire layer's input: a validated form with the account from the path. */
export type DisbursementRequest = DisbursementForm & { accountId: string };

/** The upstream request for an account (the wire layer's input). */
export function toDisbursementRequest(
  accountId: string,
  form: DisbursementForm,
): DisbursementRequest {
  if (form.type === 'ach') return { type: 'ach', accountId, amount: form.amount };
  return {
    type: form.type,
    accountId,
    amount: form.amount,
    bankId: form.bankId,
    bankAccountId: form.bankAccountId,
    ...(form.additionalDetails ? { additionalDetails: form.additionalDetails } : {}),
  };
}

export const disbursementTypeLabels: Record<DisbursementType, string> = {
  ach: 'ACH transfer to your linked bank account',
  wire_domestic: 'Domestic wire (U.S. bank)',
  wire_international: 'International wire',
};

/** What a wire's bank and account numbers are called, wherever a person reads or types them. */
export const wireNumberLabels = {
  wire_domestic: { bankId: 'Routing number', bankAccountId: 'Account number' },
  wire_international: { bankId: 'SWIFT/BIC code', bankAccountId: 'IBAN or account number' },
} as const satisfies Record<Exclude<DisbursementType, 'ach'>, Record<string, string>>;

/** A disbursement as the BFF shows it: bank numbers masked to their last four characters. */
export const disbursementReceiptSchema = z.object({
  requestId: z.string(),
  ...receiptReferenceShape,
  accountId: z.string(),
  amount: decimalStringSchema,
  type: disbursementTypeSchema,
  bankIdMasked: z.string().nullable(),
  bankAccountIdMasked: z.string().nullable(),
  /** An ACH disbursement's bank: the one linked to the account, by name and masked number. */
  bankName: z.string().nullable().optional(),
  additionalDetails: z.string().nullable(),
  /** Lower case; pending on creation (§3). */
  status: lowerCaseStatusSchema,
  createdAt: localDateTimeSchema.nullable(),
});
export type DisbursementReceipt = z.infer<typeof disbursementReceiptSchema>;

/**
 * `GET /api/accounts/:accountId/disbursements/approval-total`: the account's disbursements of the
 * last 24 hours that count toward DISBURSEMENT_APPROVAL_ABOVE (sent, being sent, of unknown
 * outcome, or held), and whether the asker's sign-in is one an admin holds, so the review before
 * Confirm can say whether a new one will wait.
 */
export const disbursementApprovalTotalSchema = z.object({
  /** Their total, an exact decimal ("0" when there are none). */
  earlier: decimalStringSchema,
  /** Whether the asker's disbursements from this account wait whatever their amount. */
  heldSignIn: z.boolean(),
});

/**
 * Why a disbursement waits whatever its amount: an admin holds the sign-in that asks for it
 * (the BFF's store/approver-independence.ts). An admin could otherwise choose a user's password,
 * link an account to them, sign in as them and send the account's money out alone. One sentence
 * for the BFF's answer (the receipt's `why`) and the review before Confirm.
 */
export const HELD_SIGN_IN_WAIT =
  "An administrator set up or changed this sign-in, or linked this account to it, in the last 30 days, or chose the password it signs in with: its disbursements wait for a second person's approval, whatever their amount.";
export type DisbursementApprovalTotal = z.infer<typeof disbursementApprovalTotalSchema>;

/**
 * Why a disbursement of `amount` waits for a second person's approval (null: it goes now), given
 * the threshold `above` (DISBURSEMENT_APPROVAL_ABOVE) and the account's `earlier` disbursements of
 * the last 24 hours. The limit is on the rolling total, not on one request: ten requests of $999
 * would otherwise move $9,990 with no second person. One sentence for the BFF's answer (the
 * receipt's `why`) and the review before Confirm, so both say the same.
 */
export function approvalWaitReason(amount: string, earlier: string, above: string): string | null {
  const limit = formatMoney(above);
  if (compare(amount, above) > 0) {
    return `Disbursements above ${limit} wait for a second person's approval.`;
  }
  const total = sum([earlier, amount]);
  if (compare(total, above) <= 0) return null;
  return `With the earlier disbursements of the last 24 hours (${formatMoney(earlier)}) this one brings the total to ${formatMoney(total)}, above ${limit}: it waits for a second person's approval.`;
}
