import { z } from 'zod';
import type { TradePage, TradeRecord } from '../../contract/holdings';
import type { UpstreamClient, UpstreamRequest } from './client';
import {
  looseObject,
  readableIds,
  sendAndReadPage,
  wireId,
  wireLocalDateTime,
  wireOptionalDecimal,
  wireStatus,
  wireText,
  type SkippedRecord,
} from './wire';

/*
 * The GET trades collection, one of the collections §4.16 only names ("These require header
 * authentication"). Its path, paging and payload follow live traffic (real-world notes §2 and
 * §4.2 "GET collections"; samples GET-trades__*):
 * - `GET /index.php/v3/trades`, Bearer header only; the client refuses to send a GET with body
 *   credentials (§5 rules 4 and 6), which surfaces as a `misconfigured` error.
 * - query `offset` (default 0), `limit` (default 10, 1–500), `filter[]=field:value` repeated
 *   (offeringId, accountId).
 * - rows under `trades` with at least `tradeId` (a numeric string), `offeringId`, `accountId`;
 *   `pagination{totalRecords,startIndex,endIndex}` as numbers, endIndex = offset + limit
 *   (offset 1, limit 2 answers startIndex 1, endIndex 3).
 * - errors: 1422 for a non-numeric offset/limit, 239 for one out of range, both with `trades: []`;
 *   103/1401 for bad credentials under HTTP 401.
 * Row fields beyond the ids are not shown by the samples (objectContaining); the getTrade rows of
 * real traffic (real-world notes §4.1: totalAmount, totalShares, orderStatus, createdDate,
 * transactionType, archived_status) and the createTrade receipt's names are both accepted.
 */

const TRADES_MAX_LIMIT = 500;

export interface TradesPageParams {
  offset?: number;
  limit?: number;
  accountId?: string;
  offeringId?: string;
}

export function buildTradesRequest(params: TradesPageParams): UpstreamRequest {
  const filter: string[] = [];
  if (params.offeringId !== undefined) filter.push(`offeringId:${params.offeringId}`);
  if (params.accountId !== undefined) filter.push(`accountId:${params.accountId}`);
  return {
    operation: 'trades',
    method: 'GET',
    effect: 'read',
    query: {
      offset: params.offset,
      limit: params.limit,
      ...(filter.length ? { 'filter[]': filter } : {}),
    },
  };
}

const rawTradeSchema = looseObject({
  tradeId: wireId.optional(),
  id: wireId.optional(),
  accountId: wireId,
  offeringId: wireId,
  totalShares: wireOptionalDecimal,
  transactionUnits: wireOptionalDecimal,
  totalAmount: wireOptionalDecimal,
  transactionAmount: wireOptionalDecimal,
  createdDate: wireLocalDateTime,
  transactionDate: wireLocalDateTime,
  orderStatus: wireStatus,
  transactionStatus: wireStatus,
  transactionType: wireStatus,
  archived: wireText,
  archived_status: wireText,
}).refine((row) => row.tradeId !== undefined || row.id !== undefined, {
  message: 'a trade without tradeId',
});

type RawTrade = z.output<typeof rawTradeSchema>;

function normalizeTrade(raw: RawTrade): TradeRecord {
  const archived = raw.archived ?? raw.archived_status;
  return {
    tradeId: (raw.tradeId ?? raw.id) as string,
    accountId: raw.accountId,
    offeringId: raw.offeringId,
    units: raw.totalShares ?? raw.transactionUnits,
    amount: raw.totalAmount ?? raw.transactionAmount,
    createdAt: raw.createdDate ?? raw.transactionDate,
    status: raw.orderStatus ?? raw.transactionStatus,
    paymentMethod: raw.transactionType,
    archived: archived === '1' || archived?.toLowerCase() === 'archived',
  };
}

/**
 * One page. Each trade is read on its own (readRecords): one the portal cannot read is left out
 * and counted in `skipped`, so it never hides the others.
 */
export async function getTrades(
  client: UpstreamClient,
  params: TradesPageParams = {},
): Promise<TradePage & { skipped: SkippedRecord[] }> {
  const { records: trades, ...page } = await sendAndReadPage(
    client,
    buildTradesRequest(params),
    params.offset,
    'trades',
    rawTradeSchema,
    normalizeTrade,
    // A trade that cannot be read keeps its id where it can, so My investments can name it.
    { keys: { id: 'tradeId' } },
  );
  return { trades, ...page };
}

/** The trades read, whether the list was read to its end, and how many could not be read. */
export interface TradesRead {
  trades: TradeRecord[];
  /** False when the list stopped at `maxRecords`. */
  complete: boolean;
  /** Trades the upstream sent that could not be read (left out of `trades`). */
  skipped: number;
  /**
   * The ids of those, where they could be read; only when the list was asked for one account
   * (§4.16's accountId filter), so a trade of another account is never named.
   */
  unreadableIds: string[];
}

/**
 * Every trade matching the filters, page by page at the largest page the collection allows.
 * Stops at `maxRecords` so one investor's view cannot pull an unbounded list.
 */
export async function getAllTrades(
  client: UpstreamClient,
  params: Omit<TradesPageParams, 'offset' | 'limit'>,
  maxRecords = 5_000,
): Promise<TradesRead> {
  const trades: TradeRecord[] = [];
  let skipped = 0;
  const unreadableIds: string[] = [];
  let offset = 0;
  for (;;) {
    const page = await getTrades(client, { ...params, offset, limit: TRADES_MAX_LIMIT });
    trades.push(...page.trades);
    skipped += page.skipped.length;
    if (params.accountId !== undefined) unreadableIds.push(...readableIds(page.skipped));
    // The next page starts after every record sent, the unreadable ones included.
    const received = page.trades.length + page.skipped.length;
    offset += received;
    if (received === 0 || offset >= page.totalRecords) {
      return { trades, complete: true, skipped, unreadableIds };
    }
    if (trades.length >= maxRecords) return { trades, complete: false, skipped, unreadableIds };
  }
}
