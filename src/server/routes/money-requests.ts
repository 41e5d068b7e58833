import { isolate } from '../../contract/bidi';
import { sql } from 'kysely';
import { z } from 'zod';
import { accountParamsSchema } from '../../contract/account-views';
import { asPlatformAccountId } from '../../contract/platform-ids';
import { csvDollars, csvLine } from '../../contract/csv';
import { wholeDays } from '../../contract/dates';
import type { FundMove } from '../../contract/custody';
import {
  describeFundMoveApproval,
  describeFundMoveStatus,
  fundMoveTitle,
} from '../../contract/custody-views';
import { compare, formatShares } from '../../contract/decimal';
import { paymentStepOf, tradeStatusInWords } from '../../contract/holdings';
import {
  differentUnitsMessage,
  madeBeforeMessage,
  likelyThisRequest,
  likelyTradeMessage,
  type SettlementCandidate,
  moneyRequestKindLabels,
  moneyRequestOutcomeWords,
  outcomeWordsOf,
  reasonBesideOutcome,
  moneyRequestPageSchema,
  inOrder,
  moneyRequestQueryShape,
  moneyRequestQuerySchema,
  moneyRequestReferenceParamsSchema,
  moneyRequestSettleSchema,
  moneyRequestViewSchema,
  OWN_STANDING_LIMIT,
  ownStandingRequestsQuerySchema,
  ownStandingRequestsSchema,
  RECENTLY_ENDED_DAYS,
  settlementCandidatesSchema,
  timelineQuerySchema,
  timelineSchema,
  type TimelinePart,
  unsettledOutcomes,
  type MoneyRequestQuery,
  type BeingSent,
  type MoneyRequestView,
  type SettlementCandidates,
  wasFoundAfterNotSent,
  movedTwiceWords,
  acceptedDepositState,
  acceptedDisbursementState,
  APPROVAL_BATCH_NEXT,
  heldBackRecord,
  notSentPair,
  type TimelineEntry,
} from '../../contract/money-requests';
import { nextApprovalBatch, upstreamTimeToInstant } from '../../contract/time';
import { offeringParamsSchema } from '../../contract/offerings';
import type { Deps } from '../deps';
import { readAccountFundMoves, type AccountFundMoves } from '../lib/account-fund-moves';
import { inTimeAfter } from '../lib/in-time';
import { LastReadParts } from '../lib/last-read-parts';
import {
  fundMoveDirectionOfRequest,
  ownFundMoves,
  withKnownDirections,
} from '../lib/fund-move-direction';
import { HttpError } from '../lib/http-error';
import { lastingReadFault } from '../lib/upstream-errors';
import { sameRecentlyOutcomes, sameRequestSince } from '../lib/standing-requests';
import { beingSentOf, quietLeftMs, waitInWords } from '../lib/being-sent';
import { settleUnknown, type Verdict } from '../lib/reconciliation';
import { approvedSendingOf, decisionsOf } from '../store/approvals';
import { endClaimsOfStoppedInstances } from '../store/idempotency';
import {
  getMoneyRequest,
  listMoneyRequests,
  listMoneyRequestsOfAccount,
  moneyRequestPages,
  platformIdKindOf,
  requestWithUpstreamId,
  type MoneyRequest,
  type MoneyRequestPage,
  type MoneyRequestFilter,
} from '../store/money-requests';
import type { DisbursementIdKind } from '../store/schema';
import {
  getAllTrades,
  getCustodyAccount,
  getCustodyFundMove,
  isUpstreamError,
  needsHeaderCredentials,
} from '../upstream';
import type { TradesRead } from '../upstream/get-trades';
import { csvDownloadStream } from '../lib/csv-download';
import { defineRoute } from './define';
import { madeBeforeRequest, probableTrades } from '../lib/probable-trades';

/** Exact decimal equality ("12" and "12.000" are the same); null when either side is not known. */
function sameDecimal(a: string | null, b: string | null): boolean | null {
  return a === null || b === null ? null : compare(a, b) === 0;
}

/** A refusal of the platform id the reviewer typed, under that field. */
function unknownPlatformId(message: string): HttpError {
  return new HttpError('bad_request', message, {
    fields: [{ field: 'upstreamId', message }],
    submitted: 'no',
  });
}

/** How a fund move of each kind is named to the reviewer, and the way its money goes. */
const MOVE_OF = {
  disbursement: {
    goes: 'out',
    wrong: 'brought money into',
    which: 'the fund move that took this disbursement out',
  },
  deposit: {
    goes: 'in',
    wrong: 'took money out of',
    which: 'the fund move that brought this deposit in',
  },
} as const;

/**
 * The fund move of the request's account that the platform names by `upstreamId` (§4.4), or
 * null when it has none there: not found, or an id it refuses as a fund move's reference (a
 * disbursement's request id is no reference number). A read that fails settles nothing.
 */
async function fundMoveOfAccount(
  deps: Deps,
  request: MoneyRequest,
  upstreamId: string,
): Promise<FundMove | null> {
  const read = await getCustodyFundMove(deps.upstream, {
    accountId: request.accountId,
    referenceNumber: upstreamId,
  }).catch((error: unknown) =>
    isUpstreamError(error) && (error.kind === 'not_found' || error.kind === 'rejected')
      ? ('none' as const)
      : null,
  );
  if (read === null) {
    throw new HttpError(
      'upstream_unavailable',
      `The platform could not be asked about fund move ${upstreamId} just now, so ${request.reference} was not settled: nothing changed. Try again in a few minutes.`,
      { submitted: 'no' },
    );
  }
  return read === 'none' || read.accountId !== request.accountId ? null : read;
}

/**
 * A disbursement's or deposit's fund move (see checkPlatformId), as `fundMoveOfAccount` read it:
 * going its way, not another request's (by our reference in it, or as the fund move another
 * request of the register was recorded with).
 */
async function checkFundMove(
  deps: Deps,
  request: MoneyRequest & { kind: keyof typeof MOVE_OF },
  upstreamId: string,
  read: FundMove | null,
): Promise<void> {
  const { goes, wrong, which } = MOVE_OF[request.kind];
  if (!read) {
    throw unknownPlatformId(
      `The platform has no fund move ${upstreamId} of account ${request.accountId}. Check the reference of ${which}.`,
    );
  }
  const [move] = await withKnownDirections(deps.db, [read]);
  if (move!.direction !== goes && move!.direction !== null) {
    throw unknownPlatformId(
      `Fund move ${upstreamId} ${wrong} account ${request.accountId}: it is not this ${request.kind}. Check the reference of ${which}.`,
    );
  }
  if (move!.portalReference && move!.portalReference !== request.reference) {
    throw unknownPlatformId(
      `Fund move ${upstreamId} carries our reference ${move!.portalReference}, another request's, not ${request.reference}. Check the reference of ${which}.`,
    );
  }
}

/**
 * One trade or fund move is one request's: recorded for a second request of the same kind and
 * account, the register would show money moved twice where it moved once.
 */
async function refuseOtherRequests(
  deps: Deps,
  request: MoneyRequest,
  upstreamId: string,
): Promise<void> {
  const other = await requestWithUpstreamId(deps.db, request, upstreamId);
  if (other) {
    throw unknownPlatformId(
      `${other} is already recorded with ${request.kind === 'investment' ? 'trade' : 'fund move'} ${upstreamId}: it is that request's, not ${request.reference}'s. Check the id.`,
    );
  }
}

/**
 * The platform id a reviewer settles a request with must be one the platform holds for that
 * request's account: a typing slip would otherwise record money as sent under an id that names
 * nothing, or another account's record. Only what the platform lets us read is checked (§4.16
 * trades of the account in the offering, §4.4 one fund move of the account); when the trades
 * cannot be read, the reviewer's own check at the platform stands. An IRA request's id is the
 * account's, which cannot be read back as the request. A trade or fund move another request is
 * recorded with is that request's, whatever the platform says of it.
 *
 * A disbursement is settled with the fund move that took its money out (§2.10: the platform's
 * request id cannot be read back, while the move it leaves is read by its reference, §4.4; it is
 * the id reconciliation settles one with), where the platform lists such moves
 * (DISBURSEMENTS_LISTED_AS_FUND_MOVES); a deposit with the one that brought its money in.
 * Elsewhere a disbursement may also be settled with what the platform showed the reviewer, its
 * request id: an id that is no fund move of the account is taken as that, on their word. Which of
 * the two the id names is returned, for the register to show it as what it is. Recording money
 * as moved that never moved is the worse slip, so when the move cannot be read just now, nothing
 * is settled.
 *
 * An investment settled with a trade whose units differ from those it asked for is most likely
 * another request's trade: refused unless the reviewer confirms it.
 */
async function checkPlatformId(
  deps: Deps,
  request: MoneyRequest,
  upstreamId: string,
  confirmed: { differentUnits: boolean; madeBefore: boolean },
): Promise<DisbursementIdKind | undefined> {
  const madeBefore = (what: 'trade' | 'fund move', createdAt: string | null) =>
    !confirmed.madeBefore &&
    madeBeforeRequest(createdAt, request, deps.config.upstreamTimeZone) && {
      field: 'confirmMadeBefore',
      message: madeBeforeMessage({ what, id: upstreamId }, request.reference),
    };
  if (request.kind === 'disbursement' || request.kind === 'deposit') {
    const move = await fundMoveOfAccount(deps, request, upstreamId);
    const requestIdTaken =
      request.kind === 'disbursement' && !deps.config.disbursementsListedAsFundMoves;
    if (move || !requestIdTaken) {
      await checkFundMove(deps, { ...request, kind: request.kind }, upstreamId, move);
    }
    await refuseOtherRequests(deps, request, upstreamId);
    refuseUnconfirmed([move ? madeBefore('fund move', move.createdAt) : false]);
    if (request.kind === 'deposit') return undefined;
    return move ? 'fund_move' : 'disbursement_request';
  }
  if (request.kind !== 'investment' || !request.offeringId) return undefined;
  const read = await getAllTrades(
    deps.upstream,
    { accountId: request.accountId, offeringId: request.offeringId },
    1_000,
  ).catch(() => null);
  const trade = read?.trades.find((t) => t.tradeId === upstreamId);
  // Only a complete list can tell that the trade is not there: one cut short, or with a trade
  // that could not be read, may hold it.
  if (!trade && read?.complete && read.skipped === 0) {
    throw unknownPlatformId(
      `The platform has no trade ${upstreamId} of account ${request.accountId} in this offering. Check the id, or pick one of the trades listed.`,
    );
  }
  await refuseOtherRequests(deps, request, upstreamId);
  if (!trade) return undefined;
  const otherUnits = !confirmed.differentUnits &&
    request.units !== null &&
    trade.units !== null &&
    !sameDecimal(trade.units, request.units) && {
      field: 'confirmDifferentUnits',
      message: differentUnitsMessage(
        { id: upstreamId, units: trade.units },
        { reference: request.reference, units: request.units },
      ),
    };
  refuseUnconfirmed([otherUnits, madeBefore('trade', trade.createdAt)]);
  return undefined;
}

/**
 * A platform id that is most likely another request's (other units than asked, made before the
 * request): refused, naming every confirmation it lacks at once, so the reviewer who checked it
 * at the platform confirms them together rather than one refusal at a time.
 */
function refuseUnconfirmed(issues: ({ field: string; message: string } | false)[]): void {
  const fields = issues.filter((issue) => issue !== false);
  if (fields.length === 0) return;
  throw new HttpError('conflict', fields.map((f) => f.message).join(' '), { fields });
}

/**
 * The kind of a disbursement (ACH or wire) is in its audit event, not in the register row: the
 * event of its sending, or of its holding for a second person's approval. Only the events of
 * these references are read (by the reference in their details), not every disbursement's.
 */
async function disbursementTypes(deps: Deps, references: string[]): Promise<Map<string, string>> {
  const types = new Map<string, string>();
  if (references.length === 0) return types;
  const rows = await deps.db
    .selectFrom('audit_events')
    .select(['details'])
    .where('action', 'in', [
      'disbursement_sent',
      'disbursement_requested',
      'disbursement_held_for_approval',
    ])
    .where(sql<string>`details->>'reference'`, 'in', references)
    .execute();
  for (const row of rows) {
    const details = (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as {
      reference?: string;
      type?: string;
    } | null;
    if (details?.reference && details.type) types.set(details.reference, details.type);
  }
  return types;
}

const disbursementTitles: Record<string, string> = {
  ach: 'ACH disbursement to your linked bank',
  wire_domestic: 'Domestic wire disbursement',
  wire_international: 'International wire disbursement',
};

/**
 * The names of the offerings the listed investments were made in, from the catalogue the BFF
 * already reads and shares (getAllOffers, §2.2). A catalogue that cannot be read names none: the
 * register is answered all the same, each investment with its offering id alone.
 */
async function offeringNames(
  deps: Deps,
  rows: MoneyRequest[],
  log: { warn(details: object, message: string): void },
): Promise<Map<string, string>> {
  if (!rows.some((row) => row.kind === 'investment' && row.offeringId)) return new Map();
  try {
    const { offerings } = await deps.offerings.get('all', () => deps.loadOfferings());
    return new Map(offerings.filter((o) => o.name).map((o) => [o.id, o.name]));
  } catch (err) {
    log.warn({ err }, 'money requests: offering names not read');
    return new Map();
  }
}

/**
 * When the outcome was settled, for an outcome that is: created, refused or not sent. The store
 * also keeps when an outcome became unknown (or waiting), which is not a settlement: a register
 * row, or a spreadsheet filtered on its settled time, must not count it as settled.
 */
function settledAtOf(row: MoneyRequest): Date | null {
  return ['created', 'refused', 'not_sent'].includes(row.outcome) ? row.settledAt : null;
}

/**
 * The register row as the contract shows it. `names` are the offerings' names (offeringNames);
 * `emails` (reviewers only) names who sent it and who settled it by hand; an investor's view
 * names neither. `probable` (an investor's own account) names the platform trade an unknown
 * investment probably became; `beingSent` the approved held disbursements still on their way.
 */
interface ViewSources {
  names: Map<string, string>;
  /** The fund moves of the accepted deposits and disbursements of the page (fundMovesOfFollowed). */
  fundMoves?: FollowedFundMoves;
  emails?: Map<string, string>;
  probable?: Map<string, string>;
  beingSent?: Map<string, BeingSent>;
  /** The second person's decisions on the rows held for approval (decisionsOf). */
  decisions?: Map<string, { approved: boolean; decidedAt: Date; checkerEmail: string | null }>;
}

function toView(
  row: MoneyRequest,
  { names, fundMoves, emails, probable, beingSent, decisions }: ViewSources,
): MoneyRequestView {
  const decision = decisions?.get(row.reference);
  const settledBy =
    row.settledVia === 'manual'
      ? 'reviewer'
      : row.settledVia === 'reconciliation'
        ? row.settledVia
        : null;
  return {
    reference: row.reference,
    accountId: row.accountId,
    kind: row.kind,
    amount: row.amount,
    offeringId: row.offeringId,
    offeringName: (row.kind === 'investment' && names.get(row.offeringId ?? '')) || null,
    units: row.units,
    unitPrice: row.unitPrice,
    method: row.method,
    upstreamId: row.upstreamId,
    platformIdKind: platformIdKindOf(row),
    ...movedBy(row, fundMoves),
    ...(row.fundMovesFound.length > 1 ? { fundMoves: row.fundMovesFound } : {}),
    outcome: row.outcome,
    ...(row.unknownBecause ? { unknownBecause: row.unknownBecause } : {}),
    ...(row.outcome === 'unknown' && beingSent?.has(row.reference)
      ? { beingSent: beingSent.get(row.reference) }
      : {}),
    message: row.message,
    ...(row.nextStep ? { nextStep: row.nextStep } : {}),
    createdAt: row.createdAt.toISOString(),
    settledAt: settledAtOf(row)?.toISOString() ?? null,
    settledBy,
    ...(probable?.has(row.reference) ? { probableTradeId: probable.get(row.reference) } : {}),
    ...(decision
      ? {
          decision: {
            approved: decision.approved,
            decidedAt: decision.decidedAt.toISOString(),
            // Who decided is the staff's to read: an investor is told a second person did.
            ...(emails ? { decidedByEmail: decision.checkerEmail } : {}),
          },
        }
      : {}),
    ...(emails
      ? {
          userEmail: emails.get(row.userId) ?? null,
          settledByEmail:
            settledBy === 'reviewer' && row.settledBy ? (emails.get(row.settledBy) ?? null) : null,
        }
      : {}),
  };
}

/**
 * The rows of unknown outcome that are approved held disbursements whose call may still be
 * running (beingSentOf, as the approvals page derives it), by reference.
 */
/**
 * An accepted deposit's or disbursement's fund move as its view names it (followsItsFundMove): the
 * move, and where it stands (§3); or, where the move was not found, why (`fundMoveUnknown`), so
 * that the row says its current status is not known instead of reading as settled.
 */
function movedBy(
  row: MoneyRequest,
  moves: FollowedFundMoves | undefined,
): Pick<MoneyRequestView, 'fundMove' | 'fundMoveStatus' | 'fundMoveUnknown'> {
  if (!moves || !followsItsFundMove(row)) return {};
  const move = moves.found.get(row.reference);
  if (!move) return { fundMoveUnknown: moves.unread.has(row.accountId) ? 'unread' : 'older' };
  return {
    fundMove: move.referenceNumber,
    fundMoveStatus: { status: move.status, approvalStatus: move.approvalStatus },
  };
}

/**
 * An accepted request whose fund move says where it stands (§3), found by our reference: a
 * deposit (its move is its platform id), or a disbursement whose row holds the platform's request
 * id, no fund move (one the platform answered, directly or replayed from the spool, or one a
 * reviewer settled with it). A disbursement found at the platform afterwards is named by its
 * move already.
 */
const followsItsFundMove = (row: MoneyRequest) =>
  row.outcome === 'created' &&
  (row.kind === 'deposit' ||
    (row.kind === 'disbursement' && platformIdKindOf(row) === 'disbursement_request'));

/**
 * The fund moves found for the answered disbursements of a page, by our reference, and the
 * accounts whose fund moves were not read (their read failed, or past the accounts one page
 * reads): their disbursements' status is not known.
 */
interface FollowedFundMoves {
  found: Map<string, FundMove>;
  unread: Set<string>;
}

async function beingSentAmong(deps: Deps, rows: MoneyRequest[]): Promise<Map<string, BeingSent>> {
  const unknown = rows.filter((row) => row.outcome === 'unknown').map((row) => row.reference);
  const approved = await approvedSendingOf(deps.db, unknown);
  const now = new Date();
  const sending = new Map<string, BeingSent>();
  for (const [reference, approvedAt] of approved) {
    const beingSent = beingSentOf(approvedAt, deps.config, now);
    if (beingSent) sending.set(reference, beingSent);
  }
  return sending;
}

/**
 * Before the register is read: the requests an instance was sending when it was killed are ended
 * as "outcome unknown" (endClaimsOfStoppedInstances), so a person who reloads after the crash
 * reads that at once, under every filter, rather than "being sent" until their lease runs out.
 */
const endStoppedClaims = (deps: Deps) =>
  endClaimsOfStoppedInstances(deps.db, { self: deps.instanceId });

/** The most recently ended requests the standing list names (ownStandingRequestsSchema). */
const RECENTLY_ENDED_LIMIT = 20;

/**
 * The moves of `accountId` among those read (a move of another account is never taken for one
 * of its requests), each with its direction as the register knows it (withKnownDirections).
 */
const movesOfAccount = (deps: Deps, accountId: string, moves: readonly FundMove[]) =>
  withKnownDirections(
    deps.db,
    moves.filter((move) => move.accountId === accountId),
  );

/** The most accounts whose fund moves one page of the register reads (one platform call each). */
const FUND_MOVE_ACCOUNTS_PER_PAGE = 10;

/**
 * The fund move of each accepted deposit and of each disbursement on a page that the platform
 * answered directly (followsItsFundMove): the latter's row holds the request's id (§2.10
 * requestId), which no operation looks up, so each move is found among the account's newest fund
 * moves (one page, §4.3) by our reference going its way, as the timeline finds it (ownFundMoves). Only for pages that hold one, for at most FUND_MOVE_ACCOUNTS_PER_PAGE
 * accounts; fund moves that cannot be read name none, and the page is answered all the same.
 */
async function fundMovesOfFollowed(
  deps: Deps,
  rows: MoneyRequest[],
  log: { warn(details: object, message: string): void },
): Promise<FollowedFundMoves> {
  const answered = rows.filter(followsItsFundMove);
  const found = new Map<string, FundMove>();
  const all = [...new Set(answered.map((row) => row.accountId))];
  const accounts = all.slice(0, FUND_MOVE_ACCOUNTS_PER_PAGE);
  const unread = new Set(all.slice(FUND_MOVE_ACCOUNTS_PER_PAGE));
  await Promise.all(
    accounts.map(async (accountId) => {
      try {
        const read = await readAccountFundMoves(deps.upstream, accountId, {
          pageSize: FUND_MOVES_PAGE,
          maxPages: 1,
        });
        const moves = await movesOfAccount(deps, accountId, read.moves);
        const mine = answered.filter((row) => row.accountId === accountId);
        const { own } = ownFundMoves(mine, moves);
        for (const row of mine) {
          const move = own.get(row.reference);
          if (move) found.set(row.reference, move);
        }
      } catch (err) {
        unread.add(accountId);
        log.warn({ err, accountId }, 'money requests: fund moves not read for the answered ones');
      }
    }),
  );
  return { found, unread };
}

/**
 * A page of the register as the contract shows it: each row with its offering's name and, for an
 * approved held disbursement still on its way, when it was approved; `more` adds what only one
 * reader is shown (a reviewer: the people's addresses; an investor: the probable trades).
 */
async function pageView(
  deps: Deps,
  page: MoneyRequestPage,
  log: { warn(details: object, message: string): void },
  more: { emails?: Promise<Map<string, string>>; probable?: Promise<Map<string, string>> } = {},
) {
  const [names, beingSent, fundMoves, emails, probable, decisions] = await Promise.all([
    offeringNames(deps, page.items, log),
    beingSentAmong(deps, page.items),
    fundMovesOfFollowed(deps, page.items, log),
    more.emails,
    more.probable,
    decisionsOf(
      deps.db,
      page.items.filter((row) => row.kind === 'disbursement').map((row) => row.reference),
    ),
  ]);
  return {
    requests: page.items.map((row) =>
      toView(row, { names, fundMoves, emails, probable, beingSent, decisions }),
    ),
    total: page.total,
    offset: page.offset,
    limit: page.limit,
  };
}

/**
 * The register's filter is what the page asked, its From and To days made whole in the zone they
 * are days of (the viewer's, as the rows show their times).
 */
function storeFilter({ from, to, timeZone, ...asked }: MoneyRequestQuery): MoneyRequestFilter {
  return { ...asked, ...wholeDays({ from, to, timeZone }) };
}

/** The addresses of the users who sent the rows and of the reviewers who settled them by hand. */
async function emailsOf(deps: Deps, rows: MoneyRequest[]): Promise<Map<string, string>> {
  const ids = [
    ...new Set(
      rows.flatMap((r) =>
        r.settledVia === 'manual' && r.settledBy ? [r.userId, r.settledBy] : [r.userId],
      ),
    ),
  ];
  if (ids.length === 0) return new Map();
  const users = await deps.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', ids)
    .execute();
  return new Map(users.map((u) => [u.id, u.email]));
}

/**
 * The row's message, for the export. A request held for approval records the approval's id as its
 * message, which means nothing to the file's reader: the outcome's meaning stands in for it, as
 * the page says it. (The approval is found in the audit log under the request's reference.)
 */
function messageInCsv(row: MoneyRequest): string | null {
  if (row.message === null || !/^Approval [\w-]+\.$/.test(row.message)) return row.message;
  return row.outcome === 'held' ? moneyRequestOutcomeWords.held.meaning : null;
}

/** Who settled an unknown outcome, for the export: the reviewer's address, or reconciliation. */
function settledByInCsv(row: MoneyRequest, emails: Map<string, string>): string | null {
  if (row.settledVia === 'reconciliation') return 'reconciliation';
  if (row.settledVia !== 'manual' || !row.settledBy) return null;
  return emails.get(row.settledBy) ?? row.settledBy;
}

const accountRequestsQuery = inOrder(
  moneyRequestQueryShape.omit({ accountId: true }).extend({
    /** Only requests made in this offering (investments). */
    offeringId: offeringParamsSchema.shape.offeringId.optional(),
    /**
     * `true`: only those being sent or of unknown outcome (unsettledOutcomes), which the invest,
     * deposit and disbursement forms name before a new request of their kind is sent.
     */
    unsettled: z.enum(['true'], { error: 'unsettled must be true when given' }).optional(),
    /**
     * `true`: only those accepted or waiting for approval within the same-request window
     * (SAME_REQUEST_WINDOW_MINUTES), which the BFF refuses the same request again over unless
     * named: the forms look among them for the one being reviewed, to warn before Confirm.
     */
    recent: z.enum(['true'], { error: 'recent must be true when given' }).optional(),
  }),
);

/** Rows of the register read at a time for its export. */
const EXPORT_PAGE = 1000;

/**
 * The timeline's parts as each person last read them, per account, for a Try again of one part
 * (`retry`): ten minutes, as long as a page is looked at; a few hundred people at once.
 */
const lastTimelineParts = new LastReadParts<TimelinePart, AccountFundMoves | TradesRead | null>(
  10 * 60_000,
  300,
);

/** A page of fund moves as the timeline reads them: the platform's largest (real-world notes §2). */
const FUND_MOVES_PAGE = 500;

/** Next step of something waiting for the approval batch (§3: decisions only at 4:00 PM MT). */
function batchStep(now: Date) {
  return {
    next: APPROVAL_BATCH_NEXT,
    nextBatchAt: nextApprovalBatch(now).toISOString(),
  };
}

/** The fund move's state in words (§3), with its approval step. */
function fundMoveState(move: FundMove): string {
  const status = describeFundMoveStatus(move.status);
  const approval = describeFundMoveApproval(move.approvalStatus);
  return `${status.label}: ${status.meaning} Approval: ${approval.label}.`;
}

/**
 * A deposit or disbursement the platform accepted, on the timeline: where it stands in the words
 * its receipt and the requests list use (acceptedDepositState, acceptedDisbursementState), then
 * `more` (a correction, a second move), and its next step with the batch's time when it waits for
 * it.
 */
function acceptedEntryState(
  kind: 'deposit' | 'disbursement',
  move: FundMove | null,
  more: string,
  now: Date,
  method: string | null,
) {
  const words =
    kind === 'deposit' ? acceptedDepositState(move) : acceptedDisbursementState(move, method);
  return {
    state: `${words.label}: ${words.meaning}${more}`,
    ...(words.awaitsBatch ? batchStep(now) : { next: words.next, nextBatchAt: null }),
  };
}

/**
 * What a fund move waits for: the approval batch (§3), or the transfer once submitted: a deposit
 * comes over the ACH network from the linked bank (§4.16); money out may go by wire.
 */
function fundMoveStep(move: FundMove, now: Date) {
  if (move.approvalStatus?.toLowerCase() === 'pending') return batchStep(now);
  const transfer =
    move.direction === 'in'
      ? 'Settles when the ACH network completes the transfer.'
      : 'Settles when the transfer reaches the bank.';
  return {
    next: move.status.toLowerCase() === 'submitted' ? transfer : null,
    nextBatchAt: null,
  };
}

/**
 * An investment's title on the timeline, one pattern whether the platform lists the trade or only
 * the register knows it (an unknown outcome records the units asked before createTrade is sent):
 * "Investment in Aspen Ridge Growth Fund I (1,001 units)", the units grouped as every page
 * groups them.
 */
function investmentTitle(name: string, units: string | null): string {
  // The offering's name is the platform's free text (§2.2): isolated, so that a right-to-left
  // override in it cannot reverse the units printed after it.
  if (!units) return `Investment in ${isolate(name)}`;
  const noun = /^0*1(\.0*)?$/.test(units) ? 'unit' : 'units';
  return `Investment in ${isolate(name)} (${formatShares(units, 'en-US')} ${noun})`;
}

const timelineKinds = {
  in: 'deposit',
  out: 'disbursement',
  unknown: 'fund_move',
} as const satisfies Record<string, TimelineEntry['kind']>;

/** A deposit or disbursement of the register whose fund move the platform lists, by its recorded outcome. */
const foundMoveWords: Record<MoneyRequest['outcome'], string> = {
  created: 'Accepted by the platform.',
  pending: 'Being sent; the platform already lists it.',
  held: 'Recorded as waiting for approval, yet the platform lists it: contact support and quote our reference.',
  unknown: 'Outcome unknown to the portal, but the platform lists it, so it arrived.',
  refused:
    'Recorded as refused, yet the platform lists it: contact support and quote our reference.',
  not_sent:
    'Recorded as not sent, yet the platform lists it: contact support and quote our reference.',
};

/**
 * A request recorded as not sent that reconciliation found at the platform since says so, and
 * names a request sent again meanwhile (the money may move twice): reconciliation's words.
 */
function correction(row: MoneyRequest): string {
  return wasFoundAfterNotSent(row) ? ` ${row.message}` : '';
}

/** It arrived, so it is never to be sent again, whatever the register recorded. */
const foundMoveNext: Record<'held' | 'unknown' | 'refused' | 'not_sent', string> = {
  held: 'Do not send it again: contact support and quote our reference.',
  unknown: moneyRequestOutcomeWords.unknown.next,
  refused: 'Do not send it again: contact support and quote our reference.',
  not_sent: 'Do not send it again: contact support and quote our reference.',
};

/**
 * Whether the entry's state adds the register's message (a refusal's reason). An unknown one's
 * message says again what the outcome's words and next step say, and names the reference the
 * entry already carries, so it is left out, as the requests list leaves it out; an accepted one
 * needs none; a held one's names the approval by an internal id its investor cannot use (our
 * reference names the request).
 */
const endedWithMessage = (row: MoneyRequest) =>
  row.outcome !== 'created' && row.outcome !== 'unknown' && row.outcome !== 'held';

/**
 * Order by time, newest first. The upstream's zone-less times are wall times of the platform's
 * configured zone (TRANSACT_TIME_ZONE), so they compare with the portal's own instants.
 */
function timeKey(entry: TimelineEntry, upstreamZone: string): number {
  if (!entry.at) return 0;
  return upstreamTimeToInstant(entry.at, upstreamZone)?.getTime() ?? 0;
}

/**
 * The trades the account's investments of unknown outcome probably are (lib/probable-trades), for
 * its requests list: read only when the page holds one. Trades that cannot be read name none; the
 * list is answered all the same.
 */
async function probableTradesOfAccount(
  deps: Deps,
  accountId: string,
  rows: MoneyRequest[],
  log: { warn(details: object, message: string): void },
): Promise<Map<string, string>> {
  if (!rows.some((row) => row.kind === 'investment' && row.outcome === 'unknown')) return new Map();
  try {
    const [read, register] = await Promise.all([
      getAllTrades(deps.upstream, { accountId }),
      listMoneyRequestsOfAccount(deps.db, accountId, { kind: 'investment', limit: 1000 }),
    ]);
    const probable = probableTrades(register.items, read.trades, deps.config.upstreamTimeZone);
    const shown = new Set(rows.map((row) => row.reference));
    return new Map([...probable].filter(([reference]) => shown.has(reference)));
  } catch (err) {
    log.warn({ err }, 'money requests: trades not read for the probable ones');
    return new Map();
  }
}

/**
 * The trades the platform holds that could be one investment of unknown outcome: those of its
 * account in its offering that no other request of the register accounts for, the probable one
 * first (lib/probable-trades), then those of the units asked for, then newest first. Null when
 * the trades cannot be read with this portal's credentials (header authentication, §4.16).
 */
async function tradeCandidates(
  deps: Deps,
  request: MoneyRequest,
  offeringId: string,
): Promise<{ read: TradesRead; candidates: SettlementCandidate[] } | null> {
  // §4.16 names the trades collection; its filters narrow it to the account and offering.
  const [read, register] = await Promise.all([
    getAllTrades(
      deps.upstream,
      { accountId: request.accountId, offeringId: offeringId },
      1_000,
    ).catch((err: unknown) => {
      if (needsHeaderCredentials(err)) return null;
      throw err;
    }),
    listMoneyRequestsOfAccount(deps.db, request.accountId, {
      kind: 'investment',
      offeringId: offeringId,
      limit: 1000,
    }),
  ]);
  if (!read) return null;
  // A trade another request was settled with, or answered with, is that request's.
  const claimed = new Set(
    register.items
      .map((row) => row.upstreamId)
      .filter((id): id is string => id !== null && id !== request.upstreamId),
  );
  // The trade that appeared right after it was sent is offered first (lib/probable-trades).
  const probable = probableTrades(register.items, read.trades, deps.config.upstreamTimeZone).get(
    request.reference,
  );
  const candidates = read.trades
    .filter(
      (trade) =>
        trade.accountId === request.accountId &&
        trade.offeringId === offeringId &&
        !claimed.has(trade.tradeId),
    )
    .map((trade) => ({
      upstreamId: trade.tradeId,
      units: trade.units,
      amount: trade.amount,
      createdAt: trade.createdAt,
      status: tradeStatusInWords(trade.status),
      sameUnits: sameDecimal(trade.units, request.units),
      sameAmount: sameDecimal(trade.amount, request.amount),
      probable: trade.tradeId === probable,
      madeBefore: madeBeforeRequest(trade.createdAt, request, deps.config.upstreamTimeZone),
    }))
    // The probable one first, then trades of exactly the units asked for, then newest first;
    // those made before the request, which cannot be it, last.
    .sort(
      (a, b) =>
        Number(a.madeBefore) - Number(b.madeBefore) ||
        Number(b.probable) - Number(a.probable) ||
        Number(b.sameUnits === true) - Number(a.sameUnits === true) ||
        (b.createdAt ?? '').localeCompare(a.createdAt ?? ''),
    );
  return { read, candidates };
}

/**
 * "Never arrived" recorded for an investment the platform holds would let the investor invest
 * again (the standing request no longer stands in the way), and the platform would hold two
 * trades for one investment. So it is refused while a trade of the account in the offering is
 * probably this one (likelyThisRequest), naming the first as the dialog lists them, unless the
 * reviewer confirms they checked that very trade is another investment (`confirmNotTrade`: its
 * id, so a confirmation never covers a trade it did not name). When the trades cannot be read just now, nothing is
 * settled either: the reviewer tries again in a few minutes. Only when they can never be read
 * with this portal's credentials (header authentication) does the reviewer's own check stand.
 */
async function refuseNeverArrivedWhileLikelyTrade(
  deps: Deps,
  request: MoneyRequest,
  confirmNotTrade: string | undefined,
): Promise<void> {
  if (request.kind !== 'investment' || !request.offeringId) return;
  let found: Awaited<ReturnType<typeof tradeCandidates>>;
  try {
    found = await tradeCandidates(deps, request, request.offeringId);
  } catch (err) {
    if (!isUpstreamError(err)) throw err;
    throw new HttpError(
      'upstream_unavailable',
      `The trades of account ${request.accountId} in this offering could not be read just now, so ${request.reference} was not recorded as never arrived: the platform may hold it. Try again in a few minutes.`,
      { submitted: 'no' },
    );
  }
  // The first such trade as the dialog lists them (the probable one first): the one it names
  // and asks about, so that the reviewer's confirmation is of the trade they were shown.
  const likely = found?.candidates.find(likelyThisRequest);
  if (!likely || likely.upstreamId === confirmNotTrade) return;
  const message = likelyTradeMessage(likely, request.accountId);
  throw new HttpError('conflict', `${message}. Nothing was settled.`, {
    fields: [{ field: 'confirmNotTrade', message }],
    submitted: 'no',
  });
}

/**
 * "Never arrived" is refused for a deposit or disbursement while the account's fund moves hold one
 * that carries its reference its way (§2.9 description, §2.10 additionalDetails), as
 * reconciliation finds it: the platform has it, so it is settled as created with that move, and
 * the one-at-a-time rule and the day's total it counts against stay as they are. Absence proves
 * nothing here (a disbursement need not be listed, and the reviewer checked the platform); a move
 * found proves arrival. When the fund moves cannot be read, nothing is recorded.
 */
async function refuseNeverArrivedWhileItsMoveIsListed(
  deps: Deps,
  request: MoneyRequest,
): Promise<void> {
  if (!fundMoveDirectionOfRequest[request.kind]) return;
  let read: AccountFundMoves;
  try {
    read = await readAccountFundMoves(deps.upstream, request.accountId);
  } catch (err) {
    if (!isUpstreamError(err)) throw err;
    // No custody account (§4.3 answers 1404): no move can carry it.
    if (err.kind === 'not_found') return;
    throw new HttpError(
      'upstream_unavailable',
      `The fund moves of account ${request.accountId} could not be read just now, so ${request.reference} was not recorded as never arrived: the platform may hold it. Try again in a few minutes.`,
      { submitted: 'no' },
    );
  }
  const moves = await movesOfAccount(deps, request.accountId, read.moves);
  const move = ownFundMoves([request], moves).own.get(request.reference);
  // A move the platform sent unreadable whose description still carries the reference is the
  // request's move all the same: it arrived.
  const unreadable = read.skipped.find((record) => record.note?.reference === request.reference);
  if (!move && unreadable) {
    throw new HttpError(
      'conflict',
      `The platform lists a fund move carrying ${request.reference}${unreadable.id === undefined ? '' : ` (${unreadable.id})`}, which it sent in a form the portal cannot read: it arrived. Read the move at the platform and settle it as created with its reference number. Nothing was settled.`,
      { submitted: 'no' },
    );
  }
  if (!move) return;
  throw new HttpError(
    'conflict',
    `The platform lists fund move ${move.referenceNumber} carrying ${request.reference}: it arrived. Settle it as created with that fund move. Nothing was settled.`,
    { submitted: 'no' },
  );
}

/**
 * "Never arrived" is refused for an IRA request while the account's custody account stands at the
 * platform (§4.15 reads it by the account): an account has one, and the portal sends an IRA
 * request only for an account whose custody account is not open (the IRA route's own check), so
 * the one there now is what the request opened (§4.7: the supplement is the first step of it).
 * It is settled as created with the account, its platform id. A custody account that cannot be
 * read for a lasting reason (the permission, header credentials) leaves it to the reviewer, who
 * checked the platform; one that cannot be read just now records nothing.
 */
async function refuseNeverArrivedWhileItsCustodyAccountStands(
  deps: Deps,
  request: MoneyRequest,
): Promise<void> {
  if (request.kind !== 'ira_supplement') return;
  const read = await getCustodyAccount(deps.upstream, { accountId: request.accountId }).catch(
    (err: unknown) => {
      if (needsHeaderCredentials(err)) return null;
      if (!isUpstreamError(err)) throw err;
      if (err.kind === 'not_found' || err.kind === 'permission') return null;
      throw new HttpError(
        'upstream_unavailable',
        `The custody account of account ${request.accountId} could not be read just now, so ${request.reference} was not recorded as never arrived: the platform may hold it. Try again in a few minutes.`,
        { submitted: 'no' },
      );
    },
  );
  if (!read) return;
  throw new HttpError(
    'conflict',
    `The platform holds the custody account of account ${request.accountId} (request ID ${read.requestId}, ${read.status}), which this IRA request opens: it arrived. Settle it as created with account ${request.accountId}. Nothing was settled.`,
    { submitted: 'no' },
  );
}

export const moneyRequestRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/accounts/:accountId/money-requests',
    summary:
      'Money requests the portal sent for this account (disbursements, investments, IRA requests) with their outcome and our reference',
    tags: ['register'],
    params: accountParamsSchema,
    query: accountRequestsQuery,
    response: moneyRequestPageSchema,
    async handler({ params, query, deps, request }) {
      const since = query.recent ? sameRequestSince(deps, new Date()) : null;
      if (query.recent && !since) return { requests: [], total: 0, offset: 0, limit: query.limit };
      await endStoppedClaims(deps);
      const page = await listMoneyRequestsOfAccount(deps.db, params.accountId, {
        ...storeFilter({ ...query, accountId: undefined }),
        ...(query.offeringId ? { offeringId: query.offeringId } : {}),
        ...(query.unsettled ? { outcome: [...unsettledOutcomes] } : {}),
        ...(since ? { outcome: [...sameRecentlyOutcomes], from: since } : {}),
      });
      return pageView(deps, page, request.log, {
        probable: probableTradesOfAccount(deps, params.accountId, page.items, request.log),
      });
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/money-requests',
    summary:
      'My requests still being sent or of unknown outcome, across my accounts, and those settled since by a reviewer or reconciliation in the last 7 days (?standing=true, ?kind=investment for My investments)',
    tags: ['register'],
    query: ownStandingRequestsQuerySchema,
    response: ownStandingRequestsSchema,
    async handler({ query, user, deps, request }) {
      // Only the caller's own accounts, whoever of their people sent the request: the same rows
      // each account's requests list shows. No trade is looked for here: one the request may
      // have become is the trades list's (§4.16), and it must not hold this list up. The
      // offering names come from the shared offerings cache, as the register's do; when it
      // cannot be read the rows are listed with their offering ids (offeringNames).
      await endStoppedClaims(deps);
      const own = {
        accountIds: user?.accountIds ?? [],
        ...(query.kind ? { kind: query.kind } : {}),
      };
      const [page, ended] = await Promise.all([
        listMoneyRequests(deps.db, {
          ...own,
          outcome: [...unsettledOutcomes],
          limit: OWN_STANDING_LIMIT,
        }),
        // Those that stood here until a reviewer or reconciliation settled them: what became of
        // each is told where the person last saw it.
        listMoneyRequests(deps.db, {
          ...own,
          settledVia: ['manual', 'reconciliation'],
          settledFrom: new Date(Date.now() - RECENTLY_ENDED_DAYS * 86_400_000),
          limit: RECENTLY_ENDED_LIMIT,
        }),
      ]);
      const [view, endedView] = await Promise.all([
        pageView(deps, page, request.log),
        pageView(deps, ended, request.log),
      ]);
      return { ...view, recentlyEnded: endedView.requests };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/compliance/money-requests',
    summary: 'Every money request the portal sent, filtered by kind, outcome, account and dates',
    tags: ['register'],
    query: moneyRequestQuerySchema,
    response: moneyRequestPageSchema,
    async handler({ query, deps, request }) {
      await endStoppedClaims(deps);
      const page = await listMoneyRequests(deps.db, storeFilter(query));
      return pageView(deps, page, request.log, { emails: emailsOf(deps, page.items) });
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/compliance/money-requests/:reference/settle',
    summary:
      'Settles by hand a request whose outcome is unknown, after a reviewer checked the platform (audited with the reason)',
    tags: ['register'],
    params: moneyRequestReferenceParamsSchema,
    body: moneyRequestSettleSchema,
    response: moneyRequestViewSchema,
    afterChange: 'Reload the requests to see how this one stands before settling it again.',
    async handler({ params, body, user, deps, request: http, changeMade }) {
      const request = await getMoneyRequest(deps.db, params.reference);
      if (!request) throw new HttpError('not_found', `No money request ${params.reference}.`);
      const already = () =>
        new HttpError(
          'conflict',
          `${params.reference} is already settled: ${moneyRequestOutcomeWords[request.outcome].label.toLowerCase()}. Only an unknown outcome can be settled by hand.`,
        );
      if (request.outcome !== 'unknown') throw already();
      // Absence soon after a lost answer proves nothing: the call may still be running, and the
      // platform may create what it was sent after the portal stopped waiting (the interface
      // document says nothing of how long that may take). So "never arrived" waits for the quiet
      // period reconciliation waits for (RECONCILE_NOT_SENT_AFTER_MS, at least the call's own
      // window): a trade or fund move that lands after a reviewer's "never arrived" would move
      // the money twice once the investor sends it again.
      const left =
        body.outcome === 'not_sent'
          ? quietLeftMs(request.sentAt ?? request.createdAt, deps.config, new Date())
          : null;
      if (left !== null) {
        throw new HttpError(
          'conflict',
          `${params.reference} may still be on its way to the platform, which can create a request some time after its answer was lost. It can be recorded as never arrived in ${waitInWords(left)}, after ${waitInWords(deps.config.reconcileNotSentAfterMs)} without a trace of it; check the platform again then, or settle it as created if the platform shows it.`,
        );
      }
      // An IRA request's platform id is its account (§2.11 answers the supplement with the
      // account only): typed in any letter case, it is kept as the platform writes it, as the
      // platform's own answer would have given it.
      const upstreamId =
        body.upstreamId && request.kind === 'ira_supplement'
          ? asPlatformAccountId(body.upstreamId)
          : body.upstreamId;
      let verdict: Verdict;
      if (body.outcome === 'created') {
        const idKind = await checkPlatformId(deps, request, upstreamId!, {
          differentUnits: body.confirmDifferentUnits === true,
          madeBefore: body.confirmMadeBefore === true,
        });
        verdict = { outcome: 'created', upstreamId: upstreamId!, ...(idKind ? { idKind } : {}) };
      } else {
        await refuseNeverArrivedWhileLikelyTrade(deps, request, body.confirmNotTrade);
        await refuseNeverArrivedWhileItsMoveIsListed(deps, request);
        await refuseNeverArrivedWhileItsCustodyAccountStands(deps, request);
        verdict = { outcome: 'not_sent' };
      }
      const settled = await settleUnknown(
        deps.db,
        request,
        verdict,
        {
          by: user!.id,
          via: 'manual',
          reason: body.reason,
          person: { userEmail: user!.email, role: user!.role, ip: http.ip, requestId: http.id },
        },
        new Date(),
      );
      if (!settled) throw already();
      changeMade();
      const after = (await getMoneyRequest(deps.db, params.reference))!;
      const [emails, names] = await Promise.all([
        emailsOf(deps, [after]),
        offeringNames(deps, [after], http.log),
      ]);
      return toView(after, { names, emails });
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/compliance/money-requests/:reference/candidates',
    summary:
      'What the platform holds that could be this request, for the reviewer who settles it by hand (for an investment: the trades of its account in its offering that no other request accounts for)',
    tags: ['register'],
    params: moneyRequestReferenceParamsSchema,
    response: settlementCandidatesSchema,
    async handler({ params, deps }): Promise<SettlementCandidates> {
      const request = await getMoneyRequest(deps.db, params.reference);
      if (!request) throw new HttpError('not_found', `No money request ${params.reference}.`);
      if (request.kind === 'disbursement' || request.kind === 'deposit') {
        return {
          state: 'unavailable',
          message: `A ${moneyRequestKindLabels[request.kind].toLowerCase()} carries our reference in its description: Reconcile finds it in the account's fund moves.`,
        };
      }
      if (request.kind === 'ira_supplement' || !request.offeringId) {
        return {
          state: 'unavailable',
          message:
            "The platform has no read that ties an IRA request to ours: check the account's IRA details at the platform.",
        };
      }
      const found = await tradeCandidates(deps, request, request.offeringId);
      if (!found) {
        return {
          state: 'unavailable',
          message:
            'Trades cannot be listed here: reading them needs header authentication, and this portal sends body credentials. Check the trades of the account at the platform.',
        };
      }
      const { read, candidates } = found;
      return {
        state: 'found',
        candidates,
        complete: read.complete,
        skippedRecords: read.skipped,
      };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/compliance/money-requests/export.csv',
    summary: 'The filtered register as CSV (formula cells neutralized; the export is audited)',
    tags: ['register'],
    query: inOrder(moneyRequestQueryShape.omit({ offset: true, limit: true })),
    // The file, for the docs; the handler returns the stream itself.
    response: z.string() as z.ZodType<unknown>,
    // Every row the filters select, however many, a page at a time: the file is written as the
    // pages are read, so memory holds one page, never the whole register.
    stream: true,
    streamType: 'text/csv',
    async handler({ query, reply, deps, audit, request }) {
      const filter = storeFilter({ ...query, offset: 0, limit: EXPORT_PAGE });
      await endStoppedClaims(deps);
      const pages = moneyRequestPages(deps.db, filter, EXPORT_PAGE);
      // The first page is read before the answer starts: a store that does not answer is then
      // told as any read's failure, not as a file cut short.
      const first = await pages.next();
      const csvLines = async function* () {
        // Times are ISO 8601 in UTC and amounts in US dollars, two decimals at least: the
        // headers say so, since a spreadsheet shows neither. The outcome is in the page's words,
        // its code beside it for tools that read the file.
        yield csvLine([
          'reference',
          'created_at_utc',
          'user',
          'account',
          'kind',
          'amount_usd',
          // An investment's units and price per unit as asked (empty for other kinds), so that a
          // reviewer working from the file can check units × price against the amount.
          'units',
          'unit_price_usd',
          'method',
          'offering',
          'offering_name',
          'upstream_id',
          'fund_moves_found',
          'outcome',
          'outcome_code',
          'message',
          'settled_at_utc',
          'settled_by',
          // A disbursement held for a second person's approval, once decided (last, so a reader
          // by position finds the earlier columns where they were): approved or rejected, when,
          // and by whom, as the register's page says it.
          'approval',
          'approval_decided_at_utc',
          'approval_decided_by',
          // What upstream_id names (trade, fund_move, disbursement_request or account): a
          // disbursement's may be its request or its fund move.
          'upstream_id_kind',
        ]);
        let count = 0;
        try {
          for (let page = first; !page.done; page = await pages.next()) {
            const rows = page.value;
            const [emails, names, decisions] = await Promise.all([
              emailsOf(deps, rows),
              offeringNames(deps, rows, request.log),
              decisionsOf(
                deps.db,
                rows.filter((row) => row.kind === 'disbursement').map((row) => row.reference),
              ),
            ]);
            yield rows
              .map((row) => {
                const decision = decisions.get(row.reference);
                return csvLine([
                  row.reference,
                  row.createdAt.toISOString(),
                  emails.get(row.userId) ?? row.userId,
                  row.accountId,
                  row.kind,
                  csvDollars(row.amount),
                  row.units,
                  csvDollars(row.unitPrice),
                  row.method,
                  row.offeringId,
                  (row.kind === 'investment' && names.get(row.offeringId ?? '')) || null,
                  row.upstreamId,
                  row.fundMovesFound.join(' ') || null,
                  outcomeWordsOf(row).label,
                  row.outcome,
                  messageInCsv(row),
                  settledAtOf(row)?.toISOString() ?? null,
                  settledByInCsv(row, emails),
                  decision ? (decision.approved ? 'approved' : 'rejected') : null,
                  decision?.decidedAt.toISOString() ?? null,
                  decision?.checkerEmail ?? null,
                  platformIdKindOf(row),
                ]);
              })
              .join('');
            count += rows.length;
          }
        } catch (err) {
          // A page that cannot be read once the file has begun ends the answer as broken (the
          // stream's error aborts it), so the browser reports a failed download: never a file
          // that looks whole and is not. The rows already sent are in the audit log.
          request.log.error({ err, rows: count }, 'money requests export broke off');
          await audit({
            action: 'money_requests_export',
            outcome: 'failed',
            details: { filters: { ...query }, rows: count },
          }).catch(() => undefined);
          throw err;
        }
        await audit({
          action: 'money_requests_export',
          outcome: 'succeeded',
          details: { filters: { ...query }, rows: count },
        });
      };
      return csvDownloadStream(reply, 'money-requests', csvLines(), {
        timeZone: query.timeZone,
      });
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/accounts/:accountId/timeline',
    summary:
      "One account's fund moves, investments, disbursements (each with its fund move) and IRA requests, newest first, each with its state in words and the next expected step",
    tags: ['register'],
    params: accountParamsSchema,
    query: timelineQuerySchema,
    response: timelineSchema,
    async handler({ params, query, deps, user }) {
      const now = new Date();
      const gaps: string[] = [];
      const unread: { part: TimelinePart; gap: string }[] = [];
      // Gaps a Try again would not fill: the page shows them without one (lastingReadFault).
      const lasting: string[] = [];
      const accountId = params.accountId;
      let movesUnread = false;
      // A Try again of one part reads that part again and keeps the other as this person last
      // saw it (when this instance still holds it): a flaky read of the other part must not take
      // away what was read, nor is a part that was read asked of the platform again.
      const memoryKey = `${user!.id}:${accountId}`;
      const kept = query.retry ? lastTimelineParts.get(memoryKey) : {};
      const keep = (part: TimelinePart) => query.retry !== part && part in kept;
      const movesLead = 'Fund moves (deposits, and what disbursements took out) could not be read';
      // The two platform reads side by side; once one is in, the other may not keep the page
      // waiting long (inTimeAfter): a part late is said as unread, with its own Try again.
      const late = { fund_moves: false, trades: false };
      const lateGap = (part: TimelinePart, lead: string) => () => {
        late[part] = true;
        const gap = `${lead} in time.`;
        gaps.push(gap);
        unread.push({ part, gap });
        return undefined;
      };
      const movesRead: Promise<AccountFundMoves | null | undefined> = keep('fund_moves')
        ? Promise.resolve(kept.fund_moves as AccountFundMoves | null)
        : // Every page the platform offers (§4.3), up to a bound the reply states when it is
          // met. At most TIMELINE_MAX_FUND_MOVES, a multiple of the page (config.ts).
          readAccountFundMoves(deps.upstream, accountId, {
            pageSize: FUND_MOVES_PAGE,
            maxPages: deps.config.timelineMaxFundMoves / FUND_MOVES_PAGE,
          }).catch((err: unknown) => {
            // No custody account (1404): no fund moves to show, not a failure.
            if (isUpstreamError(err) && err.kind === 'not_found') return null;
            if (late.fund_moves) return undefined;
            movesUnread = true;
            const fault = lastingReadFault(err);
            if (fault) {
              const gap = `${movesLead}. ${fault}`;
              gaps.push(gap);
              lasting.push(gap);
            } else {
              const gap = `${movesLead} right now.`;
              gaps.push(gap);
              unread.push({ part: 'fund_moves', gap });
            }
            return undefined;
          });
      const tradesRead: Promise<TradesRead | null | undefined> = keep('trades')
        ? Promise.resolve(kept.trades as TradesRead | null)
        : getAllTrades(deps.upstream, { accountId }).catch((err: unknown) => {
            if (late.trades) return undefined;
            const fault = lastingReadFault(err);
            if (deps.config.upstreamAuth === 'body') {
              // Not a failure of the moment: reading again would not help.
              const gap =
                'Investments cannot be listed: reading trades needs header authentication.';
              gaps.push(gap);
              lasting.push(gap);
            } else if (fault) {
              const gap = `Investments could not be read. ${fault}`;
              gaps.push(gap);
              lasting.push(gap);
            } else {
              const gap = 'Investments could not be read right now.';
              gaps.push(gap);
              unread.push({ part: 'trades', gap });
            }
            return undefined;
          });
      const [moves, trades, register] = await Promise.all([
        inTimeAfter(
          tradesRead,
          movesRead,
          () => {
            movesUnread = true;
            return lateGap('fund_moves', movesLead)();
          },
          deps.config.sideReadGraceMs,
        ),
        inTimeAfter(
          movesRead,
          tradesRead,
          lateGap('trades', 'Investments could not be read'),
          deps.config.sideReadGraceMs,
        ),
        endStoppedClaims(deps).then(() =>
          listMoneyRequestsOfAccount(deps.db, accountId, { limit: 1000 }),
        ),
      ]);
      // What this person now sees of each part (a part that failed is not kept).
      lastTimelineParts.set(memoryKey, {
        ...(moves !== undefined ? { fund_moves: moves } : {}),
        ...(trades !== undefined ? { trades } : {}),
      });
      const offerings = await deps.offerings
        .get('all', () => deps.loadOfferings())
        .then((catalog) => catalog.offerings)
        .catch(() => []);
      const names = new Map(offerings.map((o) => [o.id, o.name]));
      const entries: TimelineEntry[] = [];
      // Moves the wire layer could not read are not entries; the reply counts them, as the Fund
      // moves list does, so the page can say so.
      const skippedFundMoves = moves?.skipped.length ?? 0;
      // Past the bound, the older moves are not read: the reply says how many were, of how many.
      const fundMovesBound =
        moves && moves.read < moves.totalRecords
          ? { shown: moves.read, total: moves.totalRecords }
          : null;

      // A deposit's or a disbursement's own fund move carries its reference (read by the wire
      // layer: the deposit's description, §2.9, or the §2.10 echo): it is listed once, as what
      // became of the request, not as a second movement. A second one carrying the same
      // reference (the request reached the platform twice) is listed as its own entry, told so,
      // never folded into the first.
      const ownMoves = await movesOfAccount(deps, accountId, moves?.moves ?? []);
      const { own: movesOfRequests, goesItsWay } = ownFundMoves(register.items, ownMoves);
      const twice = new Map<string, string[]>();
      for (const move of ownMoves) {
        const of = move.portalReference;
        if (of && goesItsWay(move)) {
          // Its own move is listed as the request's entry, below.
          if (movesOfRequests.get(of) === move) continue;
          twice.set(of, [...(twice.get(of) ?? []), move.referenceNumber]);
        }
        const again =
          of && twice.get(of)?.includes(move.referenceNumber)
            ? `A second fund move carrying our reference ${of}: the request reached the platform twice, so the money may have moved twice. Contact support and quote our reference. `
            : '';
        entries.push({
          kind: timelineKinds[move.direction ?? 'unknown'],
          id: move.referenceNumber,
          reference: move.portalReference,
          fundMove: move.referenceNumber,
          title: fundMoveTitle(move),
          description: move.description,
          amount: move.amount,
          at: move.createdAt,
          // A fund move's time is an instant when the upstream gave its zone (upstreamTimeSchema).
          atZone: move.createdAt?.endsWith('Z') ? 'utc' : 'upstream',
          state: `${again}${fundMoveState(move)}`,
          ...fundMoveStep(move, now),
        });
      }
      /** The request's own words when the platform lists it more than once (register or this read). */
      const twiceWords = (row: MoneyRequest) => {
        const own = movesOfRequests.get(row.reference)?.referenceNumber;
        const seen = twice.has(row.reference) ? [own, ...twice.get(row.reference)!] : [];
        const words = movedTwiceWords({
          fundMoves: [...row.fundMovesFound, ...seen].filter((id): id is string => !!id),
        });
        return words ? ` ${words}` : '';
      };

      // An investment of unknown outcome and the trade that is probably it are told of each
      // other, so the two are not read as two investments (lib/probable-trades).
      const probable = probableTrades(
        register.items,
        trades?.trades ?? [],
        deps.config.upstreamTimeZone,
      );
      const probableOf = new Map([...probable].map(([reference, id]) => [id, reference]));
      const tradeIds = new Set<string>();
      for (const trade of trades?.trades ?? []) {
        if (trade.accountId !== accountId) continue;
        tradeIds.add(trade.tradeId);
        const name = names.get(trade.offeringId) ?? `offering ${trade.offeringId}`;
        entries.push({
          kind: 'investment',
          id: trade.tradeId,
          reference: null,
          fundMove: null,
          title: investmentTitle(name, trade.units),
          description: null,
          amount: trade.amount,
          at: trade.createdAt,
          atZone: 'upstream',
          state: tradeStatusInWords(trade.status),
          // How to pay one that still waits for payment: the receipt said so once only.
          next: paymentStepOf(trade),
          nextBatchAt: null,
          ...(probableOf.has(trade.tradeId)
            ? { probableReference: probableOf.get(trade.tradeId) }
            : {}),
        });
      }

      const types = await disbursementTypes(
        deps,
        register.items.filter((r) => r.kind === 'disbursement').map((r) => r.reference),
      );
      for (const row of register.items) {
        const words = outcomeWordsOf(row);
        if (row.kind === 'investment' && row.upstreamId && tradeIds.has(row.upstreamId)) {
          // Already listed from the trades collection: add our reference to it.
          const entry = entries.find((e) => e.kind === 'investment' && e.id === row.upstreamId);
          if (entry) entry.reference = row.reference;
          continue;
        }
        const title =
          row.kind === 'disbursement'
            ? (disbursementTitles[types.get(row.reference) ?? ''] ?? 'Disbursement')
            : row.kind === 'investment'
              ? investmentTitle(names.get(row.offeringId ?? '') ?? 'an offering', row.units)
              : moneyRequestKindLabels[row.kind];
        const move = movesOfRequests.get(row.reference);
        if (move) {
          // The fund move is what the platform made of the request: its id, amount and status.
          entries.push({
            kind: row.kind,
            id: move.referenceNumber,
            reference: row.reference,
            fundMove: move.referenceNumber,
            title: row.kind === 'deposit' ? fundMoveTitle(move) : title,
            // A deposit's description is the person's own words (with our note): worth showing.
            description: row.kind === 'deposit' ? move.description : null,
            amount: move.amount,
            at: row.createdAt.toISOString(),
            atZone: 'utc',
            ...((row.kind === 'disbursement' || row.kind === 'deposit') && row.outcome === 'created'
              ? acceptedEntryState(
                  row.kind,
                  move,
                  `${correction(row)}${twiceWords(row)}`,
                  now,
                  row.method,
                )
              : {
                  state: `${foundMoveWords[row.outcome]}${correction(row)}${twiceWords(row)} Its fund move: ${fundMoveState(move)}`,
                  ...(row.outcome === 'created' || row.outcome === 'pending'
                    ? fundMoveStep(move, now)
                    : { next: foundMoveNext[row.outcome], nextBatchAt: null }),
                }),
          });
          continue;
        }
        const created = row.outcome === 'created';
        // Refused by the portal before sending: the pair the person was answered with.
        const pair = notSentPair(row);
        // Held back as a repeat of another request (or while one stood): it moved nothing and
        // asks nothing, so it says what it repeats, with no next step, and is shown quieter.
        const heldBack = heldBackRecord(row);
        // A deposit or disbursement waits for the approval batch (§3) once the platform has it.
        const awaitsBatch = created && fundMoveDirectionOfRequest[row.kind] !== undefined;
        // Unless its fund move may be one the portal could not read: then it may as well be
        // approved, settled or returned (§3), and the entry says it does not know.
        const moveUnknown =
          awaitsBatch && (movesUnread || skippedFundMoves > 0 || fundMovesBound !== null);
        const state = moveUnknown
          ? `Accepted by the platform. ${
              movesUnread
                ? 'The fund moves could not be read right now'
                : skippedFundMoves === 1
                  ? 'Its fund move may be the one that could not be shown'
                  : skippedFundMoves > 1
                    ? 'Its fund move may be one of those that could not be shown'
                    : 'Its fund move may be among the older ones not read here'
            }, so where it stands is not known here.${correction(row)}${twiceWords(row)}`
          : awaitsBatch && (row.kind === 'deposit' || row.kind === 'disbursement')
            ? acceptedEntryState(
                row.kind,
                null,
                `${correction(row)}${twiceWords(row)}`,
                now,
                row.method,
              ).state
            : heldBack
              ? `${words.label}: ${row.message ?? ''}`
              : pair
                ? `${words.label}: ${pair.why}`
                : `${words.label}: ${words.meaning}${row.message && endedWithMessage(row) ? ` ${reasonBesideOutcome(row.message, words.label)}` : ''}`;
        const step = moveUnknown
          ? {
              next: 'Look at the fund moves again later; if it is still not there, ask support and quote our reference.',
              nextBatchAt: null,
            }
          : awaitsBatch
            ? batchStep(now)
            : { next: created || heldBack ? null : (pair?.next ?? words.next), nextBatchAt: null };
        entries.push({
          kind: row.kind,
          // An IRA request's platform id is its account (§2.11 gives the supplement no id of its
          // own), which says nothing on the account's own timeline: our reference names it.
          id: row.kind === 'ira_supplement' ? row.reference : (row.upstreamId ?? row.reference),
          reference: row.reference,
          // A created deposit's platform id is its fund move (§4.16), even when the list of
          // moves did not carry it this time; a disbursement's is the disbursement's own.
          fundMove: row.kind === 'deposit' ? row.upstreamId : null,
          title,
          description: null,
          amount: row.amount,
          at: row.createdAt.toISOString(),
          atZone: 'utc',
          state,
          ...step,
          ...(probable.has(row.reference) ? { probableTradeId: probable.get(row.reference) } : {}),
          ...(heldBack ? { heldBack: true } : {}),
        });
      }

      const zone = deps.config.upstreamTimeZone;
      entries.sort((a, b) => timeKey(b, zone) - timeKey(a, zone));
      return {
        accountId,
        entries,
        gaps,
        ...(unread.length > 0 ? { unread } : {}),
        ...(lasting.length > 0 ? { lasting } : {}),
        skippedFundMoves,
        skippedTrades: trades?.skipped ?? 0,
        fundMovesBound,
      };
    },
  }),
];
