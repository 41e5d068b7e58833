import { accountParamsSchema } from '../../contract/account-views';
import {
  depositFormSchema,
  depositReceiptSchema,
  linkBankReceiptSchema,
  linkedBankResultSchema,
} from '../../contract/cash';
import { HttpError } from '../lib/http-error';
import { readLinkedBank } from '../lib/linked-bank';
import { fundCustodyAccount, linkExternalAccount } from '../upstream';
import { defineRoute } from './define';

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
    // In the register like every money request: a deposit whose answer is lost keeps our
    // reference, and reconciliation finds its fund move by the note in its description.
    money: {
      kind: 'deposit',
      describe: ({ params, body }) => ({ accountId: params.accountId, amount: body.amount }),
      upstreamId: (receipt) => receipt.referenceNumber,
    },
    async handler({ params, body, deps, audit, moneyReference }) {
      // A deposit is pulled from the linked bank (§4.16): without one the upstream can only refuse.
      if ((await readLinkedBank(deps, params.accountId)).state === 'none') {
        throw new HttpError(
          'conflict',
          'A deposit comes from the bank account linked to this account, and none is linked. Nothing was submitted: link a bank account first.',
          // The account's state, not the amount or description: changing them would not help.
          { submitted: 'no', refusal: 'state' },
        );
      }
      const move = await fundCustodyAccount(deps.upstream, {
        accountId: params.accountId,
        amount: body.amount,
        reference: moneyReference,
        ...(body.description ? { description: body.description } : {}),
      });
      await audit({
        action: 'deposit_requested',
        objectType: 'account',
        objectId: params.accountId,
        outcome: 'succeeded',
        details: {
          referenceNumber: move.referenceNumber,
          amount: move.amount,
          reference: moneyReference,
        },
      });
      return {
        referenceNumber: move.referenceNumber,
        reference: moneyReference,
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
