/** §4.3 getCustodyFundMoves, §4.4 getCustodyFundMove and fundCustodyAccount (named in §4.16). */
import { type Operation, ok } from '../context.js';
import {
  ValidationError,
  custodyBadRequest,
  custodyNotFound,
  fieldMessage,
} from '../http/errors.js';
import { isInteger } from '../http/params.js';
import { isDecimal, toMicros, fromMicros } from '../lib/money.js';
import { hash32 } from '../lib/prng.js';
import type { FundMove } from '../state/model.js';
import {
  REFERENCE_NUMBER,
  recordPendingFundMove,
  renderFundMove,
  requireCustodyAccount,
  requireCustodyAccountId,
} from './custody-common.js';

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 500;
/** Documented ceiling of a deposit (real-world notes §4.1 fundCustodyAccount: amount ≤ 100,000). */
const MAX_DEPOSIT = toMicros('100000');

const newestFirst = (a: FundMove, b: FundMove) =>
  b.createdAt - a.createdAt || b.referenceNumber.localeCompare(a.referenceNumber);

export const getCustodyFundMoves: Operation = {
  name: 'getCustodyFundMoves',
  // The method its heading names (§4.3); another is refused, 405.
  methods: ['POST'],
  aliases: ['getCustodyFundMoveHistory'],
  handle({ params }, ctx) {
    const accountId = params.get('accountId');
    // Real traffic pages this call with ?offset=&limit= on the POST (real-world notes §4.1).
    const offsetText = params.get('offset') ?? '0';
    const limitText = params.get('limit') ?? String(DEFAULT_LIMIT);
    params.check('offset', offsetText, isInteger, 'Numeric values only');
    params.check(
      'limit',
      limitText,
      (v) => isInteger(v) && Number(v) >= 1 && Number(v) <= MAX_LIMIT,
      `Must be between 1 and ${MAX_LIMIT}`,
    );
    params.assertValid();
    if (accountId !== undefined) requireCustodyAccountId(ctx, accountId, 'custodyTransactions');

    const all = Object.values(ctx.store.state.fundMoves)
      .filter((move) => accountId === undefined || move.accountId === accountId)
      .sort(newestFirst);
    const startIndex = Number(offsetText);
    const page = all.slice(startIndex, startIndex + Number(limitText));
    return ok({
      custodyTransactions: page.map(renderFundMove),
      // §4.3: indexes start at 0 and endIndex is inclusive (an empty page ends before it starts).
      pagination: { totalRecords: all.length, startIndex, endIndex: startIndex + page.length - 1 },
    });
  },
};

export const getCustodyFundMove: Operation = {
  name: 'getCustodyFundMove',
  handle({ params }, ctx) {
    const referenceNumber = params.required('referenceNumber');
    params.assertValid();
    // §4.4 leaves the effect of accountId unstated; live traffic answers a reference of another
    // account "reference number not found for account" (getCustodyFundMove__kvl-1404-reference-
    // number-does-not-exist), so it narrows the read here too. The portal checks whose the move
    // is all the same.
    const accountId = params.get('accountId');
    if (accountId !== undefined) requireCustodyAccountId(ctx, accountId, 'custodyTransaction');
    if (!REFERENCE_NUMBER.test(referenceNumber))
      throw custodyBadRequest('reference number', 'custodyTransaction');
    const move = ctx.store.state.fundMoves[referenceNumber];
    if (!move || (accountId !== undefined && move.accountId !== accountId)) {
      throw custodyNotFound('reference number not found for account', 'custodyTransaction');
    }
    return ok({ custodyTransaction: renderFundMove(move) });
  },
};

export const fundCustodyAccount: Operation = {
  name: 'fundCustodyAccount',
  handle({ params, now }, ctx) {
    const accountId = params.required('accountId');
    const amount = params.required('amount');
    params.check(
      'amount',
      amount,
      (v) => isDecimal(v) && toMicros(v) > 0n && toMicros(v) <= MAX_DEPOSIT,
      'Invalid amount, up to 100000',
    );
    params.assertValid();
    requireCustodyAccount(ctx, accountId, 'externalFundMove details');
    const state = ctx.store.state;
    const link = state.externalLinks[accountId];
    if (!link) throw new ValidationError([fieldMessage('accountId', 'No external account linked')]);

    const referenceNumber = `CFM${++state.counters.fundMove}`;
    // Alternate the two bank-number renderings of §2.9 by reference number.
    const encoded = hash32(`bank:${referenceNumber}`) % 2 === 0;
    const move = recordPendingFundMove(ctx, referenceNumber, now, {
      accountId,
      bankName: link.bankName,
      amount: fromMicros(toMicros(amount)),
      accountNumber: encoded ? Buffer.from(link.accountNumber).toString('base64') : '',
      routingNumber: encoded
        ? Buffer.from(link.routingNumber).toString('base64')
        : link.routingNumber,
      accountName: encoded ? state.accounts[accountId].accountName : '',
      description: params.optional('description'),
    });
    // Create calls answer `[true, [ {...} ]]` (real-world notes §4.1); key as documented for the call.
    return ok({ 'externalFundMove details': [true, [renderFundMove(move)]] });
  },
};
