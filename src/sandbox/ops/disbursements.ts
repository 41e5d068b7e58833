/** §4.5 createCustodyFundDisbursement (also answering at updateCustodyFundsDisbursement). */
import { randomUUID } from 'node:crypto';
import { type Operation, ok } from '../context.js';
import { SCOPES } from '../config.js';
import { oneOf } from '../http/params.js';
import { isDecimal, toMicros, fromMicros } from '../lib/money.js';
import { formatZoneless } from '../lib/time.js';
import type { Disbursement } from '../state/model.js';
import { recordPendingFundMove, requireCustodyAccount } from './custody-common.js';

/** §4.5 / §8 bank identifier rules per transfer type. */
const WIRE_RULES = {
  wire_domestic: {
    bankId: [/^\d{9}$/, 'Routing number must be 9 numeric characters'],
    bankAccountId: [/^\d{6,17}$/, 'Account number must be 6 to 17 numeric characters'],
  },
  wire_international: {
    bankId: [/^[A-Za-z0-9]{8,11}$/, 'SWIFT ID must be 8 to 11 alphanumeric characters'],
    bankAccountId: [
      /^[A-Za-z0-9]{14,34}$/,
      'IBAN or account number must be 14 to 34 alphanumeric characters',
    ],
  },
} as const;

export const createCustodyFundDisbursement: Operation = {
  name: 'createCustodyFundDisbursement',
  // The method its heading names (§4.5); another is refused, 405.
  methods: ['POST'],
  aliases: ['updateCustodyFundsDisbursement'],
  scope: SCOPES.disbursementWrite,
  handle({ params, now }, ctx) {
    const { accountId, amount, type } = params.requiredAll('accountId', 'amount', 'type');
    params.check('amount', amount, (v) => isDecimal(v) && toMicros(v) > 0n, 'Invalid amount');
    params.check(
      'type',
      type,
      oneOf('ACH', 'wire_domestic', 'wire_international'),
      'Must be ACH, wire_domestic or wire_international',
    );

    let bankId = '';
    let bankAccountId = '';
    if (type === 'wire_domestic' || type === 'wire_international') {
      const rules = WIRE_RULES[type];
      bankId = params.required('bankId');
      bankAccountId = params.required('bankAccountId');
      params.check('bankId', bankId, (v) => rules.bankId[0].test(v), rules.bankId[1]);
      params.check(
        'bankAccountId',
        bankAccountId,
        (v) => rules.bankAccountId[0].test(v),
        rules.bankAccountId[1],
      );
    }
    params.assertValid();
    requireCustodyAccount(ctx, accountId, 'custodyFundDisbursement');
    // ACH goes to the external account linked through linkExternalAccount (§4.5).
    if (type === 'ACH' && !ctx.store.state.externalLinks[accountId]) {
      params.fail('accountId', 'No external account linked for ACH');
      params.assertValid();
    }

    const stamp = formatZoneless(now);
    const disbursement: Disbursement = {
      requestId: randomUUID(),
      accountId,
      amount: fromMicros(toMicros(amount)),
      type,
      bankId,
      bankAccountId,
      additionalDetails: params.optional('additionalDetails'),
      status: 'pending',
      createdDate: stamp,
      updatedDate: stamp,
    };
    ctx.store.state.disbursements[disbursement.requestId] = disbursement;
    // The money leaving the custody account is a fund move too (listed by getCustodyFundMoves,
    // §4.3), described with the request's type and its additionalDetails echo (§2.10): the one
    // place a client can find a disbursement whose answer it never received.
    const state = ctx.store.state;
    const referenceNumber = `CFM${++state.counters.fundMove}`;
    const link = state.externalLinks[accountId];
    recordPendingFundMove(ctx, referenceNumber, now, {
      accountId,
      bankName: type === 'ACH' ? (link?.bankName ?? null) : null,
      amount: disbursement.amount,
      accountNumber: '',
      routingNumber: type === 'ACH' ? (link?.routingNumber ?? '') : bankId,
      accountName: '',
      description: [`Disbursement ${type}`, disbursement.additionalDetails]
        .filter(Boolean)
        .join(' · '),
    });
    return ok({ custodyFundDisbursement: disbursement });
  },
};
