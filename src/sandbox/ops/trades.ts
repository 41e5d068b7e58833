/**
 * createTrade and the GET trades collection (both named in §4.16).
 *
 * createTrade: body fields accountId, offeringId, units; real traffic sends
 * transactionUnits and transactionType instead (real-world notes §4.1), so both are accepted.
 */
import { type Operation, ok } from '../context.js';
import { legacyNotFound } from '../http/errors.js';
import { isInteger, oneOf } from '../http/params.js';
import { fromMicros, isDecimal, mulMicros, toMicros } from '../lib/money.js';
import { Prng } from '../lib/prng.js';
import { formatZoneless } from '../lib/time.js';
import type { Trade } from '../state/model.js';
import { collectionPage, offeringNotFound } from './offerings.js';
import { UpstreamError } from '../http/errors.js';

const TRANSACTION_TYPES = ['ACH', 'WIRE', 'CHECK', 'CREDITCARD', 'TBD', 'IRA'];

export const createTrade: Operation = {
  name: 'createTrade',
  handle({ params, now }, ctx) {
    const accountId = params.required('accountId');
    const offeringId = params.required('offeringId');
    const unitsField = params.get('units') !== undefined ? 'units' : 'transactionUnits';
    const units = params.get(unitsField);
    if (units === undefined) params.fail('units', 'Missing');
    const transactionType = params.optional('transactionType').toUpperCase() || 'ACH';
    params.check('offeringId', offeringId, isInteger, 'Numeric values only');
    params.check(
      unitsField,
      units ?? '',
      (v) => isDecimal(v) && toMicros(v) > 0n,
      'Must be a positive number',
    );
    params.check(
      'transactionType',
      transactionType,
      oneOf(...TRANSACTION_TYPES),
      `Must be one of ${TRANSACTION_TYPES.join(', ')}`,
    );
    params.assertValid();

    const state = ctx.store.state;
    if (!state.accounts[accountId]) throw legacyNotFound('148', 'Account is not exist/active.');
    const offering = state.offerings[offeringId];
    if (!offering) throw offeringNotFound();
    if (offering.offeringStatus.toLowerCase() === 'closed') {
      params.fail('offeringId', 'Offering is closed');
      params.assertValid();
    }
    const shares = toMicros(units!);
    const remaining = toMicros(offering.remainingShares);
    if (shares > remaining) {
      params.fail(
        unitsField,
        `Requested units exceed remaining shares (${offering.remainingShares})`,
      );
      params.assertValid();
    }

    offering.remainingShares = fromMicros(remaining - shares);
    const amount = mulMicros(shares, toMicros(offering.unitPrice));
    const tradeId = String(++state.counters.trade);
    const trade: Trade = {
      tradeId,
      transactionId: new Prng(`transaction:${tradeId}`).digits(12),
      accountId,
      offeringId,
      transactionType,
      totalShares: fromMicros(shares),
      totalAmount: fromMicros(amount),
      purchaseDate: formatZoneless(now),
      transactionStatus: 'CREATED',
    };
    ctx.store.addTrade(trade);
    ctx.store.changed();
    return ok({
      purchaseDetails: [
        true,
        [
          {
            tradeId,
            transactionId: trade.transactionId,
            transactionAmount: fromMicros(amount, 2),
            transactionDate: trade.purchaseDate,
            transactionStatus: 'CREATED',
            RRApprovalStatus: 'Pending',
            RRName: '',
            RRApprovalDate: '',
            PrincipalApprovalStatus: 'Pending',
            PrincipalName: '',
            PrincipalDate: '',
          },
        ],
      ],
    });
  },
};

/** Fields the trades collection filters on (real-world notes §2: `filter[]=field:value`). */
const TRADE_FILTER_FIELDS = ['offeringId', 'accountId', 'tradeId'] as const;
type TradeFilterField = (typeof TRADE_FILTER_FIELDS)[number];

/** `filter[]` arrives once as text or repeated as a JSON-encoded list (see flattenParams). */
function readFilters(raw: string | undefined): string[] {
  if (raw === undefined) return [];
  if (raw.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // Not a list after all: a single filter whose value starts with "[".
    }
  }
  return [raw];
}

/** One row as the collection shows it: the getTrade row names of live traffic (notes §4.1). */
function renderTradeRow(trade: Trade): Record<string, string> {
  return {
    tradeId: trade.tradeId,
    offeringId: trade.offeringId,
    accountId: trade.accountId,
    transactionType: trade.transactionType,
    totalAmount: trade.totalAmount,
    totalShares: trade.totalShares,
    orderStatus: trade.transactionStatus,
    createdDate: trade.purchaseDate,
    archived: '0',
  };
}

/**
 * GET trades (§4.16: a GET collection, header authentication only). Paging, codes and shape follow
 * the live samples (GET-trades__*): offset/limit with 1422 for NaN and 239 out of range, rows under
 * `trades`, newest first, `pagination` numbers with endIndex = offset + limit. A filter on an
 * unknown field answers 1400 under HTTP 400, as live list endpoints do for filters they refuse
 * (real-world notes §2); that choice is recorded in docs/sandbox.md.
 */
export const listTrades: Operation = {
  name: 'trades',
  resourcePaths: ['/v3/trades', '/index.php/v3/trades'],
  methods: ['GET'],
  handle({ params }, ctx) {
    const wanted: Partial<Record<TradeFilterField, string>> = {};
    for (const filter of readFilters(params.get('filter[]') ?? params.get('filter'))) {
      const colon = filter.indexOf(':');
      const field = filter.slice(0, colon) as TradeFilterField;
      if (colon < 1 || !TRADE_FILTER_FIELDS.includes(field)) {
        throw new UpstreamError('1400', `Invalid filter: ${filter}`, 400, { trades: [] });
      }
      wanted[field] = filter.slice(colon + 1).trim();
    }
    const all = ctx.store.state.trades
      .filter((trade) =>
        TRADE_FILTER_FIELDS.every(
          (field) => wanted[field] === undefined || trade[field] === wanted[field],
        ),
      )
      .sort((a, b) => Number(b.tradeId) - Number(a.tradeId));
    const { offset, limit } = collectionPage(params, all.length, 'trades');
    return ok({
      trades: all.slice(offset, offset + limit).map(renderTradeRow),
      pagination: { totalRecords: all.length, startIndex: offset, endIndex: offset + limit },
    });
  },
};
