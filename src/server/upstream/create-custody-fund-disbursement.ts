import { z } from 'zod';
import { disbursementTypeSchema, type Disbursement } from '../../contract/custody';
import type { DisbursementRequest } from '../../contract/disbursements';
import { legacyWrite, type UpstreamClient, type UpstreamRequest } from './client';
import { withReferenceNote } from './reference-note';
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
      amount: input.amount,
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
    // The record as read (its documented fields only), its dates under the contract's names.
    const { createdDate, updatedDate, ...record } = raw.custodyFundDisbursement;
    return { ...record, createdAt: createdDate, updatedAt: updatedDate };
  });
}
