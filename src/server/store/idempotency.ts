import { setTimeout as sleep } from 'node:timers/promises';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from './db';
import type { Database, MoneyRequestOutcome } from './schema';
import { recordAudit, type AuditEvent } from './audit';
import { liveInstances } from './instances';
import { storeSavedIssuerAccount } from './saved-records';
import type { SpoolEntry, SpooledRelease } from './spool';
import { closeWaitingApprovals } from './approvals';
import {
  lockedStanding,
  openMoneyRequest,
  settleMoneyRequest,
  type MoneyRequestInit,
  type MoneyRequestSettlement,
  type OpenedMoneyRequest,
} from './money-requests';

/**
 * Money moves once. The primary key (user, route, key) makes concurrent
 * duplicates collapse: exactly one caller claims the key and calls the upstream; the others wait
 * a short while for its outcome and replay it.
 *
 * A claim carries an owner lease: the instance holding it and a deadline, renewed while the
 * upstream call is in flight. A claim whose lease ran out belongs to an instance that died (or
 * lost the store): the next retry turns it into a definite "unknown" with our reference at once,
 * and reconciliation settles it later. A claim whose instance is gone (instances.ts: a process
 * killed mid-call) is ended the same way without waiting for its lease, by the retry, by a read
 * of the register (`endClaimsOfStoppedInstances`) or by housekeeping. On a money route the claim
 * opens the register row (money-requests.ts) in the same transaction.
 */
export type Claim =
  | {
      kind: 'claimed';
      reference: string | null;
      /** When this attempt claimed the key: it names the attempt in a spooled release. */
      claimedAt: Date;
    }
  | { kind: 'replay'; status: number; body: unknown; reference: string | null }
  | { kind: 'mismatch' }
  /** The same request was sent with this key before and its record is gone (pruned): not again. */
  | { kind: 'used'; reference: string; outcome: MoneyRequestOutcome }
  | { kind: 'in_progress'; reference: string | null };

export interface IdempotencyScope {
  userId: string;
  route: string;
  key: string;
  requestHash: string;
  /**
   * The hash the same request had before `additionalTo` was left out of it (routes/define.ts
   * `askedOf`): a record written then, still kept, is this request's and never "another request".
   */
  formerHash?: string;
}

export interface ClaimOptions {
  instanceId: string;
  leaseMs: number;
  /** How long a duplicate waits for a live owner before answering "in progress". */
  waitMs?: number;
  /** Opens a register row (money routes). */
  money?: MoneyRequestInit;
  /** What the request is about, kept with the claim (see `claimsInFlight`). */
  subject?: { type: string; id: string } | null;
  /** What was sent, safe to show (routes/define.ts `keepSent`): audited if the outcome is lost. */
  sent?: Record<string, unknown> | null;
  /**
   * Where outcomes the store could not take wait (spool.ts): a pending claim whose outcome is
   * there was answered, and a retry is given that answer rather than "in progress" or "unknown".
   */
  spool?: {
    find(scope: IdempotencyScope): SpoolEntry | undefined;
    /**
     * An attempt known not sent whose release the store could not take (spool.ts): its claim is
     * released, and the retry claims the key anew rather than wait out the lease and read
     * "unknown".
     */
    findRelease(scope: IdempotencyScope, claimedAt: Date): SpooledRelease | undefined;
  };
  now?: () => Date;
}

/** Rows written before leases existed count as dead after this long. */
const LEGACY_STALE_MS = 120_000;

/** The record of one request: who, on which route, with which key. */
export const scopeIs =
  (s: Pick<IdempotencyScope, 'userId' | 'route' | 'key'>) =>
  (eb: ExpressionBuilder<Database, 'idempotency_records'>) =>
    eb.and({ user_id: s.userId, route: s.route, key: s.key });

/** A new record's columns naming its request: who, on which route, with which key, asking what. */
const scopeColumns = (s: IdempotencyScope) => ({
  user_id: s.userId,
  route: s.route,
  key: s.key,
  request_hash: s.requestHash,
});

/** A record's columns holding its outcome: the state and the answer a replay is given. */
const outcomeColumns = (outcome: Outcome, at: Date) => ({
  state: outcome.state,
  response_status: outcome.status,
  response_body: JSON.stringify(outcome.body),
  updated_at: at,
});

/** When a pending claim stops holding its request; records from before leases get a fixed span. */
const leaseEndOf = (row: { lease_expires_at: Date | null; created_at: Date }) =>
  row.lease_expires_at?.getTime() ?? row.created_at.getTime() + LEGACY_STALE_MS;

export async function claim(
  db: Db,
  scope: IdempotencyScope,
  options: ClaimOptions,
): Promise<Claim> {
  const now = options.now ?? (() => new Date());
  const waitMs = options.waitMs ?? 5_000;
  const started = now().getTime();
  for (let delay = 25; ; delay = Math.min(delay * 2, 250)) {
    const at = now();
    const claimed = await db
      .transaction()
      .execute(async (tx) => {
        const inserted = await tx
          .insertInto('idempotency_records')
          .values({
            ...scopeColumns(scope),
            state: 'pending',
            created_at: at,
            updated_at: at,
            owner_instance: options.instanceId,
            lease_expires_at: new Date(at.getTime() + options.leaseMs),
            subject_type: options.subject?.type ?? null,
            subject_id: options.subject?.id ?? null,
            sent: options.sent ? JSON.stringify(options.sent) : null,
          })
          .onConflict((oc) => oc.columns(['user_id', 'route', 'key']).doNothing())
          .returning('key')
          .executeTakeFirst();
        if (!inserted) return null;
        if (!options.money) return { reference: null };
        const opened = await openMoneyRequest(tx, scope, options.money, at);
        // The key's register row names another request, or this one already sent: the claim
        // just made is undone with the transaction, and the refusal answered.
        if (opened.kind !== 'opened') throw new KeyRefused(opened);
        await tx
          .updateTable('idempotency_records')
          .set({ reference: opened.reference })
          .where(scopeIs(scope))
          .execute();
        return { reference: opened.reference };
      })
      .catch((err: unknown) => {
        if (err instanceof KeyRefused) return err.refusal;
        throw err;
      });
    if (claimed && 'kind' in claimed) {
      return claimed.kind === 'used' ? claimed : { kind: 'mismatch' };
    }
    if (claimed) return { kind: 'claimed', reference: claimed.reference, claimedAt: at };

    const row = await db
      .selectFrom('idempotency_records')
      .selectAll()
      .where(scopeIs(scope))
      .executeTakeFirst();
    if (!row) continue; // released between our insert and read: claim again
    if (row.request_hash !== scope.requestHash && row.request_hash !== scope.formerHash) {
      return { kind: 'mismatch' };
    }
    // Known not sent while the store was down: released now, then claimed again by this retry.
    const notSent = row.state !== 'done' ? options.spool?.findRelease(scope, row.created_at) : null;
    if (notSent && (await releaseFromSpool(db, notSent))) continue;
    if (row.state !== 'pending') {
      return {
        kind: 'replay',
        status: row.response_status ?? 500,
        body: row.response_body,
        reference: row.reference,
      };
    }
    // The upstream answered and its sender was told, but the store could not record it (it was
    // down): its lease ran out while nothing could renew it, and it is no request that stopped.
    const spooled = options.spool?.find(scope);
    if (spooled) return replaySpooled(db, spooled, row.reference);
    const leaseEnd = leaseEndOf(row);
    if (at.getTime() >= leaseEnd) {
      const expired = await expireClaim(db, scope, at);
      if (expired) return expired;
      continue;
    }
    const owner = row.owner_instance;
    if (owner && owner !== options.instanceId && !(await liveInstances(db, [owner])).has(owner)) {
      const ended = await expireClaim(db, scope, at, owner);
      if (ended) return ended;
      continue;
    }
    if (at.getTime() - started >= waitMs) return { kind: 'in_progress', reference: row.reference };
    await sleep(delay);
  }
}

/** Rolls back a claim whose register row refused its key (openMoneyRequest). */
class KeyRefused extends Error {
  constructor(readonly refusal: Exclude<OpenedMoneyRequest, { kind: 'opened' }>) {
    super('idempotency key names another request');
  }
}

/**
 * The answer a spooled outcome's sender was given, for a retry of the same request: recorded into
 * the store now (as the next spool replay would), and given even if the store refuses it again,
 * since the spool keeps it until a replay succeeds.
 */
async function replaySpooled(db: Db, entry: SpoolEntry, reference: string | null): Promise<Claim> {
  try {
    await completeFromSpool(db, entry);
  } catch {
    // Still in the spool: housekeeping replays it, and logs it while it cannot.
  }
  const { status, body } = entry.outcome;
  return { kind: 'replay', status, body, reference: entry.reference ?? reference };
}

/** Writes one spooled outcome into the store; a done record is final, so replaying twice is harmless. */
export const completeFromSpool = (db: Db, entry: SpoolEntry): Promise<void> =>
  complete(db, entry.scope, entry.outcome, {
    reference: entry.reference,
    settlement: entry.settlement ? { ...entry.settlement, via: 'spool' } : undefined,
    audits: entry.audits,
    kept: entry.kept,
    now: new Date(entry.at),
  });

/** What a retry is told when the instance that sent the request stopped before learning the outcome. */
function unknownOutcomeBody(reference: string | null) {
  const named = reference ? ` Our reference is ${reference}.` : '';
  return {
    error: {
      code: 'upstream_timeout' as const,
      message: `An earlier attempt of this request stopped before its outcome was known.${named} It may or may not have been submitted. Do not send it again as a new request: the account's requests list shows it, with what happens next.`,
      submitted: 'unknown' as const,
      ...(reference ? { reference } : {}),
    },
  };
}

/**
 * Turns a pending claim whose lease ran out, or whose owner instance `gone` is (instances.ts),
 * into a definite "unknown" (audited).
 */
async function expireClaim(
  db: Db,
  scope: IdempotencyScope,
  at: Date,
  gone?: string,
): Promise<Claim | null> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom('idempotency_records')
      .selectAll()
      .forUpdate()
      .where(scopeIs(scope))
      .executeTakeFirst();
    if (!row || row.state !== 'pending') return null;
    // Claimed again meanwhile by another instance, the claim of the gone one is no more.
    const ended = gone !== undefined && row.owner_instance === gone;
    if (!ended && at.getTime() < leaseEndOf(row)) return null;
    const body = unknownOutcomeBody(row.reference);
    await tx
      .updateTable('idempotency_records')
      .set(outcomeColumns({ state: 'unknown', status: 504, body }, at))
      .where(scopeIs(scope))
      .execute();
    if (row.reference) {
      await settleMoneyRequest(
        tx,
        row.reference,
        {
          outcome: 'unknown',
          message: body.error.message,
          via: 'lease_expired',
          by: 'system',
        },
        at,
      );
    }
    // As when the outcome is learnt unknown in the request (routes/define.ts): by our reference
    // on money routes, by the object the request is about on the others.
    const subject = row.subject_type ? { [row.subject_type]: row.subject_id } : {};
    await recordAudit(tx, {
      userId: scope.userId,
      action: row.reference ? 'money_request_unknown' : 'request_outcome_unknown',
      objectType: row.reference ? 'money_request' : row.subject_type,
      objectId: row.reference ?? row.subject_id,
      outcome: 'unknown',
      details: {
        route: scope.route,
        reason: 'the instance holding the request stopped',
        owner: row.owner_instance,
        // When it was sent (its claim), not when the sweep found it: hours may lie between, and
        // a create that carries no reference of ours (§4.6) is asked about by when it was sent.
        sentAt: new Date(row.created_at).toISOString(),
        ...subject,
        ...(row.sent ? { sent: row.sent } : {}),
      },
    });
    return { kind: 'replay' as const, status: 504, body, reference: row.reference };
  });
}

/**
 * Turns at once into "unknown" the pending claims whose owner instance is gone (instances.ts),
 * whatever their lease says: a process killed mid-call has no call running, and a person who
 * reloads the page reads "outcome unknown" now rather than once the lease has run out. The
 * claims of `self`, alive as it asks, are not looked at. Answers how many it ended.
 *
 * An instance whose presence connection is lost for a moment reads as gone: its call's answer,
 * when it comes, still settles the request (`complete` overwrites an unknown outcome).
 */
export async function endClaimsOfStoppedInstances(
  db: Db,
  options: { self?: string; now?: Date } = {},
): Promise<number> {
  let query = db
    .selectFrom('idempotency_records')
    .select(['user_id', 'route', 'key', 'request_hash', 'owner_instance'])
    .where('state', '=', 'pending')
    .where('owner_instance', 'is not', null);
  if (options.self) query = query.where('owner_instance', '!=', options.self);
  const rows = await query.limit(1000).execute();
  if (rows.length === 0) return 0;
  const live = await liveInstances(
    db,
    rows.map((row) => row.owner_instance!),
  );
  const at = options.now ?? new Date();
  let ended = 0;
  for (const row of rows) {
    if (live.has(row.owner_instance!)) continue;
    const scope = {
      userId: row.user_id,
      route: row.route,
      key: row.key,
      requestHash: row.request_hash,
    };
    if (await expireClaim(db, scope, at, row.owner_instance!)) ended += 1;
  }
  return ended;
}

/**
 * Turns every pending claim whose lease ran out, or whose instance is gone, into "unknown"
 * (reconciliation's first step).
 */
export async function expireDeadClaims(db: Db, now = new Date()): Promise<number> {
  const stopped = await endClaimsOfStoppedInstances(db, { now });
  const dead = await db
    .selectFrom('idempotency_records')
    .select(['user_id', 'route', 'key', 'request_hash'])
    .where('state', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb('lease_expires_at', '<=', now),
        eb.and([
          eb('lease_expires_at', 'is', null),
          eb('created_at', '<=', new Date(now.getTime() - LEGACY_STALE_MS)),
        ]),
      ]),
    )
    .limit(1000)
    .execute();
  let expired = 0;
  for (const row of dead) {
    const scope = {
      userId: row.user_id,
      route: row.route,
      key: row.key,
      requestHash: row.request_hash,
    };
    if (await expireClaim(db, scope, now)) expired += 1;
  }
  return stopped + expired;
}

/**
 * Claims of other requests on the same route about the same object whose outcome is not known
 * yet (their call may be running): a route that must not run twice for one object refuses while
 * there is one.
 */
export async function claimsInFlight(
  db: Db,
  scope: Pick<IdempotencyScope, 'userId' | 'route' | 'key'>,
  subjectId: string,
): Promise<number> {
  const rows = await db
    .selectFrom('idempotency_records')
    .select(['user_id', 'key'])
    .where('route', '=', scope.route)
    .where('subject_id', '=', subjectId)
    .where('state', '=', 'pending')
    .execute();
  return rows.filter((r) => !(r.user_id === scope.userId && r.key === scope.key)).length;
}

/** A claim whose outcome is not known yet: when it was made, by whom, what it sent. */
export interface ClaimInFlight {
  at: Date;
  by: string | null;
  sent: unknown;
}

/**
 * The claims on a route about one object whose outcome is not known yet (their call may be
 * running, or their instance stopped and the sweep has not found out yet), the oldest first.
 */
export async function listClaimsInFlight(
  db: Db,
  route: string,
  subjectId: string,
): Promise<ClaimInFlight[]> {
  const rows = await db
    .selectFrom('idempotency_records')
    .leftJoin('users', 'users.id', 'idempotency_records.user_id')
    .select(['idempotency_records.created_at', 'idempotency_records.sent', 'users.email'])
    .where('idempotency_records.route', '=', route)
    .where('idempotency_records.subject_id', '=', subjectId)
    .where('idempotency_records.state', '=', 'pending')
    .orderBy('idempotency_records.created_at', 'asc')
    .limit(100)
    .execute();
  return rows.map((r) => ({ at: new Date(r.created_at), by: r.email, sent: r.sent }));
}

/** Keeps a claim alive while its upstream call is in flight. */
export async function renewLease(
  db: Db,
  scope: IdempotencyScope,
  instanceId: string,
  leaseMs: number,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('idempotency_records')
    .set({ lease_expires_at: new Date(now.getTime() + leaseMs) })
    .where('state', '=', 'pending')
    .where('owner_instance', '=', instanceId)
    .where(scopeIs(scope))
    .execute();
}

/**
 * At boot on a store only this process may open (PGlite, locked folder): every pending claim
 * belongs to a process that is gone, so its lease is ended now rather than after its deadline.
 */
export async function endForeignLeases(
  db: Db,
  instanceId: string,
  now = new Date(),
): Promise<number> {
  const rows = await db
    .updateTable('idempotency_records')
    .set({ lease_expires_at: now })
    .where('state', '=', 'pending')
    .where((eb) =>
      eb.or([eb('owner_instance', '!=', instanceId), eb('owner_instance', 'is', null)]),
    )
    .returning('key')
    .execute();
  return rows.length;
}

export interface Outcome {
  state: 'done' | 'unknown';
  status: number;
  body: unknown;
}

export interface OutcomeRecord {
  /** The register row of a money route. */
  reference?: string | null;
  settlement?: MoneyRequestSettlement;
  /** Audit events of this outcome, written in the same transaction. */
  audits?: AuditEvent[];
  /**
   * What the portal keeps of the platform's answer beside the register (an issuer account as
   * saved, §4.6), written in the same transaction: spooled and replayed with the outcome.
   */
  kept?: KeptWithOutcome;
  now?: Date;
}

/** What a route keeps of a successful answer, stored with its outcome (routes/define.ts). */
export interface KeptWithOutcome {
  savedIssuerAccount?: { issuerId: string; records: unknown; savedBy: string };
}

/**
 * Changes the idempotency record in one transaction with the register row and the audit events
 * of the outcome: either all of them are stored or none. `change` answers false when the record
 * already holds a final outcome, and then nothing else is written.
 */
async function recordOutcome(
  db: Db,
  record: OutcomeRecord,
  change: (tx: Db, at: Date) => Promise<boolean | 'history only'>,
): Promise<void> {
  const at = record.now ?? new Date();
  await db.transaction().execute(async (tx) => {
    const changed = await change(tx, at);
    if (!changed) return;
    // 'history only': what was asked and told goes to the audit log, and nothing else changes.
    if (changed === true) {
      if (record.reference && record.settlement) {
        await settleMoneyRequest(tx, record.reference, record.settlement, at);
      }
      const saved = record.kept?.savedIssuerAccount;
      if (saved) {
        await storeSavedIssuerAccount(tx, saved.issuerId, saved.records, saved.savedBy, null, at);
      }
    }
    for (const event of record.audits ?? []) await recordAudit(tx, event);
  });
}

/** What a request's register row says once nothing is left to learn of it. */
const SETTLED_FOR_GOOD: readonly MoneyRequestOutcome[] = ['created', 'refused', 'not_sent'];
/** An answer that says nothing reached the platform (a hold, a refusal, nothing sent). */
const NOTHING_MOVED: readonly MoneyRequestOutcome[] = ['held', 'refused', 'not_sent'];

/**
 * Whether a late answer that nothing moved (a spooled "held", replayed after its instance came
 * back) would reopen a request settled since: a reviewer or reconciliation found it never
 * arrived, closed its approval and freed its key for a new request. Written back, a "held" would
 * hold a request that no approval decides any more, and tell a retry of the key that it waits.
 * What was settled stands. An answer that the platform created it still settles it (the money
 * moved, whatever was found before).
 */
function settledBeforeNothingMoved(
  standing: MoneyRequestOutcome | undefined,
  record: OutcomeRecord,
): boolean {
  if (!record.reference || !record.settlement || standing === undefined) return false;
  return NOTHING_MOVED.includes(record.settlement.outcome) && SETTLED_FOR_GOOD.includes(standing);
}

/**
 * Records the outcome, the register row and the audit events in one transaction: either all of
 * them are stored or none (then the caller retries, and at last spools them).
 */
export async function complete(
  db: Db,
  scope: IdempotencyScope,
  outcome: Outcome,
  record: OutcomeRecord = {},
): Promise<void> {
  await recordOutcome(db, record, async (tx, at) => {
    // The register's row first, then the key's record: the order a settlement takes them in
    // (reconciliation.ts settleUnknown), so an answer racing one waits for it, never deadlocks.
    const standing = record.reference ? await lockedStanding(tx, record.reference) : undefined;
    const row = await tx
      .selectFrom('idempotency_records')
      .select(['state', 'reference'])
      .forUpdate()
      .where(scopeIs(scope))
      .executeTakeFirst();
    // A done outcome is final: a replay (spool, second writer) changes nothing.
    if (row?.state === 'done') return false;
    if (settledBeforeNothingMoved(standing?.outcome, record)) {
      // A hold answered after its request was settled: its approval, written just before, must
      // not wait for a decision the register no longer takes.
      if (record.settlement?.outcome === 'held' && record.reference) {
        await closeWaitingApprovals(
          tx,
          record.reference,
          'Settled as not sent before its hold was recorded: nothing was sent. To send it, make a new request: it waits for approval again.',
        );
      }
      // What the person asked and was told still belongs in the audit log (its hold, say).
      return 'history only';
    }
    if (row) {
      await tx
        .updateTable('idempotency_records')
        .set(outcomeColumns(outcome, at))
        .where(scopeIs(scope))
        .execute();
    } else {
      // The record was pruned or never written (spool replay): write it whole.
      await tx
        .insertInto('idempotency_records')
        .values({
          ...scopeColumns(scope),
          ...outcomeColumns(outcome, at),
          created_at: at,
          reference: record.reference ?? null,
        })
        .execute();
    }
    return true;
  });
}

/**
 * A spooled release (spool.ts) written into the store: the one attempt it names, by when it
 * claimed the key, is forgotten and its register row says why it was not created, with the
 * attempt's audit events. Its lease may have run out meanwhile and the attempt read "unknown"
 * (expireClaim): what the spool knows, that nothing was sent, is what the register keeps. Answers
 * whether it released anything: a second replay, or one after the key was claimed again by a
 * later attempt, changes nothing.
 */
export async function releaseFromSpool(db: Db, entry: SpooledRelease): Promise<boolean> {
  let released = false;
  await recordOutcome(
    db,
    {
      reference: entry.reference,
      settlement: { ...entry.settlement, via: 'spool' },
      audits: entry.audits,
      now: new Date(entry.at),
    },
    async (tx) => {
      const gone = await tx
        .deleteFrom('idempotency_records')
        .where(scopeIs(entry.scope))
        .where('state', 'in', ['pending', 'unknown'])
        .where('created_at', '=', new Date(entry.claimedAt))
        .executeTakeFirst();
      released = Number(gone.numDeletedRows) > 0;
      return released;
    },
  );
  return released;
}

/**
 * Nothing reached the upstream (or it refused): forget the key so the same request can be tried
 * again, and record in the register why it was not created.
 */
export async function release(
  db: Db,
  scope: IdempotencyScope,
  record: OutcomeRecord = {},
): Promise<void> {
  await recordOutcome(db, record, async (tx) => {
    await tx
      .deleteFrom('idempotency_records')
      .where('state', '=', 'pending')
      .where(scopeIs(scope))
      .execute();
    return true;
  });
}
