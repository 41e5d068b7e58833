import { z } from 'zod';
import type { TradeReceipt, TradeRequest } from '../../contract/trades';
import { legacyWrite, type UpstreamClient, type UpstreamRequest } from './client';
import {
  sendAndDecode,
  looseObject,
  wireId,
  wireNonEmptyList,
  wireLocalDateTime,
  wireOptionalDecimal,
  wireStatus,
  wireText,
  wireLenientApprovalDate,
} from './wire';

const transactionTypes = {
  ach: 'ACH',
  wire: 'WIRE',
  check: 'CHECK',
  credit_card: 'CREDITCARD',
} as const;

/**
 * §4.16 names the body fields accountId, offeringId and units; live traffic sends
 * transactionUnits and a required transactionType (real-world notes §4.1). Both unit names are
 * sent so either reading is satisfied. POST, not PUT, unlike the other create calls.
 */
function buildCreateTradeRequest(input: TradeRequest): UpstreamRequest {
  return {
    ...legacyWrite('createTrade', {
      accountId: input.accountId,
      offeringId: input.offeringId,
      transactionType: transactionTypes[input.paymentMethod],
      transactionUnits: input.units,
      units: input.units,
    }),
    // The investment form's fields; the offering comes from the page, not from what was typed.
    fieldsEntered: {
      accountId: 'accountId',
      units: 'units',
      transactionUnits: 'units',
      transactionType: 'paymentMethod',
    },
  };
}

const rawPurchaseDetailSchema = looseObject({
  tradeId: wireId,
  transactionId: wireText,
  transactionAmount: wireOptionalDecimal,
  // A side field: a timestamp we cannot read must not hide the trade id (null instead).
  transactionDate: wireLocalDateTime.catch(null),
  transactionStatus: wireStatus.pipe(z.string()),
  RRApprovalStatus: wireStatus,
  RRName: wireText,
  // MM-DD-YYYY or a timestamp (createTrade__slj-101.json); the day is kept.
  RRApprovalDate: wireLenientApprovalDate,
  PrincipalApprovalStatus: wireStatus,
  PrincipalName: wireText,
  PrincipalDate: wireLenientApprovalDate,
});

/** Live answer: `purchaseDetails: [true, [ {...} ]]`; the docs mocks show a plain array. */
const rawCreateTradeSchema = z.object({
  purchaseDetails: wireNonEmptyList(rawPurchaseDetailSchema, 'no purchase details'),
});

export async function createTrade(
  client: UpstreamClient,
  input: TradeRequest,
): Promise<TradeReceipt> {
  const request = buildCreateTradeRequest(input);
  return sendAndDecode(client, request, rawCreateTradeSchema, (raw) => {
    const detail = raw.purchaseDetails[0];
    return {
      tradeId: detail.tradeId,
      transactionId: detail.transactionId,
      amount: detail.transactionAmount,
      createdAt: detail.transactionDate,
      status: detail.transactionStatus,
      registeredRepApproval: {
        status: detail.RRApprovalStatus,
        name: detail.RRName,
        date: detail.RRApprovalDate,
      },
      principalApproval: {
        status: detail.PrincipalApprovalStatus,
        name: detail.PrincipalName,
        date: detail.PrincipalDate,
      },
    };
  });
}
