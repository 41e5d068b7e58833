import { z } from 'zod';
import type { TradePage, TradeRecord } from '../../contract/holdings';
import type { UpstreamClient, UpstreamRequest } from './client';
import {
  sendAndDecode,
  looseObject,
  wirePagination,
  wireId,
  wireList,
  wireLocalDateTime,
  wireOptionalDecimal,
  wireStatus,
  wireText,
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

const rawTradesSchema = z.object({
  trades: wireList(rawTradeSchema),
  pagination: wirePagination(),
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

export async function getTrades(
  client: UpstreamClient,
  params: TradesPageParams = {},
): Promise<TradePage> {
  const request = buildTradesRequest(params);
  return sendAndDecode(client, request, rawTradesSchema, (raw) => {
    const trades = raw.trades.map(normalizeTrade);
    const startIndex = raw.pagination?.startIndex ?? params.offset ?? 0;
    return {
      trades,
      totalRecords: raw.pagination?.totalRecords ?? startIndex + trades.length,
      startIndex,
      endIndex: raw.pagination?.endIndex ?? startIndex + trades.length,
    };
  });
}

/**
 * Every trade matching the filters, page by page at the largest page the collection allows.
 * Stops at `maxRecords` so one investor's view cannot pull an unbounded list.
 */
export async function getAllTrades(
  client: UpstreamClient,
  params: Omit<TradesPageParams, 'offset' | 'limit'>,
  maxRecords = 5_000,
): Promise<{ trades: TradeRecord[]; complete: boolean }> {
  const trades: TradeRecord[] = [];
  let offset = 0;
  for (;;) {
    const page = await getTrades(client, { ...params, offset, limit: TRADES_MAX_LIMIT });
    trades.push(...page.trades);
    offset += page.trades.length;
    if (page.trades.length === 0 || offset >= page.totalRecords) {
      return { trades, complete: true };
    }
    if (trades.length >= maxRecords) return { trades, complete: false };
  }
}
