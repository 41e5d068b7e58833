/**
 * The register of every money request the portal sends upstream: deposits (fundCustodyAccount,
 * §4.16), disbursements (createCustodyFundDisbursement, §4.5), investments (createTrade, §4.16)
 * and IRA supplements (addCustodyAccountSupplement, §4.7).
 *
 * One row per Idempotency-Key scope (user, route, key), identified by OUR reference (`MR-…`), a
 * stable id shown to the user from the first answer on, so a request whose outcome is unknown can
 * still be named and settled.
 *
 * Life of a row (outcome):
 * - `pending`: claimed, the upstream call may be in flight;
 * - `held`: a large disbursement kept back for a second person's approval, nothing sent; the
 *   decision settles it (routes/approvals.ts): rejected as `not_sent`, approved as `unknown` while
 *   it is sent (so a crash mid-call leaves it to reconciliation), then as the platform answers;
 * - `created`: the upstream accepted it (`upstreamId` holds its id: requestId or tradeId);
 * - `refused`: the upstream answered with a refusal; nothing was created;
 * - `not_sent`: nothing reached the upstream (or reconciliation proved nothing was created);
 * - `unknown`: it may have reached the upstream and no answer came back; reconciliation
 *   (reconciliation.ts) settles it as created or not_sent when the upstream can tell.
 *
 * Consistency: the row is written in the same transaction as the idempotency record's outcome
 * and the audit event of that outcome (idempotency.ts), so the register is never behind the
 * idempotency record and money never moves without an audit event. When the store is down after
 * the upstream answered, the outcome waits in the durable spool (spool.ts) and is replayed
 * (`settledVia: 'spool'`).
 *
 * Reading (for routes and pages):
 * - `getMoneyRequest(db, reference)`: one row or null;
 * - `listMoneyRequests(db, filter)`: every row (compliance), filtered and paged, or one user's
 *   with `filter.userId`;
 * - `listMoneyRequestsOfAccount(db, accountId, filter)`: one account's rows;
 * - `depositsCreatedIn(db, accountIds)`: the fund moves the portal's deposits created.
 * Lists are newest first (created, then reference) and return `{ items, total, offset, limit }`.
 * The caller checks that the signed-in user may see the account or user it asks for.
 *
 * Writing is internal to the store (idempotency.ts, reconciliation.ts), except `recordAsked`, which
 * the route framework (define.ts) calls for a route that prices its request before sending it;
 * route handlers never write rows.
 */
import { randomBytes } from 'node:crypto';
import Big from 'big.js';
import { sql, type Kysely } from 'kysely';
import { ACCOUNT_NEXT, achWithoutBankPair, OFFERING_NEXT } from '../../contract/preflight';
import type { PlatformIdKind, UnknownBecause } from '../../contract/money-requests';
import type { Db } from './db';
import { findRow } from './rows';
import type {
  Database,
  DisbursementIdKind,
  MoneyRequestKind,
  MoneyRequestOutcome,
  MoneyRequestSettledVia,
} from './schema';

export type { MoneyRequestKind };

export interface MoneyRequest {
  /** Our reference, shown to the user: `MR-` and ten letters or digits. */
  reference: string;
  userId: string;
  accountId: string;
  kind: MoneyRequestKind;
  /** Exact decimal as text (big.js on use); null when not known (rows older than the pricing record). */
  amount: string | null;
  currency: string;
  offeringId: string | null;
  /** An investment as asked: units and price per unit (exact decimals as text); null otherwise. */
  units: string | null;
  unitPrice: string | null;
  /**
   * How the money goes: a disbursement's type (`ach`, `wire_domestic`, `wire_international`) or an
   * investment's payment method (`ach`, `wire`, …); null for a deposit (always from the linked
   * bank, §4.16) and for rows made before the register kept it.
   */
  method: string | null;
  /** The Idempotency-Key scope: `METHOD /path` of the route and the key the browser sent. */
  idempotency: { route: string; key: string };
  /** The upstream's id once known: a deposit's fund-move reference, disbursement requestId, trade id, or the account id of a supplement. */
  upstreamId: string | null;
  /**
   * What a disbursement's `upstreamId` names, where recorded: a reviewer settling one by hand may
   * give its request id or its fund move. Null otherwise (platformIdKindOf tells it from the rest).
   */
  upstreamIdKind: DisbursementIdKind | null;
  /**
   * The fund moves the platform lists carrying our reference, named when reconciliation found more
   * than one: the request reached it twice (a same-key retry after a "not sent" guess, and the
   * first send arriving late), so the money may have moved twice. Empty almost always. (A
   * disbursement's `upstreamId` may be its request id, not a fund move: hence a list of its own.)
   */
  fundMovesFound: string[];
  outcome: MoneyRequestOutcome;
  /**
   * Why an unknown outcome is unknown, where it is not "no answer came back" (outcomeWordsOf):
   * recorded with the outcome (MoneyRequestSettlement), and marked on rows from before migration
   * 0023 by that migration.
   */
  unknownBecause?: UnknownBecause;
  /** A plain sentence about the outcome (the refusal, or what to do while unknown). */
  message: string | null;
  /**
   * What to do after a refusal of the portal's own before sending: with `message` (why) the
   * sentence pair the person was answered with. Null otherwise. Rows from before migration 0017
   * have the pair derived as they are read (`pairOf`).
   */
  nextStep: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** When the call to the upstream started (null: never sent). */
  sentAt: Date | null;
  settledAt: Date | null;
  /** How the outcome was learned: the upstream's response, a lease that expired, reconciliation, or the spool. */
  settledVia: MoneyRequestSettledVia | null;
  /** Who settled it: `system`, or the user id of the compliance/admin person who asked. */
  settledBy: string | null;
}

export interface MoneyRequestFilter {
  kind?: MoneyRequestKind;
  outcome?: MoneyRequestOutcome | MoneyRequestOutcome[];
  accountId?: string;
  /** Only these accounts' requests (an investor's own); none named selects none. */
  accountIds?: readonly string[];
  /** Our reference (MR-…): the one request. */
  reference?: string;
  userId?: string;
  offeringId?: string;
  /** Created at or after. */
  from?: Date;
  /** Created before. */
  to?: Date;
  /** Only outcomes learnt these ways (MoneyRequestSettledVia). */
  settledVia?: readonly MoneyRequestSettledVia[];
  /** Settled at or after. */
  settledFrom?: Date;
  /** Default 0. */
  offset?: number;
  /** Default 50, at most 1000. */
  limit?: number;
}

export interface MoneyRequestPage {
  items: MoneyRequest[];
  total: number;
  offset: number;
  limit: number;
}

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new reference: `MR-` and ten Crockford base-32 characters (50 random bits). */
function newReference(): string {
  const bytes = randomBytes(10);
  let out = 'MR-';
  for (const b of bytes) out += ALPHABET[b & 31];
  return out;
}

export const REFERENCE_PATTERN = /^MR-[0-9A-Z]{10}$/;

function toMoneyRequest(row: Record<string, unknown>): MoneyRequest {
  const r = row as unknown as {
    reference: string;
    user_id: string;
    account_id: string;
    kind: MoneyRequestKind;
    amount: string | null;
    currency: string;
    offering_id: string | null;
    units: string | null;
    unit_price: string | null;
    method?: string | null;
    idem_route: string;
    idem_key: string;
    upstream_id: string | null;
    upstream_id_kind?: DisbursementIdKind | null;
    fund_moves_found?: unknown;
    outcome: MoneyRequestOutcome;
    unknown_because?: UnknownBecause | null;
    message: string | null;
    next_step?: string | null;
    created_at: Date;
    updated_at: Date;
    sent_at: Date | null;
    settled_at: Date | null;
    settled_via: MoneyRequestSettledVia | null;
    settled_by: string | null;
  };
  return {
    reference: r.reference,
    userId: r.user_id,
    accountId: r.account_id,
    kind: r.kind,
    amount: r.amount,
    currency: r.currency,
    offeringId: r.offering_id,
    units: r.units ?? null,
    unitPrice: r.unit_price ?? null,
    method: r.method ?? null,
    idempotency: { route: r.idem_route, key: r.idem_key },
    upstreamId: r.upstream_id,
    upstreamIdKind: r.upstream_id_kind ?? null,
    fundMovesFound: idsOf(r.fund_moves_found),
    outcome: r.outcome,
    ...pairOf(r.kind, r.outcome, r.message, r.next_step ?? null),
    ...(r.outcome === 'unknown' && r.unknown_because ? { unknownBecause: r.unknown_because } : {}),
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
    sentAt: r.sent_at ? new Date(r.sent_at) : null,
    settledAt: r.settled_at ? new Date(r.settled_at) : null,
    settledVia: r.settled_via,
    settledBy: r.settled_by,
  };
}

/**
 * What a request's platform id names. A disbursement's is its request id when the platform's own
 * answer gave it (directly or replayed from the spool), and the fund move that took its money out
 * when reconciliation found it. A reviewer's settling records which of the two they gave
 * (`upstreamIdKind`); rows settled by a reviewer before it was recorded read as fund moves, as the
 * register showed them then.
 */
export function platformIdKindOf(
  row: Pick<MoneyRequest, 'kind' | 'upstreamId' | 'upstreamIdKind' | 'settledVia'>,
): PlatformIdKind | null {
  if (!row.upstreamId) return null;
  switch (row.kind) {
    case 'investment':
      return 'trade';
    case 'deposit':
      return 'fund_move';
    case 'ira_supplement':
      return 'account';
    case 'disbursement':
      if (row.upstreamIdKind) return row.upstreamIdKind;
      return row.settledVia === 'reconciliation' || row.settledVia === 'manual'
        ? 'fund_move'
        : 'disbursement_request';
  }
}

/** The sentence with which refusals recorded before migration 0017 said that nothing was sent. */
const LEGACY_NOTHING_SUBMITTED = /\s*Nothing was submitted(?:[.:]\s*|$)/;

/**
 * A refusal's why (`message`) and what to do (`nextStep`). Refusals of the portal's own recorded
 * before migration 0017 kept the whole answer as their message ("<why> Nothing was submitted[:
 * <what to do>]") and no next step, so they read as before: "Nothing was submitted" beside the
 * outcome's own "Not sent", and the general next step instead of theirs. Released migrations are
 * not edited (they have already run on every store, and a data fix-up there would run only on
 * stores that had not), so the pair is derived here, as such a row is read: the why before that
 * sentence, and the step it named after it, or else, for an investment, the step the portal
 * gives that refusal now (by its refusal: the account's reviews, ACH without a linked bank, or
 * the offering). Anything else keeps the outcome's general words.
 */
function pairOf(
  kind: MoneyRequestKind,
  outcome: MoneyRequestOutcome,
  message: string | null,
  nextStep: string | null,
): { message: string | null; nextStep: string | null } {
  if (nextStep || outcome !== 'not_sent' || !message) return { message, nextStep };
  const heldBack = LEGACY_HELD_BACK.exec(message);
  if (heldBack) return { message: legacyHeldBackWords(message), nextStep: null };
  const found = LEGACY_NOTHING_SUBMITTED.exec(message);
  if (!found) return { message, nextStep };
  const why = message.slice(0, found.index).trim();
  const after = message.slice(found.index + found[0].length).trim();
  if (after) return { message: why, nextStep: after[0].toUpperCase() + after.slice(1) };
  if (kind !== 'investment') return { message: why, nextStep: null };
  // Its ACH refusal ended with the choices, which are now the step.
  if (why.startsWith(achWithoutBankPair.why)) {
    return { message: achWithoutBankPair.why, nextStep: achWithoutBankPair.next };
  }
  return {
    message: why,
    nextStep: /^Account \S+ cannot invest\./.test(why) ? ACCOUNT_NEXT : OFFERING_NEXT,
  };
}

/**
 * A request held back while others stood, recorded before the register kept what it was
 * (heldBackRecordWords): the form's whole answer, which asks "Send another one?" and how to send
 * it. Read now, it names the requests that stood in its way by the references that answer named,
 * and asks nothing, as a request held back today reads.
 */
const LEGACY_HELD_BACK =
  /^Not sent: .* To send this one as well, confirm that it is an additional \w+\.$/s;

function legacyHeldBackWords(message: string): string {
  const references = [...new Set(message.match(/MR-[0-9A-Z]{10}/g) ?? [])];
  return `It came while ${references.join(' and ')} stood in its way; nothing was sent.`;
}

/** A JSON array of ids as the store gives it back (parsed already, or as text). */
function idsOf(value: unknown): string[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
}

export async function getMoneyRequest(db: Db, reference: string): Promise<MoneyRequest | null> {
  const row = await findRow(db, 'money_requests', 'reference', reference);
  return row ? toMoneyRequest(row) : null;
}

/**
 * The fund moves found at the platform under each of these references (reconciliation keeps them),
 * for those that have more than one: the money may have moved more than once.
 */
export async function fundMovesOfMany(
  db: Db,
  references: readonly string[],
): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (references.length === 0) return found;
  const rows = await db
    .selectFrom('money_requests')
    .select(['reference', 'fund_moves_found'])
    .where('reference', 'in', [...new Set(references)])
    .execute();
  for (const row of rows) {
    const ids = idsOf(row.fund_moves_found);
    if (ids.length > 1) found.set(row.reference, ids);
  }
  return found;
}

/** The requests a filter selects (its paging aside). */
function selected(db: Db, filter: MoneyRequestFilter) {
  let base = db.selectFrom('money_requests');
  if (filter.kind) base = base.where('kind', '=', filter.kind);
  if (filter.outcome) {
    const outcomes = Array.isArray(filter.outcome) ? filter.outcome : [filter.outcome];
    if (outcomes.length > 0) base = base.where('outcome', 'in', outcomes);
  }
  if (filter.accountId) base = base.where('account_id', '=', filter.accountId);
  if (filter.accountIds) {
    base =
      filter.accountIds.length > 0
        ? base.where('account_id', 'in', [...filter.accountIds])
        : base.where(sql<boolean>`false`);
  }
  if (filter.reference) base = base.where('reference', '=', filter.reference);
  if (filter.userId) base = base.where('user_id', '=', filter.userId);
  if (filter.offeringId) base = base.where('offering_id', '=', filter.offeringId);
  if (filter.from) base = base.where('created_at', '>=', filter.from);
  if (filter.to) base = base.where('created_at', '<', filter.to);
  if (filter.settledVia) base = base.where('settled_via', 'in', [...filter.settledVia]);
  if (filter.settledFrom) base = base.where('settled_at', '>=', filter.settledFrom);
  return base;
}

/** Every request (compliance and admin), filtered and paged, newest first. */
export async function listMoneyRequests(
  db: Db,
  filter: MoneyRequestFilter = {},
): Promise<MoneyRequestPage> {
  const offset = Math.max(0, Math.floor(filter.offset ?? 0));
  const limit = Math.min(1000, Math.max(1, Math.floor(filter.limit ?? 50)));
  const base = selected(db, filter);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('reference', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toMoneyRequest), total: Number(count.n), offset, limit };
}

/**
 * Every request a filter selects, newest first, one page of `pageSize` at a time (for an export
 * of any length in bounded memory). Each page starts after the last row of the one before, by
 * time then reference, not at an offset: a request made while the pages are read is newer than
 * the first page and never met, so it cannot push an older row onto the next page twice or off
 * it. The time is carried as the store wrote it (to the microsecond), not as a Date (to the ms),
 * which could skip a row made within the same millisecond.
 */
export async function* moneyRequestPages(
  db: Db,
  filter: Omit<MoneyRequestFilter, 'offset' | 'limit'>,
  pageSize = 1000,
): AsyncGenerator<MoneyRequest[]> {
  let after: { at: string; reference: string } | null = null;
  for (;;) {
    let query = selected(db, filter)
      .selectAll()
      .select(sql<string>`created_at::text`.as('cursor_at'));
    if (after) {
      const { at, reference } = after;
      query = query.where(
        sql<boolean>`(created_at, reference) < (${at}::timestamptz, ${reference})`,
      );
    }
    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('reference', 'desc')
      .limit(pageSize)
      .execute();
    if (rows.length === 0) return;
    yield rows.map(toMoneyRequest);
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1];
    after = { at: last.cursor_at, reference: last.reference };
  }
}

/** One account's requests, whoever sent them. */
export function listMoneyRequestsOfAccount(
  db: Db,
  accountId: string,
  filter: Omit<MoneyRequestFilter, 'accountId'> = {},
): Promise<MoneyRequestPage> {
  return listMoneyRequests(db, { ...filter, accountId });
}

/**
 * Admits `reference` unless other requests of its kind for the account (and, given `offeringId`,
 * the offering) stand in one of `outcomes`, other than those the person `acknowledged` by
 * reference; returns those that stand unacknowledged, newest first, having marked `reference`
 * not sent. An IRA request admits none besides itself (the contract's waitingOutcomes); a deposit,
 * disbursement or investment none being sent or of unknown outcome (unsettledOutcomes) that the
 * person did not name.
 *
 * The check runs one at a time for an account and kind (a lock held to the end of its
 * transaction), and a request that yields is marked not sent inside that same step. So of
 * requests made at once in two tabs or on two instances exactly one is admitted: each sees every
 * other one admitted before its check (admitted_at, marked here), and none that has only been
 * claimed or has already yielded: a request refused here is never named to another as being sent. Ordering by the moment
 * of each claim would not do: those moments are taken before the claims are written, so a later
 * claim can carry the earlier moment and both would pass.
 *
 * Given `same`, it also yields to the same request made moments ago (created at or after
 * `same.since`) that the platform accepted or that waits for approval: one of the same kind,
 * account (and offering) for the same units (an investment) or amount. Two tabs reviewed by
 * accident would otherwise each send it, under their own Idempotency-Key.
 */
export async function admitUnlessStanding(
  db: Db,
  scope: {
    accountId: string;
    kind: MoneyRequestKind;
    offeringId?: string | null;
    outcomes: readonly MoneyRequestOutcome[];
    reference: string | null;
    acknowledged?: readonly string[];
    now?: Date;
    same?: {
      since: Date;
      outcomes: readonly MoneyRequestOutcome[];
      /** Compared as exact decimals: units when given, else the amount. */
      units?: string | null;
      amount?: string | null;
      /** How the money goes (MoneyRequest.method): a request by another method is another request. */
      method?: string | null;
    };
  },
): Promise<MoneyRequest[]> {
  const same = scope.same;
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`standing:${scope.kind}:${scope.accountId}`}))`.execute(
      tx,
    );
    let query = tx
      .selectFrom('money_requests')
      .selectAll()
      .where('account_id', '=', scope.accountId)
      .where('kind', '=', scope.kind)
      .where((eb) => {
        // Being sent stands in the way once admitted: a request claimed at the same moment that
        // has not passed this check yet (and may yield to this one) was never sent.
        const standing = eb.and([
          eb('outcome', 'in', [...scope.outcomes]),
          eb.or([eb('outcome', '!=', 'pending'), eb('admitted_at', 'is not', null)]),
        ]);
        return same
          ? eb.or([
              standing,
              eb.and([eb('outcome', 'in', [...same.outcomes]), eb('created_at', '>=', same.since)]),
            ])
          : standing;
      });
    if (scope.offeringId) query = query.where('offering_id', '=', scope.offeringId);
    if (scope.reference) query = query.where('reference', '!=', scope.reference);
    const acknowledged = new Set(scope.acknowledged ?? []);
    const rows = (await query.orderBy('created_at', 'desc').orderBy('reference', 'desc').execute())
      .filter((row) => !acknowledged.has(row.reference))
      .filter(
        (row) =>
          (scope.outcomes.includes(row.outcome) &&
            (row.outcome !== 'pending' || row.admitted_at !== null)) ||
          (same !== undefined &&
            sameDecimal(same.units ? row.units : row.amount, same.units ?? same.amount) &&
            sameMethod(row.method, same.method)),
      );
    if (rows.length > 0 && scope.reference) {
      // The refusal's own words are recorded with it when the route answers; this marks now,
      // under the lock, that the request yielded and was never sent.
      await settleMoneyRequest(
        tx,
        scope.reference,
        { outcome: 'not_sent', via: 'response', by: 'system', neverSent: true },
        scope.now ?? new Date(),
      );
    } else if (scope.reference) {
      // Admitted, under the lock: from now on it stands in the way of the requests checked after it.
      await tx
        .updateTable('money_requests')
        .set({ admitted_at: scope.now ?? new Date() })
        .where('reference', '=', scope.reference)
        .execute();
    }
    return rows.map(toMoneyRequest);
  });
}

/**
 * Whether a request of the register went the same way as one being made: the same method, or
 * either says none. A row from before the register kept the method (migration 0015) has none, and
 * still counts as the same: it may well have been the same, and holding one at Confirm that was
 * not costs a tick, while sending one twice moves the money twice.
 */
function sameMethod(recorded: string | null, asked: string | null | undefined): boolean {
  return !recorded || !asked || recorded === asked;
}

/** Whether two exact decimals (as text) are equal; false when either is missing or not a number. */
function sameDecimal(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  try {
    return new Big(a).eq(b);
  } catch {
    return false;
  }
}

/**
 * Another request of the register, of the same kind and account, recorded with this platform id
 * (a trade, a fund move): its reference, or null.
 */
export async function requestWithUpstreamId(
  db: Db,
  request: Pick<MoneyRequest, 'kind' | 'accountId' | 'reference'>,
  upstreamId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('money_requests')
    .select('reference')
    .where('kind', '=', request.kind)
    .where('account_id', '=', request.accountId)
    .where('upstream_id', '=', upstreamId)
    .where('reference', '!=', request.reference)
    .executeTakeFirst();
  return row?.reference ?? null;
}

// ---- Writes: store-internal, always inside the caller's transaction. ----

/**
 * The fund moves created by the portal's deposits into these accounts: the move's reference
 * number → our reference. A move so named went in, whatever its description says.
 */
export async function depositsCreatedIn(
  db: Db,
  accountIds: string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (accountIds.length === 0) return found;
  const rows = await db
    .selectFrom('money_requests')
    .select(['reference', 'upstream_id'])
    .where('kind', '=', 'deposit')
    .where('outcome', '=', 'created')
    .where('account_id', 'in', accountIds)
    .where('upstream_id', 'is not', null)
    .execute();
  for (const row of rows) found.set(row.upstream_id!, row.reference);
  return found;
}

export interface MoneyRequestInit {
  kind: MoneyRequestKind;
  accountId: string;
  amount?: string | null;
  currency?: string;
  offeringId?: string | null;
  /** How the money goes (MoneyRequest.method). */
  method?: string | null;
}

/** What an investment asked for, priced by the BFF before anything is sent (exact decimals). */
export interface MoneyRequestAsked {
  amount: string;
  units: string;
  unitPrice: string;
}

type Tx = Kysely<Database>;

/**
 * What opening a claimed key's row came to: its reference, new or kept by a retry of the same
 * request; or a refusal, when the key already names another request (`other_request`), or the
 * same one that was sent and whose idempotency record is gone (`used`: pruned after
 * IDEMPOTENCY_RETENTION_HOURS). Either refusal sends nothing and leaves the row as it was.
 */
export type OpenedMoneyRequest =
  | { kind: 'opened'; reference: string }
  | { kind: 'other_request' }
  | { kind: 'used'; reference: string; outcome: MoneyRequestOutcome };

/** Outcomes whose request was never sent, or refused before anything was made: sent again. */
const REOPENED: readonly MoneyRequestOutcome[] = ['not_sent', 'refused'];

/**
 * Opens (or reopens, after a not-sent attempt of the same request) the row of a claimed key: a
 * retried key keeps its reference. A key names one request for good: the row keeps the hash of
 * what it asked (parameters and body), and a key whose row asked something else is refused
 * rather than reopened, so a refused request's key cannot carry another account's or amount's
 * money under the first one's account, amount and reference. A row from before the hash was kept
 * is not reopened at all: nothing tells what it asked, and a new key costs nothing.
 */
export async function openMoneyRequest(
  tx: Tx,
  scope: { userId: string; route: string; key: string; requestHash: string },
  init: MoneyRequestInit,
  now: Date,
): Promise<OpenedMoneyRequest> {
  const inserted = await tx
    .insertInto('money_requests')
    .values({
      reference: newReference(),
      user_id: scope.userId,
      account_id: init.accountId,
      kind: init.kind,
      amount: init.amount ?? null,
      currency: init.currency ?? 'USD',
      offering_id: init.offeringId ?? null,
      method: init.method ?? null,
      idem_route: scope.route,
      idem_key: scope.key,
      request_hash: scope.requestHash,
      outcome: 'pending',
      created_at: now,
      updated_at: now,
      sent_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'idem_route', 'idem_key']).doNothing())
    .returning('reference')
    .executeTakeFirst();
  if (inserted) return { kind: 'opened', reference: inserted.reference };

  const row = await tx
    .selectFrom('money_requests')
    .select(['reference', 'outcome', 'request_hash'])
    .where('user_id', '=', scope.userId)
    .where('idem_route', '=', scope.route)
    .where('idem_key', '=', scope.key)
    .forUpdate()
    .executeTakeFirstOrThrow();
  // A row from before the hash was kept (null) could have asked anything: not reopened.
  if (row.request_hash !== scope.requestHash) return { kind: 'other_request' };
  if (!REOPENED.includes(row.outcome)) {
    return { kind: 'used', reference: row.reference, outcome: row.outcome };
  }
  await tx
    .updateTable('money_requests')
    .set({
      outcome: 'pending',
      message: null,
      next_step: null,
      unknown_because: null,
      updated_at: now,
      sent_at: now,
      // A retried key is checked again before it is sent.
      admitted_at: null,
      settled_at: null,
      settled_via: null,
      settled_by: null,
    })
    .where('reference', '=', row.reference)
    .execute();
  return { kind: 'opened', reference: row.reference };
}

/**
 * Records what a claimed request asks for once the BFF has priced it, before the upstream call:
 * a request whose outcome stays unknown still says how much it was for.
 */
export async function recordAsked(db: Db, reference: string, asked: MoneyRequestAsked) {
  await db
    .updateTable('money_requests')
    .set({ amount: asked.amount, units: asked.units, unit_price: asked.unitPrice })
    .where('reference', '=', reference)
    .where('outcome', '=', 'pending')
    .execute();
}

export interface MoneyRequestSettlement {
  /** `held`: kept back before sending, waiting for a second person (nothing sent). */
  outcome: MoneyRequestOutcome;
  upstreamId?: string | null;
  /** What a disbursement's `upstreamId` names, where the settler knows it (MoneyRequest.upstreamIdKind). */
  upstreamIdKind?: DisbursementIdKind | null;
  amount?: string | null;
  message?: string | null;
  /** What to do, after a refusal of the portal's own (HttpError's nextStep). */
  nextStep?: string | null;
  /**
   * Why an `unknown` outcome is unknown, where it is not "no answer came back": `access_refused`,
   * the platform answered by refusing the portal's own access (103, §5 rule 8). Any other outcome
   * keeps none.
   */
  unknownBecause?: UnknownBecause | null;
  via: MoneyRequestSettledVia;
  by: string;
  /** Whether nothing reached the upstream (clears sentAt). */
  neverSent?: boolean;
  /** Whether the request is being sent now (a held one, once approved): sentAt is now. */
  sendingNow?: boolean;
}

/**
 * Where a request stands now, its row locked for the caller's transaction (`tx`): what a
 * settlement checks before it changes the row, so two settlers never both act on one outcome.
 */
export function lockedStanding(tx: Tx, reference: string) {
  return tx
    .selectFrom('money_requests')
    .select(['outcome', 'message', 'settled_via'])
    .where('reference', '=', reference)
    .forUpdate()
    .executeTakeFirst();
}

/** Records an outcome. Returns the row before the change (null when the reference is unknown). */
export async function settleMoneyRequest(
  tx: Tx,
  reference: string,
  settlement: MoneyRequestSettlement,
  now: Date,
): Promise<MoneyRequest | null> {
  const before = await findRow(tx, 'money_requests', 'reference', reference, { forUpdate: true });
  if (!before) return null;
  await tx
    .updateTable('money_requests')
    .set({
      outcome: settlement.outcome,
      ...(settlement.upstreamId !== undefined
        ? {
            upstream_id: settlement.upstreamId,
            upstream_id_kind: settlement.upstreamIdKind ?? null,
          }
        : {}),
      ...(settlement.amount ? { amount: settlement.amount } : {}),
      message: settlement.message ?? null,
      next_step: settlement.nextStep ?? null,
      unknown_because:
        settlement.outcome === 'unknown' ? (settlement.unknownBecause ?? null) : null,
      updated_at: now,
      settled_at: settlement.outcome === 'pending' || settlement.outcome === 'held' ? null : now,
      settled_via: settlement.via,
      settled_by: settlement.by,
      ...(settlement.neverSent ? { sent_at: null } : {}),
      ...(settlement.sendingNow ? { sent_at: now } : {}),
    })
    .where('reference', '=', reference)
    .execute();
  return toMoneyRequest(before);
}

/**
 * Names the fund moves found carrying a request's reference, more than one (reconciliation): kept
 * with those named before, in the caller's transaction. Returns every one named and those it had
 * not named yet.
 */
export async function recordFundMovesFound(
  tx: Tx,
  reference: string,
  ids: readonly string[],
  now: Date,
): Promise<{ all: string[]; added: string[] }> {
  const before = await findRow(tx, 'money_requests', 'reference', reference, { forUpdate: true });
  if (!before) return { all: [], added: [] };
  const known = toMoneyRequest(before).fundMovesFound;
  const added = [...new Set(ids)].filter((id) => !known.includes(id));
  const all = [...known, ...added];
  if (added.length === 0) return { all, added };
  await tx
    .updateTable('money_requests')
    .set({ fund_moves_found: JSON.stringify(all), updated_at: now })
    .where('reference', '=', reference)
    .execute();
  return { all, added };
}
