import { accountParamsSchema } from '../../contract/account-views';
import {
  depositFormSchema,
  depositReceiptSchema,
  linkBankReceiptSchema,
  linkedBankResultSchema,
} from '../../contract/cash';
import { HttpError, notSentRefusal } from '../lib/http-error';
import { cashMoveScope, refuseWhileStanding } from '../lib/standing-requests';
import { readLinkedBank } from '../lib/linked-bank';
import {
  clearPendingBankLink,
  findPendingBankLink,
  savePendingBankLink,
  type PendingBankLink,
} from '../store/bank-links';
import type { Deps } from '../deps';
import { fundCustodyAccount, isUpstreamError, linkExternalAccount } from '../upstream';
import { auditFailedChange } from '../lib/failed-change-event';
import { defineRoute, type RouteContext } from './define';

/**
 * linkExternalAccount's "bank already linked" (real-world notes §4.1: public clients branch on
 * statusCode 715; §5 lists it; the interface document names no code for it, §7).
 */
const BANK_ALREADY_LINKED = '715';

/** The page goes to the investor only: a reviewer reading the account sees that a link waits. */
const toPendingView = (link: PendingBankLink | null, role: string | undefined) =>
  link
    ? {
        linkUrl: role === 'investor' ? link.linkUrl : null,
        startedAt: link.startedAt.toISOString(),
      }
    : null;

/**
 * The platform refused to start a link because a bank is linked already (715): that is no
 * failure, it is the bank the person asked for, so the answer shows it. Should the platform not
 * report it yet, the refusal says what it means rather than "could not link".
 */
async function alreadyLinked(
  deps: Deps,
  accountId: string,
  audit: RouteContext<unknown, unknown, unknown>['audit'],
) {
  await audit({
    action: 'bank_link_requested',
    objectType: 'account',
    objectId: accountId,
    outcome: 'denied',
    details: { statusCode: BANK_ALREADY_LINKED, reason: 'already linked' },
  });
  const result = await readLinkedBank(deps, accountId);
  if (result.state === 'linked') {
    await clearPendingBankLink(deps.db, accountId);
    return { result, linkUrl: null, alreadyLinked: true };
  }
  throw new HttpError(
    'conflict',
    'The platform says a bank account is already linked to this account, but does not show it yet. Nothing new was started. Check again in a few minutes; if no bank appears, contact support.',
    { refusal: 'state' },
  );
}

/** Why a deposit into an account without a custody account is refused (the register's reason). */
const NO_CUSTODY_ACCOUNT =
  'This account has no custody account yet, so the platform cannot take a deposit into it.';

/**
 * The failure of a deposit's send. The one thing a deposit names that the platform may not know is
 * the account's custody account (1404, §4.16: the deposit goes into it): the platform had the
 * request and refused it, and no amount would help, so it is a state, said in the portal's words.
 * Any other failure stays as it is.
 */
function depositFailure(err: unknown): unknown {
  if (!isUpstreamError(err) || err.kind !== 'not_found') return err;
  const reason = NO_CUSTODY_ACCOUNT;
  return new HttpError(
    'upstream_rejected',
    `The platform refused it; nothing was changed. ${reason} Opening an IRA starts one.`,
    { submitted: 'no', refusal: 'state', refusedByPlatform: true, reason },
  );
}

export const cashRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/accounts/:accountId/linked-bank',
    summary:
      'The bank ACH uses for this account (linked through linkExternalAccount), numbers masked; with none, the link waiting on the platform page, if any',
    tags: ['cash'],
    params: accountParamsSchema,
    response: linkedBankResultSchema,
    async handler({ params, deps, user }) {
      const result = await readLinkedBank(deps, params.accountId);
      if (result.state === 'linked') {
        // The platform reports the bank: a link that waited on its page is over. Forgetting it
        // brings the portal's own note in line with the platform's state; it changes nothing the
        // person asked for, and reads the same however often it is repeated.
        await clearPendingBankLink(deps.db, params.accountId);
        return result;
      }
      return {
        ...result,
        pendingLink: toPendingView(
          await findPendingBankLink(deps.db, params.accountId),
          user?.role,
        ),
      };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/accounts/:accountId/linked-bank',
    summary:
      'Link a bank account for ACH (linkExternalAccount): answers the bank once linked, or the platform page the link waits on (kept per account); a bank already linked (715) is answered as such',
    tags: ['cash'],
    params: accountParamsSchema,
    response: linkBankReceiptSchema,
    successStatus: 201,
    // linkExternalAccount answers a bank already linked as such (715), so linking again is safe.
    afterChange:
      'Reload the Money and timeline page to see whether a bank is linked, or a link waits on the platform page; if neither, link it again.',
    async handler({ params, deps, audit, user, request }) {
      let linkUrl: string | null;
      try {
        ({ linkUrl } = await linkExternalAccount(deps.upstream, { accountId: params.accountId }));
      } catch (err) {
        if (isUpstreamError(err) && err.statusCode === BANK_ALREADY_LINKED) {
          return alreadyLinked(deps, params.accountId, audit);
        }
        // Sent once, with no Idempotency-Key: where the platform may have changed where the
        // account's ACH money goes, the audit log says who asked, as for a money request.
        await auditFailedChange(
          audit,
          request.log,
          {
            objectType: 'account',
            objectId: params.accountId,
            action: 'bank_link_requested',
            route: 'POST /api/accounts/:accountId/linked-bank',
            details: {},
          },
          err,
        );
        throw err;
      }
      await audit({
        action: 'bank_link_requested',
        objectType: 'account',
        objectId: params.accountId,
        outcome: 'succeeded',
      });
      const result = await readLinkedBank(deps, params.accountId);
      if (result.state === 'linked') {
        await clearPendingBankLink(deps.db, params.accountId);
        return { result, linkUrl, alreadyLinked: false };
      }
      if (!linkUrl) {
        return {
          result: {
            ...result,
            pendingLink: toPendingView(
              await findPendingBankLink(deps.db, params.accountId),
              user?.role,
            ),
          },
          linkUrl,
          alreadyLinked: false,
        };
      }
      // Kept on the server, not in the browser: a reload or another device finds the link
      // pending, with its page, until the platform reports the bank. A new page replaces the old.
      const pending = {
        accountId: params.accountId,
        linkUrl,
        startedBy: user!.id,
        startedAt: new Date(),
      };
      await savePendingBankLink(deps.db, pending);
      return {
        result: { ...result, pendingLink: toPendingView(pending, user?.role) },
        linkUrl,
        alreadyLinked: false,
      };
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
    async handler({ params, body, deps, audit, moneyReference, request }) {
      // A deposit is pulled from the linked bank (§4.16): without one the upstream can only refuse.
      const linked = await readLinkedBank(deps, params.accountId);
      if (linked.state === 'none') {
        throw notSentRefusal(
          'A deposit comes from the bank account linked to this account, and none is linked.',
          'Link a bank account on the Money and timeline page first, then send the deposit.',
          // The account's state, not the amount or description: changing them would not help.
          { refusal: 'state' },
        );
      }
      await refuseWhileStanding(
        { deps, audit, moneyReference },
        cashMoveScope('deposit', params.accountId, body),
      );
      const move = await fundCustodyAccount(deps.upstream, {
        accountId: params.accountId,
        amount: body.amount,
        reference: moneyReference,
        // The requester's address as the BFF sees it, never the browser's word.
        requesterIp: request.ip,
        bankNickName: linked.bank.bankName,
        ...(body.description ? { description: body.description } : {}),
      }).catch((err: unknown) => {
        throw depositFailure(err);
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
