import type { Account } from '../../contract/accounts';
import {
  accountDetailSchema,
  accountListSchema,
  accountParamsSchema,
  type AccountSummary,
  type AccountView,
} from '../../contract/account-views';
import { taxIdKindOf } from '../../contract/account-views';
import { isReviewer } from '../../contract/session';
import { maskLastFour, maskSsn, maskTaxId } from '../../contract/rules/identity';
import { errorBodyOf } from '../lib/upstream-errors';
import { getAccount } from '../upstream';
import { defineRoute } from './define';

/**
 * The account as staff read it: every role sees the tax id masked, in the form of its kind; the
 * clear value never leaves the server.
 */
export function toAccountView(account: Account): AccountView {
  const { taxId } = account;
  const taxIdKind = taxIdKindOf(account.type);
  const mask = taxIdKind === 'ein' ? maskTaxId : taxIdKind === 'ssn' ? maskSsn : maskLastFour;
  // Field by field, not a rest copy and a spread of the rest: what is named here is all that
  // can leave, and the two generic copies cost more than the rest of the view (docs/benchmarks.md).
  return {
    id: account.id,
    name: account.name,
    type: account.type,
    entityType: account.entityType,
    residentType: account.residentType,
    address: account.address,
    email: account.email,
    phone: account.phone,
    reviews: account.reviews,
    suitability: account.suitability,
    limits: account.limits,
    associatedAccount: account.associatedAccount,
    syndicate: account.syndicate,
    tags: account.tags,
    notes: account.notes,
    archived: account.archived,
    customFields: account.customFields,
    createdAt: account.createdAt,
    updatedAt: account.updatedAt,
    taxIdMasked: taxId ? mask(taxId) : null,
    taxIdKind,
  };
}

/**
 * The account as its investor reads it: without what the platform keeps for staff (§2.5), which
 * the investor's pages never show: who reviewed it (the principal, the suitability approver),
 * staff's notes and tags, the custom fields and the syndicate and associated-account links.
 */
function investorsAccountView(account: Account): AccountView {
  const view = toAccountView(account);
  return {
    ...view,
    reviews: { ...view.reviews, approval: { ...view.reviews.approval, principal: null } },
    suitability: { ...view.suitability, approver: null },
    associatedAccount: null,
    syndicate: null,
    tags: null,
    notes: null,
    customFields: [null, null, null],
  };
}

export const accountRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/accounts',
    summary: "The signed-in investor's linked accounts with their review statuses",
    tags: ['accounts'],
    response: accountListSchema,
    async handler({ user, deps, request }) {
      const ids = user?.accountIds ?? [];
      const results = await Promise.allSettled(
        ids.map((accountId) => getAccount(deps.upstream, { accountId })),
      );
      const accounts = results.map((result, index): AccountSummary => {
        if (result.status === 'rejected') {
          const none = { status: null, date: null };
          return {
            id: ids[index],
            name: null,
            type: null,
            reviews: { kyc: none, aml: none, accreditation: none, approval: none },
            loaded: false,
            // Why, with the support id, as the shared error presentation shows it on the card.
            error: errorBodyOf(result.reason, request.id),
          };
        }
        const { id, name, type, reviews } = result.value;
        return {
          id,
          name,
          type,
          reviews: {
            kyc: reviews.kyc,
            aml: reviews.aml,
            accreditation: {
              status: reviews.accreditation.status,
              date: reviews.accreditation.date,
            },
            approval: { status: reviews.approval.status, date: reviews.approval.date },
          },
          loaded: true,
        };
      });
      return { accounts };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/accounts/:accountId',
    summary: 'One account: profile, addresses and review statuses (tax id masked)',
    tags: ['accounts'],
    params: accountParamsSchema,
    response: accountDetailSchema,
    // A reviewer's read is audited as every reviewer read of an account is (define.ts).
    async handler({ params, user, deps }) {
      const account = await getAccount(deps.upstream, { accountId: params.accountId });
      return {
        account: isReviewer(user?.role) ? toAccountView(account) : investorsAccountView(account),
      };
    },
  }),
];
