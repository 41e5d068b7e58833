import type { FundMovePage } from '../../contract/custody';
import { legacyRead, type UpstreamClient } from './client';
import { normalizeFundMove, rawFundMoveSchema } from './fund-move-wire';
import { sendAndReadPage, wireIndex, type SkippedRecord } from './wire';

export interface FundMovesParams {
  /** Optional (§4.3): without it, moves of every account the key may see. */
  accountId?: string;
  offset?: number;
  limit?: number;
}

export async function getCustodyFundMoves(
  client: UpstreamClient,
  params: FundMovesParams = {},
): Promise<FundMovePage & { skipped: SkippedRecord[] }> {
  const request = {
    ...legacyRead('getCustodyFundMoves', { accountId: params.accountId }),
    // Paging goes in the query string of the POST, as live traffic does (real-world notes §4.1).
    query: { offset: params.offset, limit: params.limit },
  };
  const { records: moves, ...page } = await sendAndReadPage(
    client,
    request,
    params.offset,
    'custodyTransactions',
    rawFundMoveSchema,
    normalizeFundMove,
    // §4.3: endIndex is inclusive, so an empty page ends at startIndex - 1 (-1 for the first page).
    // A move that cannot be read keeps its reference number where it can, so a list can name it,
    // and our reference note where its description can be read, so reconciliation can tell
    // whether it is one of the portal's requests.
    { endIndex: wireIndex, keys: { id: 'referenceNumber', note: 'description' } },
  );
  return { moves, ...page };
}
