import { sql } from 'kysely';
import type { Db } from '../store/db';
import type { DisbursementIdKind } from '../store/schema';
import {
  correctApprovalOfRequest,
  heldMessage,
  settleApprovalOfRequest,
  waitingApprovalOf,
} from '../store/approvals';
import { recordAudit, type AuditEvent } from '../store/audit';
import { expireDeadClaims, scopeIs } from '../store/idempotency';
import { fundMoveDirectionOfRequest, withKnownDirections } from './fund-move-direction';
import {
  lockedStanding,
  recordFundMovesFound,
  settleMoneyRequest,
  type MoneyRequest,
} from '../store/money-requests';
import type { FundMove } from '../../contract/custody';
import { foundAfterNotSentMessage } from '../../contract/money-requests';
import { getMoneyRequest, listMoneyRequests, moneyRequestPages } from '../store/money-requests';
import type { UpstreamClient } from '../upstream/client';
import { readAccountFundMoves } from './account-fund-moves';

/**
 * Reconciliation settles money requests whose outcome is unknown (the answer was lost: a
 * timeout, a dropped connection, a process that died mid-call) by asking the upstream what it
 * holds:
 * - deposits and disbursements: the account's fund moves (§4.3). A deposit carries our reference
 *   in its description, which its fund move keeps (§2.9); a disbursement in additionalDetails,
 *   which the upstream echoes (§2.10) into the fund move's description. The move must go the
 *   request's way: a deposit's move in, a disbursement's out;
 * - investments and IRA supplements: the document names no read that ties a trade or a
 *   supplement to a request of ours (§4.16 lists the trades collection without fields), so they
 *   stay unknown, visible with their reference, for a reviewer to settle by hand once they have
 *   checked the platform (POST /api/compliance/money-requests/:reference/settle).
 * A request is settled "not sent" only when nothing carries its reference and its call began
 * longer ago than `notSentAfterMs` (RECONCILE_NOT_SENT_AFTER_MS): the platform may still
 * create what it was sent after we stopped waiting for its answer, and the document says nothing
 * of how long that may take (§4.3, §2.9, §2.10), so absence soon after a lost answer proves
 * nothing. Until then the request stays unknown: "do not send it again".
 * As a safety net, deposits and disbursements settled "not sent" (by a pass, or by a reviewer)
 * within the last `recheckNotSentMs` (RECONCILE_RECHECK_NOT_SENT_MS, one day by default) are looked for again: a fund move that carries the reference
 * and goes the request's way settles it as created after all (money_request_found_after_not_sent).
 * A request may reach the platform twice under one reference: taken as not sent, sent again with
 * the same Idempotency-Key (which keeps its reference), and then the first send arrives late. Each
 * pass names every fund move that carries a reference and goes its way: when there is more than
 * one, the register names them all (money_request_found_twice), for a reviewer to act on; the
 * requests so looked at are those unknown, those taken as not sent within `recheckNotSentMs`, and
 * those accepted since such a "not sent".
 * Every settlement is audited, in the same transaction as the register row.
 */
export interface ReconcileOptions {
  db: Db;
  upstream: UpstreamClient;
  /** `system` for the scheduled job, or the user id of the person who pressed the button. */
  settledBy: string;
  /** How old a request must be before "not found upstream" means "not sent". */
  notSentAfterMs: number;
  /**
   * Whether a disbursement's absence from the fund moves may mean "not sent" at all
   * (DISBURSEMENTS_LISTED_AS_FUND_MOVES): where the platform does not list them, a disbursement
   * not found is left unknown for a reviewer, never taken as not sent.
   */
  disbursementsListed: boolean;
  /**
   * How long after a "not sent" settlement its fund moves are still looked through
   * (RECONCILE_RECHECK_NOT_SENT_MS).
   */
  recheckNotSentMs: number;
  now?: () => Date;
  /** Fund-move pages read per account (of `pageSize` moves each). */
  maxPages?: number;
  /** Fund moves asked per page: 500, the platform's largest (real-world notes §2), by default. */
  pageSize?: number;
}

export interface ReconcileSummary {
  examined: number;
  created: number;
  notSent: number;
  /** Every request left unknown after the pass (notFoundYet and unreadable among them). */
  stillUnknown: number;
  /**
   * Not found at the platform, but sent too recently for its absence to prove anything: left
   * unknown, looked for again at later passes.
   */
  notFoundYet: number;
  /** Left unknown because its account's fund moves could not be read: nothing learnt of them. */
  unreadable: number;
  /**
   * Disbursements held for approval whose answer was never recorded (the process stopped, or the
   * store and the spool failed, after the approval was written): held again, the approval
   * standing.
   */
  heldAfterAll: number;
  /** Settled "not sent" earlier, found at the platform since: corrected to created. */
  foundAfterNotSent: number;
  /** Requests newly found more than once at the platform (a fund move besides their own). */
  foundTwice: number;
  /**
   * Requests still in flight after the pass: a live claim (its call may be running, or its
   * instance died and its lease has not run out yet). They are not unknown yet, so this pass
   * could not settle them; a later pass will, once they are answered or their lease ends.
   */
  inFlight: number;
}

export async function reconcile(options: ReconcileOptions): Promise<ReconcileSummary> {
  const now = options.now ?? (() => new Date());
  await expireDeadClaims(options.db, now());
  const summary: ReconcileSummary = {
    examined: 0,
    created: 0,
    notSent: 0,
    stillUnknown: 0,
    notFoundYet: 0,
    unreadable: 0,
    heldAfterAll: 0,
    foundAfterNotSent: 0,
    foundTwice: 0,
    inFlight: 0,
  };
  const movesByAccount = new Map<
    string,
    Awaited<ReturnType<typeof referencesInFundMoves>> | null
  >();
  const readOf = async (accountId: string) => {
    let read = movesByAccount.get(accountId);
    if (read === undefined) {
      read = await referencesInFundMoves(options, accountId).catch(() => null);
      movesByAccount.set(accountId, read);
    }
    return read;
  };
  const movesOf = async (accountId: string) => (await readOf(accountId))?.refs ?? null;

  /** The fund moves that carry the request's reference and go its way (none: none found). */
  const ownMoves = async (request: MoneyRequest) => {
    const direction = fundMoveDirectionOfRequest[request.kind];
    const refs = direction ? await movesOf(request.accountId) : null;
    return (refs?.get(request.reference) ?? [])
      .filter((move) => move.direction === direction)
      .map((move) => move.referenceNumber);
  };
  /** Names the moves found when more than one, each audited once; counts a request newly found twice. */
  const nameOthers = async (request: MoneyRequest, found: string[]) => {
    if (found.length < 2) return;
    if (await recordFoundTwice(options.db, request, found, options.settledBy, now()))
      summary.foundTwice += 1;
  };

  /**
   * What the fund moves say of an unknown request, and the moves that carry it its way: created
   * (a move found), not sent (absence that tells, past the quiet period), or nothing yet (null),
   * counted in the summary as unreadable or not found yet where that is why.
   */
  const verdictOf = async (
    request: MoneyRequest,
  ): Promise<{ verdict: Verdict | null; found: string[] }> => {
    if (!fundMoveDirectionOfRequest[request.kind]) return { verdict: null, found: [] };
    const read = await readOf(request.accountId);
    if (!read) {
      summary.unreadable += 1;
      return { verdict: null, found: [] };
    }
    const found = await ownMoves(request);
    if (found.length > 0) return { verdict: { outcome: 'created', upstreamId: found[0] }, found };
    // A move carrying its reference the other way settles nothing.
    if ((read.refs.get(request.reference) ?? []).length > 0) return { verdict: null, found };
    // Listed, but with no reference number to settle it with: it stays unknown for a reviewer,
    // who reads the move at the platform.
    if (read.unnamed.has(request.reference)) {
      summary.unreadable += 1;
      return { verdict: null, found };
    }
    // Not among the moves read, but not all were: counted as not read, and looked for again.
    if (!read.whole) {
      summary.unreadable += 1;
      return { verdict: null, found };
    }
    // Absence proves something only where the platform lists this kind of request: a deposit is
    // the fund move it makes (§4.4); a disbursement, where it is configured so.
    if (request.kind !== 'deposit' && !options.disbursementsListed) return { verdict: null, found };
    if (oldEnough(request, now(), options.notSentAfterMs)) {
      return { verdict: { outcome: 'not_sent' }, found };
    }
    summary.notFoundYet += 1;
    return { verdict: null, found };
  };

  // Every unknown request, a page at a time (keyset pages: one settled meanwhile moves none).
  // The investments and IRA requests a pass cannot settle (no fund move names them) stay unknown
  // until a reviewer settles them: a pass that read only the newest would leave the deposits and
  // disbursements behind a pile of them unexamined for ever.
  for await (const page of moneyRequestPages(options.db, { outcome: 'unknown' })) {
    for (const request of page) {
      summary.examined += 1;
      if (
        request.kind === 'disbursement' &&
        (await settleHeldAfterAll(options.db, request, options.settledBy, now()))
      ) {
        summary.heldAfterAll += 1;
        continue;
      }
      const { verdict, found } = await verdictOf(request);
      if (!verdict) {
        summary.stillUnknown += 1;
        continue;
      }
      // Settled meanwhile (a late answer, the spool) counts as what it became: it is no longer unknown.
      const settled = await settleUnknown(
        options.db,
        request,
        verdict,
        { by: options.settledBy, via: 'reconciliation' },
        now(),
      );
      if (verdict.outcome === 'created') summary.created += 1;
      else summary.notSent += 1;
      if (settled && verdict.outcome === 'created')
        await nameOthers({ ...request, upstreamId: verdict.upstreamId }, found);
    }
  }

  // The safety net: a "not sent" that the platform lists after all is corrected.
  const since = new Date(now().getTime() - options.recheckNotSentMs);
  for (const request of await recentlyNotSent(options.db, since)) {
    const found = await ownMoves(request);
    if (found.length === 0) continue;
    if (await correctNotSent(options.db, request, found[0], options.settledBy, now())) {
      summary.foundAfterNotSent += 1;
      await nameOthers({ ...request, upstreamId: found[0] }, found);
    }
  }

  // A "not sent" sent again with the same key (so the same reference) and accepted: the first
  // send may still arrive, and then the platform lists two fund moves under one reference.
  for (const request of await acceptedSinceNotSent(options.db, since)) {
    await nameOthers(request, await ownMoves(request));
  }
  summary.inFlight = (await listMoneyRequests(options.db, { outcome: 'pending', limit: 1 })).total;
  return summary;
}

/**
 * Deposits and disbursements settled "not sent" since `since` by a guess that may prove wrong:
 * a pass that did not find them, or a reviewer. "Not sent" from the platform's own answer (a
 * refusal before sending, a request that yielded) is never looked for again.
 */
async function recentlyNotSent(db: Db, since: Date): Promise<MoneyRequest[]> {
  const rows = await db
    .selectFrom('money_requests')
    .select('reference')
    .where('outcome', '=', 'not_sent')
    .where('kind', 'in', ['deposit', 'disbursement'])
    .where('settled_via', 'in', ['reconciliation', 'manual'])
    .where('settled_at', '>=', since)
    .orderBy('settled_at', 'desc')
    .limit(1000)
    .execute();
  const found: MoneyRequest[] = [];
  for (const row of rows) {
    const request = await getMoneyRequest(db, row.reference);
    if (request) found.push(request);
  }
  return found;
}

/**
 * Deposits and disbursements accepted (created) whose reference was taken as not sent since
 * `since` (by a pass or a reviewer, as the audit log records it) or that were corrected from such
 * a "not sent": sent again under the same key after it, or found late, their first send may still
 * turn up at the platform as a second fund move.
 */
async function acceptedSinceNotSent(db: Db, since: Date): Promise<MoneyRequest[]> {
  const guessed = await db
    .selectFrom('audit_events')
    .select('object_id')
    .where('action', 'in', ['money_request_settled', 'money_request_found_after_not_sent'])
    .where('object_type', '=', 'money_request')
    .where('at', '>=', since)
    .where((eb) =>
      eb.or([
        eb(sql<string>`details->>'settled'`, '=', 'not_sent'),
        eb('action', '=', 'money_request_found_after_not_sent'),
      ]),
    )
    .limit(1000)
    .execute();
  const references = [...new Set(guessed.map((row) => row.object_id).filter((id) => id !== null))];
  const found: MoneyRequest[] = [];
  for (const reference of references) {
    const request = await getMoneyRequest(db, reference);
    if (
      request?.outcome === 'created' &&
      (request.kind === 'deposit' || request.kind === 'disbursement')
    )
      found.push(request);
  }
  return found;
}

/**
 * Names in the register every fund move found carrying the request's reference (more than one),
 * in one transaction with an audit event of its own (money_request_found_twice) naming them.
 * Returns false when none was new.
 */
async function recordFoundTwice(
  db: Db,
  request: MoneyRequest,
  found: readonly string[],
  by: string,
  at: Date,
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const { all, added } = await recordFundMovesFound(tx, request.reference, found, at);
    if (added.length === 0) return false;
    await recordSettlingEvent(
      tx,
      request,
      'money_request_found_twice',
      { by, via: 'reconciliation' },
      { upstreamId: request.upstreamId, fundMoves: all, newlyFound: added },
    );
    return true;
  });
}

/**
 * Later requests of the same account, kind and amount that still stand: the person sent it again
 * once told it was not sent, so the money may move twice.
 */
async function sentAgain(tx: Db, request: MoneyRequest) {
  if (!request.amount) return [];
  const rows = await tx
    .selectFrom('money_requests')
    .select('reference')
    .where('account_id', '=', request.accountId)
    .where('kind', '=', request.kind)
    .where('amount', '=', request.amount)
    .where('reference', '!=', request.reference)
    .where('created_at', '>', request.createdAt)
    .where('outcome', 'in', ['pending', 'held', 'created', 'unknown'])
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map((row) => row.reference);
}

/**
 * Corrects a "not sent" to created, in one transaction with its approval row and an audit event
 * of its own (money_request_found_after_not_sent), so reviewers see the register changed its mind.
 * Returns false when the row is no longer "not sent" (sent again under the same key, settled).
 */
async function correctNotSent(
  db: Db,
  request: MoneyRequest,
  upstreamId: string,
  by: string,
  at: Date,
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const current = await lockedStanding(tx, request.reference);
    if (current?.outcome !== 'not_sent' || current.settled_via !== request.settledVia) return false;
    const againAs = await sentAgain(tx, request);
    const message = foundAfterNotSentMessage(upstreamId, againAs);
    await settleMoneyRequest(
      tx,
      request.reference,
      { outcome: 'created', upstreamId, message, via: 'reconciliation', by },
      at,
    );
    if (request.kind === 'disbursement')
      await correctApprovalOfRequest(tx, request.reference, message);
    await recordSettlingEvent(
      tx,
      request,
      'money_request_found_after_not_sent',
      { by, via: 'reconciliation' },
      {
        settled: 'created',
        was: 'not_sent',
        wasSettledVia: request.settledVia,
        wasSettledAt: request.settledAt?.toISOString() ?? null,
        upstreamId,
        sentAgainAs: againAs,
      },
    );
    return true;
  });
}

/**
 * The audit event of a request settled or corrected (found twice, found after "not sent"): every
 * one names its request and who settled it how, after its own details, so a reviewer reads each
 * on its own without the request's row beside it; one a person made says who, from where.
 */
async function recordSettlingEvent(
  tx: Db,
  request: MoneyRequest,
  action: string,
  settler: Settler,
  details: Record<string, unknown>,
): Promise<void> {
  await recordAudit(tx, {
    userId: settler.by === 'system' ? null : settler.by,
    ...settler.person,
    action,
    objectType: 'money_request',
    objectId: request.reference,
    reason: settler.reason,
    outcome: 'succeeded',
    details: {
      ...details,
      kind: request.kind,
      accountId: request.accountId,
      amount: request.amount,
      forUser: request.userId,
      by: settler.by,
      via: settler.via,
    },
  });
}

/**
 * A disbursement held for a second person's approval writes its approval before the register
 * records the answer "held" (routes/define.ts). A process that stops between the two, or a store
 * and a spool that both fail, leaves the row to read "unknown" once its claim runs out; its
 * waiting approval proves it was held, and nothing of it was sent (holding sends nothing). It is
 * held again, with its idempotency record, so the approval stays the one way it is sent, and no
 * search of the fund moves settles it "not sent" while the approval could still send it.
 * Returns false when it has no waiting approval or was settled meanwhile.
 */
async function settleHeldAfterAll(
  db: Db,
  request: MoneyRequest,
  by: string,
  at: Date,
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const current = await lockedStanding(tx, request.reference);
    if (current?.outcome !== 'unknown') return false;
    const approvalId = await waitingApprovalOf(tx, request.reference);
    if (!approvalId) return false;
    await tx
      .updateTable('idempotency_records')
      .where(scopeIs(keyScopeOf(request)))
      .where('state', '=', 'unknown')
      .set({
        state: 'done',
        response_status: 409,
        response_body: JSON.stringify(heldAfterAllBody(request.reference)),
        updated_at: at,
      })
      .execute();
    await settleMoneyRequest(
      tx,
      request.reference,
      {
        outcome: 'held',
        upstreamId: null,
        message: heldMessage(approvalId),
        via: 'reconciliation',
        by,
        neverSent: true,
      },
      at,
    );
    await recordSettlingEvent(
      tx,
      request,
      'money_request_settled',
      { by, via: 'reconciliation' },
      { settled: 'held', approvalId },
    );
    return true;
  });
}

function heldAfterAllBody(reference: string) {
  return {
    error: {
      code: 'conflict' as const,
      message: `This request was made before (our reference ${reference}): it waits for a second person's approval. It will not be sent again; it is listed in your requests.`,
      submitted: 'yes' as const,
      reference,
    },
  };
}

/** The key a request was sent with, as its idempotency record is found by. */
const keyScopeOf = (request: MoneyRequest) => ({
  userId: request.userId,
  route: request.idempotency.route,
  key: request.idempotency.key,
});

function oldEnough(request: MoneyRequest, now: Date, ms: number): boolean {
  const since = request.sentAt ?? request.createdAt;
  return now.getTime() - since.getTime() >= ms;
}

interface MoveOfRequest {
  referenceNumber: string;
  direction: FundMove['direction'];
}

/**
 * Our reference → the fund moves that carry it, over the account's fund moves: almost always one,
 * but a request sent twice under one reference has two; `whole` when every move was read and
 * each one the platform sent unreadable still said whether it carries a reference of ours;
 * `unnamed`, the references carried by unreadable moves whose reference number was unreadable too.
 */
async function referencesInFundMoves(
  options: ReconcileOptions,
  accountId: string,
): Promise<{ refs: Map<string, MoveOfRequest[]>; whole: boolean; unnamed: Set<string> }> {
  const refs = new Map<string, MoveOfRequest[]>();
  const add = (reference: string, move: MoveOfRequest) =>
    refs.set(reference, [...(refs.get(reference) ?? []), move]);
  const { moves, skipped, read, totalRecords } = await readAccountFundMoves(
    options.upstream,
    accountId,
    { maxPages: options.maxPages ?? 20, pageSize: options.pageSize },
  );
  // A deposit the portal made is never a disbursement's move, whatever its description says.
  for (const move of await withKnownDirections(options.db, moves)) {
    if (move.portalReference && move.accountId === accountId)
      add(move.portalReference, {
        referenceNumber: move.referenceNumber,
        direction: move.direction,
      });
  }
  // A move the platform sent unreadable (a blank status, an odd amount or date) exists all the
  // same: where its description still carries our note, it is that request's move (named by its
  // reference number where that could be read); where the description could not be read, it may
  // be any request's, and absence proves nothing.
  const unnamed = new Set<string>();
  let unknownText = false;
  for (const record of skipped) {
    if (record.note === undefined) unknownText = true;
    else if (record.note && record.id !== undefined)
      add(record.note.reference, { referenceNumber: record.id, direction: record.note.direction });
    else if (record.note) unnamed.add(record.note.reference);
  }
  // Read in part (a bound met, or a page the platform answered short): a move found proves
  // arrival, but one not found may be among those not read.
  return { refs, whole: read >= totalRecords && !unknownText, unnamed };
}

/** What a retry of a key settled as created is told: it was submitted, and it is not sent again. */
function settledCreatedBody(reference: string, upstreamId: string) {
  return {
    error: {
      code: 'conflict' as const,
      message: `This request was submitted: the platform holds it as ${upstreamId} (our reference ${reference}). It will not be sent again.`,
      submitted: 'yes' as const,
      reference,
    },
  };
}

/**
 * What became of a request. `idKind`: what a disbursement's platform id names, where the settler
 * knows it (MoneyRequest.upstreamIdKind).
 */
export type Verdict =
  { outcome: 'created'; upstreamId: string; idKind?: DisbursementIdKind } | { outcome: 'not_sent' };

/** Who settles, and how the outcome was learnt: the scheduled job, or a reviewer by hand. */
export interface Settler {
  /** `system` for the scheduled job, or the user id of the person. */
  by: string;
  via: 'reconciliation' | 'manual';
  /** What the reviewer checked at the platform; kept in the audit event only. */
  reason?: string;
  /**
   * Who settled it by hand, from where and in which request, as every audit event of a person
   * says: the audit log's filters and columns find the reviewer's own settlement by them.
   */
  person?: Pick<AuditEvent, 'userEmail' | 'role' | 'ip' | 'requestId'>;
}

const settledMessages: Record<Settler['via'], (verdict: Verdict) => string> = {
  reconciliation: (verdict) =>
    verdict.outcome === 'created'
      ? `Found at the platform as ${verdict.upstreamId}.`
      : "The portal's check did not find it at the platform.",
  manual: (verdict) =>
    verdict.outcome === 'created'
      ? `A reviewer found it at the platform as ${verdict.upstreamId}.`
      : 'A reviewer found no trace of it at the platform.',
};

/**
 * Settles one request whose outcome is unknown, in one transaction with its idempotency record
 * and its audit event. A retry of the same key is then told it was submitted (created), or may be
 * sent again (not sent). Returns false when the request was settled meanwhile (a late answer, the
 * spool, another reviewer): nothing changes then.
 */
export async function settleUnknown(
  db: Db,
  request: MoneyRequest,
  verdict: Verdict,
  settler: Settler,
  at: Date,
): Promise<boolean> {
  const scope = keyScopeOf(request);
  return db.transaction().execute(async (tx) => {
    const current = await lockedStanding(tx, request.reference);
    if (current?.outcome !== 'unknown') return false;
    if (verdict.outcome === 'created') {
      await tx
        .updateTable('idempotency_records')
        .where(scopeIs(scope))
        .where('state', '=', 'unknown')
        .set({
          state: 'done',
          response_status: 409,
          response_body: JSON.stringify(settledCreatedBody(request.reference, verdict.upstreamId)),
          updated_at: at,
        })
        .execute();
    } else {
      // Proven not created: the same key may be sent again.
      await tx
        .deleteFrom('idempotency_records')
        .where(scopeIs(scope))
        .where('state', '=', 'unknown')
        .execute();
    }
    const message = settledMessages[settler.via](verdict);
    await settleMoneyRequest(
      tx,
      request.reference,
      {
        outcome: verdict.outcome,
        upstreamId: verdict.outcome === 'created' ? verdict.upstreamId : null,
        upstreamIdKind: verdict.outcome === 'created' ? verdict.idKind : null,
        message,
        via: settler.via,
        by: settler.by,
        neverSent: verdict.outcome === 'not_sent',
      },
      at,
    );
    if (request.kind === 'disbursement') {
      // Its approval says the same; a new request of the same size waits for approval again.
      await settleApprovalOfRequest(
        tx,
        request.reference,
        verdict.outcome === 'created' ? 'sent' : 'not_sent',
        verdict.outcome === 'created'
          ? message
          : `${message} To send it, make a new request: it waits for approval again.`,
      );
    }
    await recordSettlingEvent(tx, request, 'money_request_settled', settler, {
      settled: verdict.outcome,
      upstreamId: verdict.outcome === 'created' ? verdict.upstreamId : null,
    });
    return true;
  });
}
