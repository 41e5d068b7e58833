import { z } from 'zod';
import {
  disbursementTypeSchema,
  type Disbursement,
  type DisbursementRequest,
} from '../../contract/custody';
import type { UpstreamClient, UpstreamRequest } from './client';
import {
  decodeAnswer,
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

/** §4.5: bank fields only for wires; ACH goes to the account linked by linkExternalAccount. */
export function buildDisbursementRequest(input: DisbursementRequest): UpstreamRequest {
  const wire = input.type === 'ach' ? undefined : input;
  return {
    operation: 'createCustodyFundDisbursement',
    method: 'POST',
    effect: 'write',
    body: {
      accountId: input.accountId,
      amount: input.amount,
      type: wireTypes[input.type],
      bankId: wire?.bankId,
      bankAccountId: wire?.bankAccountId,
      additionalDetails: wire?.additionalDetails,
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

export const rawDisbursementAnswerSchema = z.object({
  custodyFundDisbursement: wireOne(rawDisbursementSchema),
});

export async function createCustodyFundDisbursement(
  client: UpstreamClient,
  input: DisbursementRequest,
): Promise<Disbursement> {
  const request = buildDisbursementRequest(input);
  const payload = await client.send(request);
  return decodeAnswer(client, request, payload, rawDisbursementAnswerSchema, (raw) => {
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
