/**
 * createTrade (named in §4.16): body fields accountId, offeringId, units; real traffic sends
 * transactionUnits and transactionType instead (real-world notes §4.1), so both are accepted.
 */
import { type Operation, ok } from '../context.js';
import { legacyNotFound } from '../http/errors.js';
import { isInteger, oneOf } from '../http/params.js';
import { fromMicros, isDecimal, mulMicros, toMicros } from '../lib/money.js';
import { Prng } from '../lib/prng.js';
import { formatZoneless } from '../lib/time.js';
import type { Trade } from '../state/model.js';
import { offeringNotFound } from './offerings.js';

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
