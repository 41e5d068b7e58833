import { accountParamsSchema } from '../../contract/account-views';
import type { AccountSupplement, CustodyAccount, FundMove } from '../../contract/custody';
import {
  custodyAccountInTheWay,
  custodyAccountResultSchema,
  fundMoveDetailSchema,
  fundMoveParamsSchema,
  fundMovesQuerySchema,
  fundMoveViewPageSchema,
  type CustodyAccountResult,
  type FundMoveView,
} from '../../contract/custody-views';
import {
  disbursementFormSchema,
  disbursementApprovalTotalSchema,
  disbursementReceiptSchema,
  toDisbursementRequest,
} from '../../contract/disbursements';
import {
  iraSupplementReceiptSchema,
  iraSupplementQuerySchema,
  iraSupplementSchema,
  toSupplementRequest,
  type IraSupplementReceipt,
} from '../../contract/ira';
import { checkMoneyAmount } from '../../contract/money-limits';
import { outcomeWordsOf, waitingOutcomes } from '../../contract/money-requests';
import { isReviewer } from '../../contract/session';
import { admitUnlessStanding, type MoneyRequest } from '../store/money-requests';
import { cashMoveScope, refuseWhileStanding } from '../lib/standing-requests';
import { linkedBankName } from '../../contract/cash';
import { maskLast4 } from '../../contract/rules/bank';
import { instantInWordsIn, upstreamTimeToInstant } from '../../contract/time';
import { withKnownDirections } from '../lib/fund-move-direction';
import { HttpError, notSentRefusal } from '../lib/http-error';
import { readLinkedBank } from '../lib/linked-bank';
import { readOrExplainRefusal } from '../lib/upstream-errors';
import {
  addCustodyAccountSupplement,
  createCustodyFundDisbursement,
  getCustodyAccount,
  getCustodyFundMove,
  getCustodyFundMoves,
  isUpstreamError,
} from '../upstream';
import { readableIds } from '../upstream/wire';
import type { Deps } from '../deps';
import { defineRoute } from './define';
import { holdDisbursement } from './approvals';
import { approvalReason, earlierDisbursementTotal, signInHeld } from '../lib/approval-total';
import { z } from 'zod';
import { pendingDisbursementSchema } from '../../contract/identity';
import { heldMessage } from '../store/approvals';

const mask = (value: string | null) => (value ? maskLast4(value) : null);

/** A disbursement by ACH from an account with no linked bank: why, and what to do. */
const ACH_WITHOUT_BANK = {
  why: 'ACH needs a bank account linked to this account, and none is linked.',
  next: 'Send the money by wire, or link a bank account on the Money and timeline page first.',
};

/** Bank and routing numbers leave the server as their last four characters only. */
export function toFundMoveView(move: FundMove): FundMoveView {
  const { bankAccountNumber, routingNumber, ...rest } = move;
  return {
    ...rest,
    bankAccountNumberMasked: mask(bankAccountNumber),
    routingNumberMasked: mask(routingNumber),
  };
}

/**
 * Newest first by the moment each move was created. The times come in two forms (a wall time of
 * the platform's zone, or an instant: upstreamTimeSchema), so they are compared as instants.
 */
function newestFirst(platformZone: string): (a: FundMove, b: FundMove) => number {
  const at = (move: FundMove) =>
    (move.createdAt && upstreamTimeToInstant(move.createdAt, platformZone)?.getTime()) || 0;
  return (a, b) => at(b) - at(a);
}

function toSupplementReceipt(
  supplement: AccountSupplement,
  reference: string,
  submittedAt: Date,
): IraSupplementReceipt {
  return {
    reference,
    submittedAt: submittedAt.toISOString(),
    accountId: supplement.accountId,
    maritalStatus: supplement.maritalStatus,
    mailingAddress: supplement.mailingAddress,
    investmentManager: supplement.investmentManager,
    proxyVoting: supplement.proxyVoting,
    otherServices: supplement.otherServices,
    contributionMethod: supplement.contributionMethod,
    contributionTaxYear: supplement.contributionTaxYear,
    internationalAccountNumberMasked: mask(supplement.internationalAccountNumber),
    holdings: supplement.holdings.map(({ accountNumber, ...holding }) => ({
      ...holding,
      accountNumberMasked: mask(accountNumber),
    })),
  };
}

/**
 * The refusal of a second IRA request, naming the one that stands, in the register's words, and
 * when it was made in the viewer's zone (`timeZone`, which the page sends; UTC when absent).
 */
function iraRequestWaiting(standing: MoneyRequest, timeZone: string | undefined): string {
  const words = outcomeWordsOf(standing);
  return `An IRA request for this account is already waiting: our reference ${standing.reference}, made ${instantInWordsIn(standing.createdAt, timeZone)}, ${words.label.toLowerCase()} (${words.meaning}) A second request is not sent while it stands; follow it under that reference on the account's requests and timeline.`;
}

/** The custody account (§4.15), or why it cannot be shown: its page's read and the IRA check's. */
function readCustodyAccount(deps: Deps, accountId: string): Promise<CustodyAccountResult> {
  return readOrExplainRefusal(
    async () => ({
      state: 'available' as const,
      custodyAccount: await getCustodyAccount(deps.upstream, { accountId }),
    }),
    {
      // §4.15, §5 rule 10: without custody_account.read.pii_medium the upstream answers 110.
      permission: {
        reason: 'permission',
        message:
          'The custody account details cannot be shown: the platform is not permitted to read them (it lacks the custody account read permission). Your money and fund moves are not affected; an administrator can grant the permission.',
      },
      // §5 rules 4 and 6: with body credentials (TRANSACT_AUTH=body) no GET can be made, and
      // this read is a GET (§4.15). That is the portal's configuration, not a passing fault; a
      // 103 from the platform is a service fault and is thrown on.
      headerCredentials: {
        reason: 'configuration',
        message:
          'The custody account details cannot be shown: the portal sends its platform credentials in request bodies (TRANSACT_AUTH=body), and reading a custody account needs header credentials. Your money and fund moves are not affected; an administrator can set TRANSACT_AUTH=header where the platform allows it.',
      },
      notFound: {
        reason: 'not_opened',
        message: 'This account has no custody account yet. Opening an IRA starts one.',
      },
    },
  );
}

/**
 * The custody account as its investor reads it: without what the platform keeps for staff
 * (§2.12: who reviewed it as principal, and staff's notes), which only the reviewers' account
 * review shows, as the account itself is read without its staff fields.
 */
function investorsCustodyAccount(read: CustodyAccountResult): CustodyAccountResult {
  return read.state === 'available'
    ? { ...read, custodyAccount: { ...read.custodyAccount, principalReviewBy: null, notes: null } }
    : read;
}

/**
 * The refusal of an IRA request for an account whose custody account is already there: approved,
 * or requested and not approved yet (contract `custodyAccountInTheWay`). Nothing is sent.
 */
function custodyAccountRefusal(
  state: 'open' | 'opening',
  custodyAccount: CustodyAccount,
): HttpError {
  const where = "See it under Custody account on the account's page.";
  return state === 'open'
    ? notSentRefusal(
        `This account already has a custody account (request ID ${custodyAccount.requestId}, approved), and an account has one custody account, so a second IRA request is not sent.`,
        where,
        { refusal: 'state' },
      )
    : notSentRefusal(
        `This account's IRA custody account was already requested (request ID ${custodyAccount.requestId}, ${custodyAccount.status}) and is being opened, so a second IRA request is not sent.`,
        "Follow it under Custody account on the account's page.",
        { refusal: 'state' },
      );
}

export const custodyRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/accounts/:accountId/custody-account',
    summary: 'The custody account of an account, or why it cannot be shown',
    tags: ['custody'],
    params: accountParamsSchema,
    response: custodyAccountResultSchema,
    async handler({ params, deps, user }) {
      const read = await readCustodyAccount(deps, params.accountId);
      return isReviewer(user?.role) ? read : investorsCustodyAccount(read);
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/accounts/:accountId/fund-moves',
    summary: 'Fund moves of an account, newest first, paged as the upstream pages (numbers masked)',
    tags: ['custody'],
    params: accountParamsSchema,
    query: fundMovesQuerySchema,
    response: fundMoveViewPageSchema,
    async handler({ params, query, deps, request }) {
      // The account checked against the user (params) is spread last: nothing in the query can
      // name another.
      const page = await getCustodyFundMoves(deps.upstream, { ...query, ...params });
      // The filter is asked of the upstream; a move of another account is never passed on.
      const own = page.moves.filter((move) => move.accountId === params.accountId);
      if (own.length !== page.moves.length) {
        request.log.warn(
          { dropped: page.moves.length - own.length },
          'fund moves of other accounts dropped',
        );
      }
      return {
        moves: (
          await withKnownDirections(
            deps.db,
            [...own].sort(newestFirst(deps.config.upstreamTimeZone)),
          )
        ).map(toFundMoveView),
        totalRecords: page.totalRecords,
        startIndex: page.startIndex,
        endIndex: page.endIndex,
        offset: query.offset,
        limit: query.limit,
        skippedRecords: page.skipped.length,
        unreadableReferences: readableIds(page.skipped),
      };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/accounts/:accountId/fund-moves/:referenceNumber',
    summary: 'One fund move by reference number; 404 unless it belongs to the account in the path',
    tags: ['custody'],
    params: fundMoveParamsSchema,
    response: fundMoveDetailSchema,
    async handler({ params, deps }) {
      const notFound = () =>
        new HttpError(
          'not_found',
          `No fund move ${params.referenceNumber} was found on account ${params.accountId}.`,
        );
      let move: FundMove;
      try {
        move = await getCustodyFundMove(deps.upstream, params);
      } catch (err) {
        if (isUpstreamError(err) && err.kind === 'not_found') throw notFound();
        throw err;
      }
      // A reference number alone proves nothing: the move must be this account's (§4.4 leaves
      // the effect of accountId unstated).
      if (move.accountId !== params.accountId) throw notFound();
      const [known] = await withKnownDirections(deps.db, [move]);
      return { move: toFundMoveView(known) };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/accounts/:accountId/disbursements/approval-total',
    summary:
      "The account's disbursements of the last 24 hours that count toward the second approval",
    tags: ['custody'],
    params: accountParamsSchema,
    response: disbursementApprovalTotalSchema,
    async handler({ params, deps, user }) {
      return {
        earlier: await earlierDisbursementTotal(deps, params.accountId, null),
        heldSignIn: await signInHeld(deps, user!.id, params.accountId),
      };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/accounts/:accountId/disbursements',
    summary: 'Request a disbursement (ACH, domestic or international wire); idempotent',
    tags: ['custody'],
    params: accountParamsSchema,
    body: disbursementFormSchema,
    response: z.union([disbursementReceiptSchema, pendingDisbursementSchema]),
    successStatus: 201,
    idempotent: true,
    money: {
      kind: 'disbursement',
      describe: ({ params, body }) => ({
        accountId: params.accountId,
        amount: body.amount,
        method: body.type,
      }),
      upstreamId: (receipt) => ('requestId' in receipt ? receipt.requestId : null),
      held: (receipt) =>
        'pendingApproval' in receipt ? heldMessage(receipt.pendingApproval.id) : null,
    },
    async handler({ params, body, deps, audit, user, moneyReference }) {
      // The per-request ceiling is configuration (DISBURSEMENT_MAX_AMOUNT); the schema checked cents.
      const ceiling = checkMoneyAmount(body.amount, deps.config.disbursementMaxAmount);
      if (!ceiling.ok) {
        throw new HttpError('bad_request', ceiling.message, {
          fields: [{ field: 'amount', message: ceiling.message }],
          submitted: 'no',
        });
      }
      // ACH goes to the bank linked through linkExternalAccount (§4.5); with none linked the
      // upstream can only refuse it, so it is refused here, before anything is held or sent.
      const linked = body.type === 'ach' ? await readLinkedBank(deps, params.accountId) : null;
      if (linked?.state === 'none') {
        throw notSentRefusal(ACH_WITHOUT_BANK.why, ACH_WITHOUT_BANK.next, {
          fields: [{ field: 'type', message: `${ACH_WITHOUT_BANK.why} ${ACH_WITHOUT_BANK.next}` }],
        });
      }
      // Before it is held or sent: a disbursement of unknown outcome may already have paid out.
      await refuseWhileStanding(
        { deps, audit, moneyReference },
        cashMoveScope('disbursement', params.accountId, body, body.type),
      );
      const request = toDisbursementRequest(params.accountId, body);
      // Maker-checker: above the threshold, this request alone or with the account's other
      // disbursements of the last 24 hours, or asked from a sign-in an admin holds, the request
      // waits for a second person.
      const why = await approvalReason(deps, {
        accountId: params.accountId,
        amount: request.amount,
        reference: moneyReference,
        makerId: user!.id,
      });
      if (why) return holdDisbursement({ deps, audit, user: user!, moneyReference }, request, why);
      // Written with the outcome, whatever it is: the register row alone does not say ACH or wire.
      await audit({
        action: 'disbursement_sent',
        objectType: 'account',
        objectId: params.accountId,
        outcome: 'allowed',
        details: { reference: moneyReference, type: body.type, amount: body.amount },
      });
      const disbursement = await createCustodyFundDisbursement(deps.upstream, request, {
        reference: moneyReference,
      });
      await audit({
        action: 'disbursement_requested',
        objectType: 'account',
        objectId: params.accountId,
        outcome: 'succeeded',
        details: {
          reference: moneyReference,
          requestId: disbursement.requestId,
          type: disbursement.type,
          amount: disbursement.amount,
        },
      });
      return {
        requestId: disbursement.requestId,
        reference: moneyReference,
        accountId: disbursement.accountId,
        amount: disbursement.amount,
        type: disbursement.type,
        bankIdMasked: mask(disbursement.bankId),
        bankAccountIdMasked: mask(disbursement.bankAccountId),
        // ACH's bank is the linked one, as the review named it: the receipt says it again.
        bankName: linked?.state === 'linked' ? linkedBankName(linked.bank) : null,
        additionalDetails: disbursement.additionalDetails,
        status: disbursement.status,
        createdAt: disbursement.createdAt,
      };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/accounts/:accountId/ira-supplement',
    summary: 'Request a custodial (IRA) account: the account supplement; idempotent',
    tags: ['custody'],
    params: accountParamsSchema,
    query: iraSupplementQuerySchema,
    body: iraSupplementSchema,
    response: iraSupplementReceiptSchema,
    successStatus: 201,
    idempotent: true,
    money: {
      kind: 'ira_supplement',
      describe: ({ params }) => ({ accountId: params.accountId }),
      upstreamId: (receipt) => receipt.accountId,
    },
    async handler({ params, query, body, deps, audit, request, moneyReference }) {
      // §4.7: the supplement is the first step in opening the account's custodial (IRA) account,
      // and an account has one (§4.15 reads it by the account's id). One already approved is
      // what a new request would ask for: refused before anything is sent, whatever the
      // register holds. A custody account that cannot be read for a lasting reason (permission,
      // header credentials) leaves the platform to decide; a passing failure of the read refuses
      // the request with nothing sent, to be tried again.
      const custody = custodyAccountInTheWay(await readCustodyAccount(deps, params.accountId));
      if (custody?.state === 'open') throw custodyAccountRefusal('open', custody.custodyAccount);
      // While another request stands (being sent, accepted, or of unknown outcome), a second
      // one would duplicate it, so it is refused before anything is sent: a second tab, or a
      // form left open, cannot make one by accident. It is named first: it says the most.
      const [standing] = await admitUnlessStanding(deps.db, {
        accountId: params.accountId,
        kind: 'ira_supplement',
        outcomes: waitingOutcomes,
        reference: moneyReference,
      });
      if (standing) {
        throw new HttpError('conflict', iraRequestWaiting(standing, query.timeZone), {
          submitted: 'no',
          refusal: 'state',
        });
      }
      // Requested by other means (or by a request the register no longer holds as standing):
      // the custody account is being opened.
      if (custody) throw custodyAccountRefusal('opening', custody.custodyAccount);
      const supplement = await addCustodyAccountSupplement(
        deps.upstream,
        toSupplementRequest(params.accountId, body),
      );
      await audit({
        action: 'ira_supplement_requested',
        objectType: 'account',
        objectId: params.accountId,
        outcome: 'succeeded',
        details: { reference: moneyReference },
      });
      // Our reference, as on the account's requests and timeline and in the reviewers' register
      // (the audit entry holds it too): the receipt and the timeline name the request alike.
      // The request id, also the audit entry's, only if the register gave none.
      return toSupplementReceipt(supplement, moneyReference ?? request.id, new Date());
    },
  }),
];
