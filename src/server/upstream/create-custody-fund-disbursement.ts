import { z } from 'zod';
import { disbursementTypeSchema, type Disbursement } from '../../contract/custody';
import type { DisbursementRequest } from '../../contract/disbursements';
import { legacyWrite, type UpstreamClient, type UpstreamRequest } from './client';
import { withReferenceNote } from './reference-note';
import {
  formatWireAmount,
  sendAndDecode,
  looseObject,
  unreadableAsNull,
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
  return {
    ...legacyWrite('createCustodyFundDisbursement', {
      accountId: input.accountId,
      // Six places, the upstream's amount format (§2); refused rather than rounded.
      amount: formatWireAmount(input.amount),
      type: wireTypes[input.type],
      bankId: wire?.bankId,
      bankAccountId: wire?.bankAccountId,
      additionalDetails: withReferenceNote(wire?.additionalDetails, options.reference, 'out'),
    }),
    // The disbursement form's fields; the account comes from the page. A refusal naming only
    // the account (no linked bank for ACH, say) is about the account's state, not the request.
    fieldsEntered: {
      amount: 'amount',
      type: 'type',
      bankId: 'bankId',
      bankAccountId: 'bankAccountId',
      additionalDetails: 'additionalDetails',
    },
  };
}

/*
 * A statusCode 101 answer means the platform accepted the disbursement and assigned its requestId
 * (§3, "request accepted"): the one value the portal needs to name the request, so the one field
 * required (§2.10). Every other field is read leniently, as createTrade's side fields are: a date,
 * amount or type that does not fit its documented shape must not turn an accepted disbursement
 * into one of unknown outcome and drop its requestId.
 */
const rawDisbursementSchema = looseObject({
  requestId: wireId,
  accountId: unreadableAsNull(wireId),
  amount: unreadableAsNull(wireDecimal),
  type: unreadableAsNull(wireStatus.pipe(disbursementTypeSchema)),
  bankId: unreadableAsNull(wireText),
  bankAccountId: unreadableAsNull(wireText),
  additionalDetails: unreadableAsNull(wireText),
  status: unreadableAsNull(wireStatus),
  createdDate: unreadableAsNull(wireLocalDateTime),
  updatedDate: unreadableAsNull(wireLocalDateTime),
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
    // The record as read (its documented fields only), its dates under the contract's names.
    // What it does not state readably is what was asked, which the platform accepted: the account,
    // amount and type sent, and pending, the state of every disbursement on creation (§3).
    const record = raw.custodyFundDisbursement;
    return {
      requestId: record.requestId,
      accountId: record.accountId ?? input.accountId,
      amount: record.amount ?? input.amount,
      type: record.type ?? input.type,
      bankId: record.bankId,
      bankAccountId: record.bankAccountId,
      additionalDetails: record.additionalDetails,
      status: record.status ?? 'pending',
      createdAt: record.createdDate,
      updatedAt: record.updatedDate,
    };
  });
}
