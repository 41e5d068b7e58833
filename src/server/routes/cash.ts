import { accountParamsSchema } from '../../contract/account-views';
import {
  depositFormSchema,
  depositReceiptSchema,
  linkBankReceiptSchema,
  linkedBankResultSchema,
  type ExternalBank,
  type LinkedBankResult,
} from '../../contract/cash';
import { maskLast4 } from '../../contract/rules/bank';
import type { Deps } from '../deps';
import { HttpError } from '../lib/http-error';
import {
  fundCustodyAccount,
  getExternalAccount,
  isUpstreamError,
  linkExternalAccount,
} from '../upstream';
import { defineRoute } from './define';

const mask = (value: string | null) => (value ? maskLast4(value) : null);

/** Bank numbers leave the server as their last four characters only. */
function toLinkedBank(bank: ExternalBank): LinkedBankResult {
  return {
    state: 'linked',
    bank: {
      bankName: bank.bankName,
      holderName: bank.holderName,
      accountType: bank.accountType,
      accountNumberMasked: mask(bank.accountNumber),
      routingNumberMasked: mask(bank.routingNumber),
    },
  };
}

const noBank: LinkedBankResult = {
  state: 'none',
  message:
    'No bank account is linked. ACH disbursements and deposits need one: link a bank account first.',
};

export async function readLinkedBank(deps: Deps, accountId: string): Promise<LinkedBankResult> {
  try {
    return toLinkedBank(await getExternalAccount(deps.upstream, { accountId }));
  } catch (err) {
    // 149 "Investor External Account does not exist" (real-world notes §4.1): nothing linked.
    if (isUpstreamError(err) && err.kind === 'not_found') return noBank;
    throw err;
  }
}

export const cashRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/accounts/:accountId/linked-bank',
    summary:
      'The bank ACH uses for this account (linked through linkExternalAccount), numbers masked',
    tags: ['cash'],
    params: accountParamsSchema,
    response: linkedBankResultSchema,
    async handler({ params, deps }) {
      return readLinkedBank(deps, params.accountId);
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/accounts/:accountId/linked-bank',
    summary: 'Link a bank account for ACH (linkExternalAccount); answers the bank once linked',
    tags: ['cash'],
    params: accountParamsSchema,
    response: linkBankReceiptSchema,
    successStatus: 201,
    async handler({ params, deps, audit }) {
      const { linkUrl } = await linkExternalAccount(deps.upstream, { accountId: params.accountId });
      await audit({
        action: 'bank_link_requested',
        objectType: 'account',
        objectId: params.accountId,
        outcome: 'succeeded',
      });
      return { result: await readLinkedBank(deps, params.accountId), linkUrl };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/accounts/:accountId/deposits',
    summary:
      'Deposit from the linked bank into the custody account (fundCustodyAccount); idempotent',
    tags: ['cash'],
    params: accountParamsSchema,
    body: depositFormSchema,
    response: depositReceiptSchema,
    successStatus: 201,
    idempotent: true,
    async handler({ params, body, deps, audit }) {
      // A deposit is pulled from the linked bank (§4.16): without one the upstream can only refuse.
      if ((await readLinkedBank(deps, params.accountId)).state === 'none') {
        throw new HttpError(
          'conflict',
          'A deposit comes from the bank account linked to this account, and none is linked. Nothing was submitted: link a bank account first.',
          { submitted: 'no' },
        );
      }
      const move = await fundCustodyAccount(deps.upstream, {
        accountId: params.accountId,
        amount: body.amount,
        ...(body.description ? { description: body.description } : {}),
      });
      await audit({
        action: 'deposit_requested',
        objectType: 'account',
        objectId: params.accountId,
        outcome: 'succeeded',
        details: { referenceNumber: move.referenceNumber, amount: move.amount },
      });
      return {
        referenceNumber: move.referenceNumber,
        accountId: move.accountId,
        amount: move.amount,
        status: move.status,
        approvalStatus: move.approvalStatus,
        bankName: move.bankName,
        createdAt: move.createdAt,
      };
    },
  }),
];
