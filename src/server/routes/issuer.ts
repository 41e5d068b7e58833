import type { IssuerAccountRequest } from '../../contract/issuers';
import { offeringParamsSchema } from '../../contract/offerings';
import {
  issuerAccountCheckedLabel,
  issuerAccountFormSchema,
  issuerAccountSettleSchema,
  issuerOfferingsSchema,
  issuerParamsSchema,
  offeringPurchaseHistorySchema,
  savedIssuerAccountResultSchema,
  savedIssuerAccountsSchema,
  sentIssuerAccountSchema,
} from '../../contract/issuer-workspace';
import type { Deps } from '../deps';
import { HttpError, notSentRefusal } from '../lib/http-error';
import {
  findSavedIssuerAccount,
  ISSUER_ACCOUNT_SETTLED_ACTION,
  listUnsettledIssuerAccountAttempts,
  settleIssuerAccountAttempts,
} from '../store/saved-records';
import type { Db } from '../store/db';
import {
  claimsInFlight,
  endClaimsOfStoppedInstances,
  listClaimsInFlight,
} from '../store/idempotency';
import { toSavedIssuerAccount, toSentIssuerAccount } from '../lib/personal-data';
import { createIssuerAccount } from '../upstream/create-issuer-account';
import { getOfferingPurchaseHistory } from '../upstream/get-offering-purchase-history';
import { getAllTrades } from '../upstream/get-trades';
import type { UpstreamClient } from '../upstream/client';
import type { PurchaseStatuses } from '../../contract/issuer-workspace';
import { readOrExplainRefusal } from '../lib/upstream-errors';
import { inTimeAfter } from '../lib/in-time';
import { quietLeftMs, waitInWords } from '../lib/being-sent';
import { attributed, defineRoute, routeKey } from './define';
import { isReviewer } from '../../contract/session';

const ISSUER_ACCOUNT_URL = '/api/issuers/:issuerId/issuer-account';
/** The save's route key: its claims and unknown outcomes are found by it. */
const SAVE_ROUTE = routeKey({ method: 'POST', url: ISSUER_ACCOUNT_URL });

/** The audit action of the confirmation that the platform holds no issuer account yet. */
const ISSUER_ACCOUNT_CHECKED_ACTION = 'issuer_account_checked_none_held';

/**
 * A save refused before anything was sent to the platform: why, then what to do, the pair the
 * form shows alone (so no generic "correct it and try again" is added to a refusal where there is
 * nothing to correct).
 */
const saveRefused = (why: string, next: string) => notSentRefusal(why, next);

const orUndefined = (value: string | undefined) =>
  value === undefined || value === '' ? undefined : value;
const yesNo = (value: string | undefined) =>
  value === 'Yes' ? true : value === 'No' ? false : undefined;

export const issuerRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/issuer/offerings',
    summary: 'Offerings of the issuers linked to the signed-in user (reviewers: every offering)',
    tags: ['issuer'],
    response: issuerOfferingsSchema,
    async handler({ user, deps }) {
      const { offerings: all, skippedRecords } = await deps.offerings.get('all', () =>
        deps.loadOfferings(),
      );
      if (user!.role === 'issuer_staff') {
        return {
          offerings: all.filter((o) => user!.issuerIds.includes(o.issuerId)),
          skippedRecords,
        };
      }
      return { offerings: all, skippedRecords };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/offerings/:offeringId/purchase-history',
    summary:
      "An offering's trades with the upstream's summary (getOfferingPurchaseHistory §4.9) and each trade's status (GET trades §4.16)",
    tags: ['issuer'],
    params: offeringParamsSchema,
    response: offeringPurchaseHistorySchema,
    async handler({ params, deps, request, user, audit }) {
      const unavailable = {
        state: 'unavailable' as const,
        message:
          'The platform did not give the trades’ statuses just now, so this page cannot tell paid trades from those still waiting for payment.',
      };
      const historyRead = getOfferingPurchaseHistory(deps.upstream, {
        offeringId: params.offeringId,
      });
      // The statuses are a side read: once the history is in, they may not keep it waiting long.
      const [{ skipped, ...history }, offerings, statuses] = await Promise.all([
        historyRead,
        deps.offerings
          .get('all', () => deps.loadOfferings())
          .then((catalog) => catalog.offerings)
          .catch(() => []),
        inTimeAfter(
          historyRead,
          readPurchaseStatuses(deps.upstream, params.offeringId).catch((err: unknown) => {
            request.log.warn({ err }, 'trade statuses of the purchase history not read');
            return unavailable;
          }),
          () => {
            request.log.warn('trade statuses of the purchase history not read in time');
            return unavailable;
          },
          deps.config.sideReadGraceMs,
        ),
      ]);
      // Each buyer's name, account and amount: a reviewer's read is audited, as opening an
      // account is (account_viewed), so whose purchases a reviewer was shown is on record.
      // Issuer staff read their own offerings' buyers, as an investor reads their own account.
      if (isReviewer(user!.role)) {
        await audit({
          action: 'purchase_history_viewed',
          objectType: 'offering',
          objectId: params.offeringId,
          outcome: 'allowed',
          details: { trades: history.purchases.length },
        });
      }
      return {
        offering: offerings.find((o) => o.id === params.offeringId) ?? null,
        history,
        skippedRecords: skipped.length,
        statuses,
      };
    },
  }),

  defineRoute({
    method: 'GET',
    url: ISSUER_ACCOUNT_URL,
    summary: 'The issuer account as the portal saved it (masked), or null before the first save',
    tags: ['issuer'],
    params: issuerParamsSchema,
    response: savedIssuerAccountResultSchema,
    async handler({ params, deps }) {
      await recordSpooledSaves(deps, params.issuerId);
      // A save whose instance was killed mid-call is a lost save now, not "on its way" until its
      // lease runs out: a person who reloads after the crash can settle it at once.
      await endClaimsOfStoppedInstances(deps.db, { self: deps.instanceId });
      return issuerAccountState(deps.db, params.issuerId);
    },
  }),

  defineRoute({
    method: 'POST',
    url: ISSUER_ACCOUNT_URL,
    summary: "Stores an issuer's financial account details (createIssuerAccount §4.6)",
    tags: ['issuer'],
    params: issuerParamsSchema,
    body: issuerAccountFormSchema,
    response: savedIssuerAccountsSchema,
    successStatus: 201,
    idempotent: true,
    // §4.6 takes no reference of ours: if the answer is lost, the platform is asked about this
    // save by what it holds of it (company, state, EIN ending), so that is kept, masked.
    keepSent: ({ body }) => toSentIssuerAccount(body),
    async handler({ params, body, request, deps, audit, user, keepWithOutcome }) {
      // §4.6 only creates: each call adds a record upstream and no update or read is named. Once
      // saved, the account is shown from the portal's copy and not created a second time.
      await recordSpooledSaves(deps, params.issuerId);
      if (await findSavedIssuerAccount(deps.db, params.issuerId)) {
        throw saveRefused(
          'This issuer account is already saved. The platform offers no way to change it, and saving again would add a second record.',
          'Contact the platform to correct it.',
        );
      }
      // Two people of one issuer saving at once would add two records: a save runs only while no
      // other one of the same issuer is in flight (this one's own claim is already taken).
      const others = await claimsInFlight(
        deps.db,
        {
          userId: user!.id,
          route: SAVE_ROUTE,
          key: [request.headers['idempotency-key']].flat()[0] ?? '',
        },
        params.issuerId,
      );
      if (others > 0) {
        throw saveRefused(
          'Another save of this issuer account is on its way to the platform, which may create it; nothing was sent for this one.',
          'Do not save it again: its outcome shows on this page in a moment.',
        );
      }
      // A save whose answer was lost may have been stored: sending another would add a second
      // record. Someone of the issuer asks the platform and settles it first.
      const unsettled = await listUnsettledIssuerAccountAttempts(
        deps.db,
        params.issuerId,
        SAVE_ROUTE,
      );
      if (unsettled.length > 0) {
        throw saveRefused(
          'An earlier save of this issuer account lost its answer, so the platform may already hold it; nothing was sent for this one.',
          'Ask the platform, record what it said on the issuer account page, then save again if it holds nothing.',
        );
      }
      // The person confirmed that the platform holds no issuer account of this issuer: none can
      // be read back (§4.6 only creates, §4.16 only names the issuers collection), and this save
      // adds a record (§2.4). Held with the request's outcome, so it is kept whatever that is.
      await audit({
        action: ISSUER_ACCOUNT_CHECKED_ACTION,
        objectType: 'issuer',
        objectId: params.issuerId,
        outcome: 'succeeded',
        details: { confirmed: issuerAccountCheckedLabel },
      });
      const input: IssuerAccountRequest = {
        issuerId: params.issuerId,
        companyName: body.companyName,
        companyState: body.companyState,
        issuingCountry: body.issuingCountry,
        // §4.6 createdIpAddress: the requester's address as the BFF sees it, never the browser's word.
        requesterIp: request.ip,
        accountType:
          body.accountType === 'CHECKING'
            ? 'checking'
            : body.accountType === 'SAVINGS'
              ? 'savings'
              : undefined,
        entityType: orUndefined(body.entityType) as IssuerAccountRequest['entityType'],
        companyTaxId: orUndefined(body.companyTaxId),
        accountMiddleInitial: orUndefined(body.accountMiddleInitial)?.toUpperCase(),
        socialSecurityNumber: orUndefined(body.socialSecurityNumber),
        dateOfBirth: orUndefined(body.dateOfBirth),
        residentUs: yesNo(body.residentUs),
        citizenUs: yesNo(body.citizenUs),
        address: {
          line1: orUndefined(body.addressLine1),
          line2: orUndefined(body.addressLine2),
          city: orUndefined(body.city),
          zip: orUndefined(body.zip),
          country: orUndefined(body.country),
        },
        additionalInfo: orUndefined(body.additionalInfo),
      };
      const records = await createIssuerAccount(deps.upstream, input);
      await audit({
        action: 'issuer_account_create',
        objectType: 'issuer',
        objectId: params.issuerId,
        outcome: 'succeeded',
        details: { records: records.length },
      });
      const saved = { records: records.map(toSavedIssuerAccount) };
      // Stored with the request's outcome: if the store fails now, the platform's answer is
      // spooled with it and the person still gets the receipt (docs/deploy.md).
      keepWithOutcome({
        savedIssuerAccount: { issuerId: params.issuerId, records: saved, savedBy: user!.email },
      });
      return saved;
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/issuers/:issuerId/issuer-account/settle',
    summary:
      'Records what the platform said about saves of the issuer account whose answer was lost (audited with the reason)',
    tags: ['issuer'],
    params: issuerParamsSchema,
    body: issuerAccountSettleSchema,
    response: savedIssuerAccountResultSchema,
    afterChange: 'Reload the page to see how the saves stand before settling them again.',
    async handler({ params, body, deps, user, request, changeMade }) {
      const state = await issuerAccountState(deps.db, params.issuerId);
      if (state.saved) {
        throw new HttpError(
          'conflict',
          'This issuer account is already saved: there is nothing to settle.',
        );
      }
      if (state.unsettled.length === 0) {
        throw new HttpError(
          'conflict',
          'No save of this issuer account has an unknown outcome: there is nothing to settle.',
        );
      }
      // A save whose answer was lost may still be on its way, and the platform may create it
      // later still (quietLeftMs): a save sent after "it holds nothing" would then add a second
      // record (§4.6). "It holds them" may be recorded at any time.
      const left =
        body.outcome === 'not_stored'
          ? quietLeftMs(
              new Date(Math.max(...state.unsettled.map((a) => Date.parse(a.at)))),
              deps.config,
              new Date(),
            )
          : null;
      if (left !== null) {
        const which = state.unsettled.length === 1 ? 'The save' : 'The latest save';
        throw new HttpError(
          'conflict',
          `${which} of this issuer account that lost its answer may still be on its way to the platform, which may yet create it. It can be recorded as not held by the platform in ${waitInWords(left)}, after ${waitInWords(deps.config.reconcileNotSentAfterMs)} without a trace of it; ask the platform again then.`,
        );
      }
      await settleIssuerAccountAttempts(
        deps.db,
        params.issuerId,
        body.outcome,
        user!.email,
        attributed(
          {
            action: ISSUER_ACCOUNT_SETTLED_ACTION,
            objectType: 'issuer',
            objectId: params.issuerId,
            reason: body.reason,
            outcome: 'succeeded',
            details: {
              settled: body.outcome,
              attempts: state.unsettled.map((a) => a.requestId),
            },
          },
          user,
          request,
        ),
      );
      changeMade();
      return issuerAccountState(deps.db, params.issuerId);
    },
  }),
];

/**
 * §2.3's trade records carry no status, so whether a purchase is paid comes from the trades
 * collection (§4.16, filtered to the offering), as the investor's My investments reads it. When the
 * collection cannot be read for a lasting reason, the page says so instead of guessing.
 */
async function readPurchaseStatuses(
  upstream: UpstreamClient,
  offeringId: string,
): Promise<PurchaseStatuses> {
  const read = await readOrExplainRefusal(
    async () => ({
      state: 'read' as const,
      ...(await getAllTrades(upstream, { offeringId }, 20_000)),
    }),
    {
      // §4.16: the GET collections require header authentication (§5 rules 4 and 6).
      headerCredentials: {
        reason: 'header_auth_required',
        message:
          'The trades’ statuses cannot be read: the platform gives them only through an interface that needs header authentication, and this portal is configured for body credentials. An administrator can switch the portal to header authentication.',
      },
      permission: {
        reason: 'permission',
        message:
          'The trades’ statuses cannot be read: the platform key is not permitted to read trades. An administrator can grant the permission.',
      },
    },
  );
  if (read.state === 'unavailable')
    return { state: 'unavailable', message: read.message, lasting: true };
  return {
    state: 'read',
    trades: read.trades
      .filter((trade) => trade.offeringId === offeringId)
      .map(({ tradeId, status, archived }) => ({ tradeId, status, archived })),
    // A trade that could not be read has no status here either: the page counts it as not known.
    complete: read.complete,
  };
}

/**
 * A save the platform answered while the store was down waits in the spool until housekeeping
 * replays it: recorded now, so the page never offers the blank form (and a second record, §4.6)
 * for an account the platform holds.
 */
async function recordSpooledSaves(deps: Deps, issuerId: string): Promise<void> {
  await deps.spool.recordNow(
    deps.db,
    (entry) => entry.kept?.savedIssuerAccount?.issuerId === issuerId,
  );
}

/** The issuer account as the portal knows it: saved (or confirmed by hand), and lost saves. */
async function issuerAccountState(db: Db, issuerId: string) {
  const [saved, unsettled, sending] = await Promise.all([
    findSavedIssuerAccount(db, issuerId),
    listUnsettledIssuerAccountAttempts(db, issuerId, SAVE_ROUTE),
    listClaimsInFlight(db, SAVE_ROUTE, issuerId),
  ]);
  return {
    saved: saved
      ? {
          records: savedIssuerAccountsSchema.parse(saved.records).records,
          savedAt: saved.savedAt.toISOString(),
          savedBy: saved.savedBy,
          confirmedByHand: saved.confirmedByHand,
        }
      : null,
    // Once saved, nothing is left to settle.
    unsettled: saved
      ? []
      : unsettled.map((a) => ({
          at: a.at.toISOString(),
          by: a.by,
          requestId: a.requestId,
          sent: a.sent,
        })),
    // A save on its way (or cut off on it, until the sweep finds out) may still create a record:
    // the page says so from its first read instead of offering the blank form.
    sending: saved
      ? []
      : sending.map((c) => {
          const sent = sentIssuerAccountSchema.safeParse(c.sent);
          return {
            at: c.at.toISOString(),
            by: c.by,
            requestId: null,
            sent: sent.success ? sent.data : null,
          };
        }),
  };
}
