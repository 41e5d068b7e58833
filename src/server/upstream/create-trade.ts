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
  unreadableAsNull,
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

/*
 * A 101 answer means the platform created the trade, and its tradeId is what the portal needs to
 * name it and follow it: the one field required. Every side field is read leniently (null where it
 * does not fit its shape), as a deposit's receipt is: an odd amount or status must not turn an
 * investment the platform accepted into one of unknown outcome and drop its trade id.
 */
const rawPurchaseDetailSchema = looseObject({
  tradeId: wireId,
  transactionId: unreadableAsNull(wireText),
  transactionAmount: unreadableAsNull(wireOptionalDecimal),
  transactionDate: unreadableAsNull(wireLocalDateTime),
  transactionStatus: unreadableAsNull(wireStatus),
  RRApprovalStatus: unreadableAsNull(wireStatus),
  RRName: unreadableAsNull(wireText),
  // MM-DD-YYYY or a timestamp (createTrade__slj-101.json); the day is kept.
  RRApprovalDate: wireLenientApprovalDate,
  PrincipalApprovalStatus: unreadableAsNull(wireStatus),
  PrincipalName: unreadableAsNull(wireText),
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
      // A trade just created and not stated otherwise is in its first status (§3).
      status: detail.transactionStatus ?? 'created',
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
