import { z } from 'zod';
import type { BankIdKind, FundMove, FundMoveDirection } from '../../contract/custody';
import { readReferenceNote } from './reference-note';
import {
  looseObject,
  unreadableAsNull,
  wireBankNumber,
  wireId,
  wireLocalOrZonedDateTime,
  wireOptionalDecimal,
  wireStatus,
  wireText,
} from './wire';

/*
 * The custody fund move shared by getCustodyFundMoves and getCustodyFundMove (§2.9). Two
 * generations are in use (real-world notes §4.1) and both become the one FundMove:
 * - the documented one: `amount`, `approvalStatus`, `status`, `accountName`;
 * - the live one (getCustodyFundMove__kvl-101-success.json, 2024): `totalAmount`, `fundStatus`,
 *   `status`, and `accountHolderName` in the older body (getFundCustodyAccount__kvl-101-success-
 *   e18cb58.json). `fundStatus` holds the approval step that `approvalStatus` holds in the other.
 * When a record carries both generations, the document's field wins for text; two different
 * amounts make the record not understood (money is never guessed) and it is left out.
 *
 * What only describes the move (the bank's name and numbers, the holder's name, the routing
 * check, the error text, the dates) is read leniently: one that does not fit its shape is shown
 * as not stated, and the move stays in its list, where the person looks for it. What it is made
 * of is read strictly: its account, reference number, amount, statuses, and the description our
 * reference note rides in (a move whose description cannot be read may be any request's, and is
 * left out as such, SkippedRecord.note).
 */
export const rawFundMoveSchema = looseObject({
  accountId: wireId,
  bankName: unreadableAsNull(wireText),
  amount: wireOptionalDecimal,
  totalAmount: wireOptionalDecimal,
  // §2.9: empty, base64 or plain digits.
  accountNumber: unreadableAsNull(wireBankNumber),
  routingNumber: unreadableAsNull(wireBankNumber),
  accountName: unreadableAsNull(wireText),
  accountHolderName: unreadableAsNull(wireText),
  referenceNumber: wireId,
  description: wireText,
  approvalStatus: wireStatus,
  status: wireStatus,
  fundStatus: wireStatus,
  routingNumberStatus: unreadableAsNull(wireStatus),
  errors: unreadableAsNull(wireText),
  // §2.9 says YYYY-MM-DD HH:mm:ss; ISO 8601 with a zone occurs too.
  createdDate: unreadableAsNull(wireLocalOrZonedDateTime),
  updatedDate: unreadableAsNull(wireLocalOrZonedDateTime),
});

/*
 * The move a deposit creates, as fundCustodyAccount answers it. A statusCode 101 answer means the
 * platform created the move; its referenceNumber (§2.9) is what the portal needs to name it and to
 * find it again (§4.4), so the one field required. Every other field is read leniently (null when
 * it does not fit its documented shape), as createTrade's side fields are: an odd date or amount
 * must not turn a deposit the platform accepted into one of unknown outcome and drop its id.
 * The id may come as `RefNum`: the answer key documented for fundCustodyAccount is
 * externalFundMove's, and every money-moving create of that family names its id so in live
 * traffic (real-world notes §4.1: externalFundMove, ccFundMove, requestForVoidACH).
 */
export const rawCreatedFundMoveSchema = looseObject({
  accountId: unreadableAsNull(wireId),
  bankName: unreadableAsNull(wireText),
  amount: unreadableAsNull(wireOptionalDecimal),
  totalAmount: unreadableAsNull(wireOptionalDecimal),
  accountNumber: unreadableAsNull(wireBankNumber),
  routingNumber: unreadableAsNull(wireBankNumber),
  accountName: unreadableAsNull(wireText),
  accountHolderName: unreadableAsNull(wireText),
  referenceNumber: unreadableAsNull(wireId),
  RefNum: unreadableAsNull(wireId),
  description: unreadableAsNull(wireText),
  approvalStatus: unreadableAsNull(wireStatus),
  status: unreadableAsNull(wireStatus),
  fundStatus: unreadableAsNull(wireStatus),
  routingNumberStatus: unreadableAsNull(wireStatus),
  errors: unreadableAsNull(wireText),
  createdDate: unreadableAsNull(wireLocalOrZonedDateTime),
  updatedDate: unreadableAsNull(wireLocalOrZonedDateTime),
}).transform((raw, ctx) => {
  const referenceNumber = raw.referenceNumber ?? raw.RefNum;
  if (referenceNumber === null) {
    ctx.addIssue({ code: 'custom', path: ['referenceNumber'], message: 'no reference number' });
    return z.NEVER;
  }
  return { ...raw, referenceNumber };
});

/**
 * A created move (rawCreatedFundMoveSchema) as a FundMove. What it does not state readably is what
 * was asked, which the platform accepted: the account and the amount sent (also when its two
 * amount fields disagree: neither is picked), and pending, a move created and not yet submitted
 * (§3).
 */
export function normalizeCreatedFundMove(
  raw: z.output<typeof rawCreatedFundMoveSchema>,
  sent: { accountId: string; amount: string },
): FundMove {
  const disagree =
    raw.amount !== null && raw.totalAmount !== null && raw.amount !== raw.totalAmount;
  const stated = disagree ? null : (raw.amount ?? raw.totalAmount);
  return normalizeFundMove({
    ...raw,
    accountId: raw.accountId ?? sent.accountId,
    amount: stated ?? sent.amount,
    totalAmount: null,
    status: raw.status ?? 'pending',
  });
}

/*
 * Which way the money goes. §2.9 calls the object a deposit intent, yet getCustodyFundMoves (§4.3)
 * also lists the money a disbursement takes out, described with the request's type and its
 * additionalDetails echo (§2.10; the sandbox's rendering, docs/sandbox.md: the document is silent
 * on the wording). The record has no field for the direction, so it is read from our reference
 * note (reference-note.ts: a deposit's or a disbursement's) or a disbursement type named in the
 * description; anything else is not stated — never assumed to be a deposit.
 */
const DISBURSEMENT_DESCRIPTION = /^\s*Disbursement (ACH|wire_domestic|wire_international)\b/i;

function directionOf(
  description: string | null,
  note: ReturnType<typeof readReferenceNote>,
): FundMoveDirection {
  if (note) return note.direction;
  if (description && DISBURSEMENT_DESCRIPTION.test(description)) return 'out';
  return null;
}

/*
 * Which number the record's routingNumber is. §2.9 names it a routing number, yet the move a wire
 * disbursement leaves carries the wire's bankId there (§4.5): 9 digits, a routing number, for a
 * domestic wire; a SWIFT ID of 8 to 11 letters and digits for an international one. The value
 * tells them apart (a SWIFT/BIC starts with a 4-letter bank code and a 2-letter country, §8; a
 * routing number is digits only); a value that is neither is named by the disbursement type the
 * description states, and otherwise not at all: never guessed.
 */
const ROUTING_NUMBER = /^\d{9}$/;
const SWIFT_BIC = /^[A-Z]{6}[A-Z0-9]{2,5}$/i;

function bankIdKindOf(routingNumber: string | null, description: string | null): BankIdKind {
  if (routingNumber && ROUTING_NUMBER.test(routingNumber)) return 'routing_number';
  if (routingNumber && SWIFT_BIC.test(routingNumber)) return 'swift_bic';
  const type = description ? DISBURSEMENT_DESCRIPTION.exec(description)?.[1] : undefined;
  if (!type) return null;
  return type.toLowerCase() === 'wire_international' ? 'swift_bic' : 'routing_number';
}

export function normalizeFundMove(raw: z.output<typeof rawFundMoveSchema>): FundMove {
  if (raw.amount !== null && raw.totalAmount !== null && raw.amount !== raw.totalAmount) {
    throw new Error('amount and totalAmount disagree');
  }
  const amount = raw.amount ?? raw.totalAmount;
  if (amount === null) throw new Error('the fund move has no amount');
  const status = raw.status;
  if (status === null) throw new Error('the fund move has no status');
  const note = readReferenceNote(raw.description);
  return {
    referenceNumber: raw.referenceNumber,
    accountId: raw.accountId,
    amount,
    bankName: raw.bankName,
    bankAccountNumber: raw.accountNumber,
    routingNumber: raw.routingNumber,
    bankIdKind: bankIdKindOf(raw.routingNumber, raw.description),
    bankAccountName: raw.accountName ?? raw.accountHolderName,
    description: raw.description,
    direction: directionOf(raw.description, note),
    portalReference: note?.reference ?? null,
    approvalStatus: raw.approvalStatus ?? raw.fundStatus,
    status,
    routingNumberStatus: raw.routingNumberStatus,
    errorMessage: raw.errors,
    createdAt: raw.createdDate,
    updatedAt: raw.updatedDate,
  };
}
