/**
 * Offerings: §4.8 getAllOffers, the GET offerings collection (§4.16, paging as real collections do,
 * real-world notes §2), §4.9 getOfferingPurchaseHistory, and createOffering for seeding.
 */
import { type Operation, ok } from '../context.js';
import { UpstreamError, legacyNotFound } from '../http/errors.js';
import { type Params, isCalendarDate, isInteger, oneOf } from '../http/params.js';
import { divMicros, fromMicros, isDecimal, microsToNumber, toMicros } from '../lib/money.js';
import { formatZoneless, parseCalendarDate } from '../lib/time.js';
import type { Offering } from '../state/model.js';

export const offeringNotFound = () => legacyNotFound('138', 'Offering ID does not exist.');
export const issuerNotFound = () => legacyNotFound('136', 'Issuer Account does not exist.');

/** §2.2 field order. */
function renderOffering(o: Offering): Record<string, string> {
  return {
    issuerId: o.issuerId,
    offeringId: o.offeringId,
    issueName: o.issueName,
    issueType: o.issueType,
    targetAmount: o.targetAmount,
    minAmount: o.minAmount,
    maxAmount: o.maxAmount,
    unitPrice: o.unitPrice,
    totalShares: o.totalShares,
    remainingShares: o.remainingShares,
    startDate: o.startDate,
    endDate: o.endDate,
    offeringStatus: o.offeringStatus,
    offeringText: o.offeringText,
    stampingText: o.stampingText,
    createdDate: o.createdDate,
    createdIPAddress: o.createdIPAddress,
  };
}

const byId = (a: Offering, b: Offering) => Number(a.offeringId) - Number(b.offeringId);

export const getAllOffers: Operation = {
  name: 'getAllOffers',
  handle(_request, ctx) {
    const offerings = Object.values(ctx.store.state.offerings).sort(byId);
    return ok({ offeringDetails: offerings.map(renderOffering) });
  },
};

const COLLECTION_DEFAULT_LIMIT = 10;
const COLLECTION_MAX_LIMIT = 500;

/**
 * Paging of the GET collections as live traffic shows it: offset (default 0) and limit (default 10,
 * 1-500); NaN gives 1422, out of range gives 239; pagination.endIndex = offset + limit.
 */
export function collectionPage(
  params: Params,
  total: number,
  payloadKey: string,
): { offset: number; limit: number } {
  const offsetText = params.get('offset') ?? '0';
  const limitText = params.get('limit') ?? String(COLLECTION_DEFAULT_LIMIT);
  for (const [name, text] of [
    ['offset', offsetText],
    ['limit', limitText],
  ] as const) {
    if (!/^-?\d+$/.test(text)) {
      throw new UpstreamError(
        '1422',
        `Invalid request semantics: ${name} must be an integer`,
        422,
        { [payloadKey]: [] },
      );
    }
  }
  const offset = Number(offsetText);
  const limit = Number(limitText);
  const checks = [
    ['limit', limit, 1, COLLECTION_MAX_LIMIT],
    ['offset', offset, 0, total],
  ] as const;
  for (const [name, value, min, max] of checks) {
    if (value < min || value > max) {
      throw new UpstreamError(
        '239',
        `Request parameter out of accepted range: ${name} ${value} is not between ${min} and ${max}`,
        400,
        { [payloadKey]: [] },
      );
    }
  }
  return { offset, limit };
}

export const listOfferings: Operation = {
  name: 'offerings',
  resourcePaths: ['/v3/offerings', '/index.php/v3/offerings'],
  methods: ['GET'],
  handle({ params }, ctx) {
    // Newest first, as the documented collections order their rows.
    const all = Object.values(ctx.store.state.offerings).sort((a, b) => byId(b, a));
    const { offset, limit } = collectionPage(params, all.length, 'offeringDetails');
    return ok({
      offeringDetails: all.slice(offset, offset + limit).map(renderOffering),
      pagination: { totalRecords: all.length, startIndex: offset, endIndex: offset + limit },
    });
  },
};

export const getOfferingPurchaseHistory: Operation = {
  name: 'getOfferingPurchaseHistory',
  // The method its heading names (§4.9); another is refused, 405.
  methods: ['POST'],
  handle({ params }, ctx) {
    const offeringId = params.required('offeringId');
    params.check('offeringId', offeringId, isInteger, 'Numeric values only');
    params.assertValid();
    const offering = ctx.store.state.offerings[offeringId];
    if (!offering) throw offeringNotFound();
    const accounts = ctx.store.state.accounts;
    let raised = 0n;
    let purchased = 0n;
    const history = ctx.store.tradesOf(offeringId).map((trade) => {
      raised += toMicros(trade.totalAmount);
      purchased += toMicros(trade.totalShares);
      return {
        tradeId: trade.tradeId,
        accountId: trade.accountId,
        offeringId: trade.offeringId,
        totalAmount: trade.totalAmount,
        totalShares: trade.totalShares,
        purchaseDate: trade.purchaseDate,
        accountName: accounts[trade.accountId]?.accountName ?? '',
        offeringTotalShares: offering.totalShares,
        targetAmount: offering.targetAmount,
        remainingShares: offering.remainingShares,
      };
    });
    return ok({
      // §2.3: summary numbers are JSON numbers, the "left"/"balance" fields decimal strings.
      'Offering purchased details': {
        offering_purchase_history: history,
        totalAmountRaised: microsToNumber(raised),
        totalShares: microsToNumber(toMicros(offering.totalShares)),
        totalSharesPurchased: microsToNumber(purchased),
        totalSharesLeft: offering.remainingShares,
        balanceAmount: fromMicros(toMicros(offering.targetAmount) - raised),
        offeringId,
      },
    });
  },
};

const positiveDecimal = (v: string) => isDecimal(v) && toMicros(v) > 0n;
const validDate = (v: string) => isCalendarDate(v) && parseCalendarDate(v) !== null;

export const createOffering: Operation = {
  name: 'createOffering',
  handle({ params, now }, ctx) {
    const { issuerId, ...fields } = params.requiredAll(
      'issuerId',
      'issueName',
      'issueType',
      'targetAmount',
      'minAmount',
      'maxAmount',
      'unitPrice',
      'startDate',
      'endDate',
    );
    params.check('issuerId', issuerId, isInteger, 'Numeric values only');
    params.check(
      'issueType',
      fields.issueType,
      oneOf('Equity', 'Debt', 'Hybrid', 'Fund'),
      'Must be Equity, Debt, Hybrid or Fund',
    );
    for (const name of ['targetAmount', 'minAmount', 'maxAmount', 'unitPrice'] as const) {
      params.check(name, fields[name], positiveDecimal, 'Invalid amount');
    }
    params.check('startDate', fields.startDate, validDate, 'Invalid date, use MM-DD-YYYY');
    params.check('endDate', fields.endDate, validDate, 'Invalid date, use MM-DD-YYYY');
    const totalSharesText = params.getAny('totalShares', 'remainingShares');
    params.check('totalShares', totalSharesText ?? '', positiveDecimal, 'Invalid number of shares');
    params.assertValid();
    const state = ctx.store.state;
    if (!state.issuers[issuerId]) throw issuerNotFound();

    const price = toMicros(fields.unitPrice);
    const total = totalSharesText
      ? toMicros(totalSharesText)
      : (divMicros(toMicros(fields.targetAmount), price) / 1_000_000n) * 1_000_000n;
    const offeringId = String(++state.counters.offering);
    state.offerings[offeringId] = {
      issuerId,
      offeringId,
      issueName: fields.issueName,
      issueType: fields.issueType,
      targetAmount: fromMicros(toMicros(fields.targetAmount)),
      minAmount: fromMicros(toMicros(fields.minAmount)),
      maxAmount: fromMicros(toMicros(fields.maxAmount)),
      unitPrice: fromMicros(price),
      totalShares: fromMicros(total),
      remainingShares: fromMicros(total),
      startDate: fields.startDate,
      endDate: fields.endDate,
      offeringStatus: 'Pending',
      offeringText: params.optional('offeringText'),
      stampingText: params.optional('stampingText'),
      createdDate: formatZoneless(now),
      createdIPAddress: params.optional('createdIpAddress'),
    };
    ctx.store.changed();
    return ok({ offeringDetails: [true, [{ offeringId, offeringStatus: 'Pending' }]] });
  },
};
