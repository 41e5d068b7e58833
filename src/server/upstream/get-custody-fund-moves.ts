import { z } from 'zod';
import type { FundMovePage } from '../../contract/custody';
import type { UpstreamClient, UpstreamRequest } from './client';
import { normalizeFundMove, rawFundMoveSchema } from './fund-move-wire';
import {
  decodeAnswer,
  looseObject,
  readRecords,
  wireCount,
  wireRecords,
  type SkippedRecord,
} from './wire';

export interface FundMovesParams {
  /** Optional (§4.3): without it, moves of every account the key may see. */
  accountId?: string;
  offset?: number;
  limit?: number;
}

export function buildFundMovesRequest(params: FundMovesParams): UpstreamRequest {
  return {
    operation: 'getCustodyFundMoves',
    method: 'POST',
    effect: 'read',
    body: { accountId: params.accountId },
    // Paging goes in the query string of the POST, as live traffic does (real-world notes §4.1).
    query: { offset: params.offset, limit: params.limit },
  };
}

export const rawFundMovesSchema = z.object({
  custodyTransactions: wireRecords,
  pagination: looseObject({
    totalRecords: wireCount,
    startIndex: wireCount,
    endIndex: wireCount,
  }).optional(),
});

export async function getCustodyFundMoves(
  client: UpstreamClient,
  params: FundMovesParams = {},
): Promise<FundMovePage & { skipped: SkippedRecord[] }> {
  const request = buildFundMovesRequest(params);
  const payload = await client.send(request);
  return decodeAnswer(client, request, payload, rawFundMovesSchema, (raw) => {
    const { records: moves, skipped } = readRecords(
      raw.custodyTransactions,
      rawFundMoveSchema,
      normalizeFundMove,
    );
    // Paging counts what the upstream sent, skipped records included.
    const received = raw.custodyTransactions.length;
    // §4.3: indexes start at 0 and endIndex is inclusive.
    const startIndex = raw.pagination?.startIndex ?? params.offset ?? 0;
    return {
      moves,
      skipped,
      totalRecords: raw.pagination?.totalRecords ?? received,
      startIndex,
      endIndex: raw.pagination?.endIndex ?? Math.max(startIndex, startIndex + received - 1),
    };
  });
}
