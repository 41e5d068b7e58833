import { z } from 'zod';
import { additionalToShape, receiptReferenceShape } from './money-requests';
import { DEPOSIT_MAX_AMOUNT, moneyAmountSchema } from './money-limits';
import { decimalStringSchema, instantSchema, upstreamTimeSchema } from './money';
import { lowerCaseStatusSchema } from './status';
import { freeTextBesideReferenceSchema } from './free-text';

/**
 * The cash cycle of a custody account: the bank ACH uses (linked through linkExternalAccount,
 * interface document §4.5), and deposits into the custody account (fundCustodyAccount, §4.16).
 * Bank numbers leave the server masked to their last four characters.
 */

const linkedBankSchema = z.object({
  /** The bank's name or the nickname the investor gave it. */
  bankName: z.string().nullable(),
  holderName: z.string().nullable(),
  accountType: z.string().nullable(),
  accountNumberMasked: z.string().nullable(),
  routingNumberMasked: z.string().nullable(),
});

/** The linked bank in a few words for a review: "First Bank ••••6789". */
export function linkedBankName(bank: z.infer<typeof linkedBankSchema>): string {
  return [bank.bankName ?? 'Linked bank', bank.accountNumberMasked].filter(Boolean).join(' ');
}

/**
 * A link started on the platform's hosted page (real-world notes §4.1) and not reported linked
 * yet: the BFF keeps it per account, so a reload or another device finds it pending.
 */
const pendingBankLinkSchema = z.object({
  /**
   * The platform's bank-linking page, to open again; null for a reviewer, who sees that a link
   * waits but not the page, which is the investor's to finish.
   */
  linkUrl: z.string().nullable(),
  startedAt: instantSchema,
});

export const linkedBankResultSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('linked'), bank: linkedBankSchema }),
  z.object({
    state: z.literal('none'),
    message: z.string(),
    /** The link waiting on the platform's page, when one was started from the portal. */
    pendingLink: pendingBankLinkSchema.nullable().optional(),
  }),
]);
export type LinkedBankResult = z.infer<typeof linkedBankResultSchema>;

/**
 * What linking answers: the bank as the platform reports it right after, and the hosted
 * bank-linking page it handed out. The real platform links on that page (real-world notes §4.1),
 * so `result` is usually `none` and the link is pending until the person finishes there; a
 * platform that linked at once answers `linked`, and the page is then of no use.
 */
export const linkBankReceiptSchema = z.object({
  result: linkedBankResultSchema,
  /** The platform's bank-linking page (a Plaid-style http(s) URL); null when it gave none. */
  linkUrl: z.string().nullable(),
  /**
   * The platform refused to start a link because a bank is linked already (code 715, real-world
   * notes §4.1, §5): `result` is that bank, and nothing new was started.
   */
  alreadyLinked: z.boolean().optional(),
});
export type LinkBankReceipt = z.infer<typeof linkBankReceiptSchema>;

const DEPOSIT_DESCRIPTION_MAX = 100;

/**
 * Body of `POST /api/accounts/:accountId/deposits`: whole cents, from one cent up to the
 * documented ceiling of fundCustodyAccount (`DEPOSIT_MAX_AMOUNT`), checked alike by form and BFF.
 */
export const depositFormSchema = z.object({
  amount: moneyAmountSchema(DEPOSIT_MAX_AMOUNT),
  description: freeTextBesideReferenceSchema('Description', DEPOSIT_DESCRIPTION_MAX).optional(),
  ...additionalToShape,
});
export type DepositForm = z.infer<typeof depositFormSchema>;

/** A deposit as created: a fund move pending approval by the 4:00 PM MT batch (§3). */
export const depositReceiptSchema = z.object({
  referenceNumber: z.string(),
  ...receiptReferenceShape,
  accountId: z.string(),
  amount: decimalStringSchema,
  status: lowerCaseStatusSchema,
  approvalStatus: lowerCaseStatusSchema.nullable(),
  bankName: z.string().nullable(),
  createdAt: upstreamTimeSchema.nullable(),
});
export type DepositReceipt = z.infer<typeof depositReceiptSchema>;

/** The upstream request (the wire layer's input). */
export interface DepositRequest {
  accountId: string;
  amount: string;
  description?: string;
  /** Our reference in the register (MR-…), carried in the description the fund move keeps. */
  reference?: string | null;
  /** The requester's address as the BFF sees it (fundCustodyAccount's createdIpAddress). */
  requesterIp?: string;
  /** The name the linked bank goes by at the platform, the bank the money is pulled from. */
  bankNickName?: string | null;
}

/** The bank as the upstream reports it (clear numbers; the BFF masks them). */
export interface ExternalBank {
  accountId: string;
  bankName: string | null;
  holderName: string | null;
  accountType: string | null;
  accountNumber: string | null;
  routingNumber: string | null;
}
