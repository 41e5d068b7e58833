import { z } from 'zod';
import { disbursementTypeSchema, type Disbursement } from '../../contract/custody';
import type { DisbursementRequest } from '../../contract/disbursements';
import { legacyWrite, type UpstreamClient, type UpstreamRequest } from './client';
import {
  sendAndDecode,
  looseObject,
  wireDecimal,
  wireId,
  wireLocalDateTime,
  wireOne,
  wireStatus,
  wireText,
} from './wire';

const wireTypes = {
  ach: 'ACH',
  wire_domestic: 'wire_domestic',
  wire_international: 'wire_international',
} as const;

/** How our reference is carried in additionalDetails (matched by reconciliation). */
const referenceNote = (reference: string) => `Portal ref ${reference}`;

const referenceNotePattern = new RegExp(referenceNote('(MR-[0-9A-Z]{10})'));

/**
 * Our reference in a text the upstream echoes (§2.10 additionalDetails, and the description of
 * the fund move a disbursement leaves behind, §4.3), or null: the one reader of `referenceNote`.
 */
export function readReferenceNote(text: string | null): string | null {
  return (text && referenceNotePattern.exec(text)?.[1]) || null;
}

/**
 * §4.5: bank fields only for wires; ACH goes to the account linked by linkExternalAccount.
 * additionalDetails is echoed by the upstream (§2.10), so it carries our reference of the
 * request: the one field that lets reconciliation find a disbursement whose answer was lost.
 */
function buildDisbursementRequest(
  input: DisbursementRequest,
  options: { reference?: string | null } = {},
): UpstreamRequest {
  const wire = input.type === 'ach' ? undefined : input;
  const details = [wire?.additionalDetails, options.reference && referenceNote(options.reference)]
    .filter(Boolean)
    .join(' · ');
  return legacyWrite('createCustodyFundDisbursement', {
    accountId: input.accountId,
    amount: input.amount,
    type: wireTypes[input.type],
    bankId: wire?.bankId,
    bankAccountId: wire?.bankAccountId,
    additionalDetails: details || undefined,
  });
}

const rawDisbursementSchema = looseObject({
  requestId: wireId,
  accountId: wireId,
  amount: wireDecimal,
  type: wireStatus.pipe(disbursementTypeSchema),
  bankId: wireText,
  bankAccountId: wireText,
  additionalDetails: wireText,
  status: wireStatus.pipe(z.string()),
  createdDate: wireLocalDateTime,
  updatedDate: wireLocalDateTime,
});

const rawDisbursementAnswerSchema = z.object({
  custodyFundDisbursement: wireOne(rawDisbursementSchema),
});

export async function createCustodyFundDisbursement(
  client: UpstreamClient,
  input: DisbursementRequest,
  options: { reference?: string | null } = {},
): Promise<Disbursement> {
  const request = buildDisbursementRequest(input, options);
  return sendAndDecode(client, request, rawDisbursementAnswerSchema, (raw) => {
    const record = raw.custodyFundDisbursement;
    return {
      requestId: record.requestId,
      accountId: record.accountId,
      amount: record.amount,
      type: record.type,
      bankId: record.bankId,
      bankAccountId: record.bankAccountId,
      additionalDetails: record.additionalDetails,
      status: record.status,
      createdAt: record.createdDate,
      updatedAt: record.updatedDate,
    };
  });
}
