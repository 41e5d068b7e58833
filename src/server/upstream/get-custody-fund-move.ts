import { z } from 'zod';
import type { FundMove } from '../../contract/custody';
import { legacyRead, type UpstreamClient } from './client';
import { normalizeFundMove, rawFundMoveSchema } from './fund-move-wire';
import { sendAndDecode, wireOne } from './wire';

export interface FundMoveParams {
  referenceNumber: string;
  /** Sent in the document's example request; its effect is not stated (§4.4). */
  accountId?: string;
}

/** §4.4: one object; a one-element list is read as that object. */
const rawFundMoveAnswerSchema = z.object({ custodyTransaction: wireOne(rawFundMoveSchema) });

export async function getCustodyFundMove(
  client: UpstreamClient,
  params: FundMoveParams,
): Promise<FundMove> {
  const request = legacyRead('getCustodyFundMove', {
    referenceNumber: params.referenceNumber,
    accountId: params.accountId,
  });
  return sendAndDecode(client, request, rawFundMoveAnswerSchema, (raw) =>
    normalizeFundMove(raw.custodyTransaction),
  );
}
