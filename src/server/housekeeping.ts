import type { Config } from './config';
import type { Db } from './store/db';
import { recordAudit } from './store/audit';
import { pruneSessions } from './store/sessions';
import type { OutcomeSpool } from './store/spool';
import type { UpstreamClient } from './upstream/client';
import { reconcile, type ReconcileSummary } from './lib/reconciliation';

export interface HousekeepingDeps {
  db: Db;
  upstream: UpstreamClient;
  spool: OutcomeSpool;
  config: Pick<
    Config,
    | 'idempotencyRetentionMs'
    | 'auditRetentionMs'
    | 'reconcileNotSentAfterMs'
    | 'disbursementsListedAsFundMoves'
    | 'reconcileRecheckNotSentMs'
    | 'housekeepingIntervalMs'
  >;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  now?: () => Date;
}

interface HousekeepingReport {
  spool: { replayed: number; remaining: number; dropped: number };
  idempotencyPruned: number;
  rateLimitsPruned: number;
  auditPruned: number;
  reconciliation: ReconcileSummary | null;
}

const DAY = 86_400_000;

/**
 * One housekeeping pass: replay the outcome spool, prune expired sessions, finished idempotency
 * records past their retention and old rate-limit rows, prune audit events only when a
 * retention is configured (and audit that pruning), then reconcile unknown money requests.
 * Unknown and pending idempotency records are never pruned: reconciliation settles them first.
 */
async function runHousekeeping(deps: HousekeepingDeps): Promise<HousekeepingReport> {
  const now = (deps.now ?? (() => new Date()))();
  const { db, config, log } = deps;
  const spool = await deps.spool.replay(db);
  if (spool.replayed > 0 || spool.remaining > 0 || spool.dropped > 0) {
    log.info(spool, 'outcome spool replayed into the store');
  }
  await pruneSessions(db, now);
  const idem = await db
    .deleteFrom('idempotency_records')
    .where('state', '=', 'done')
    .where('updated_at', '<', new Date(now.getTime() - config.idempotencyRetentionMs))
    .executeTakeFirst();
  const rate = await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', new Date(now.getTime() - DAY))
    .executeTakeFirst();
  // Browsers not signed in with the password for 90 days (sign-in-devices.ts).
  await db.deleteFrom('sign_in_devices').where('expires_at', '<=', now).execute();
  let auditPruned = 0;
  if (config.auditRetentionMs !== null) {
    const before = new Date(now.getTime() - config.auditRetentionMs);
    auditPruned = await db.transaction().execute(async (tx) => {
      const gone = await tx.deleteFrom('audit_events').where('at', '<', before).executeTakeFirst();
      const count = Number(gone.numDeletedRows);
      // Never silent: the pruning itself is an audit event (and a log line).
      if (count > 0) {
        await recordAudit(tx, {
          action: 'audit_events_pruned',
          outcome: 'succeeded',
          details: { deleted: count, before: before.toISOString(), by: 'housekeeping' },
        });
      }
      return count;
    });
    if (auditPruned > 0) {
      log.warn({ deleted: auditPruned, before }, 'audit events past their retention pruned');
    }
  }
  let reconciliation: ReconcileSummary | null = null;
  try {
    reconciliation = await reconcile({
      db,
      upstream: deps.upstream,
      settledBy: 'system',
      notSentAfterMs: config.reconcileNotSentAfterMs,
      disbursementsListed: config.disbursementsListedAsFundMoves,
      recheckNotSentMs: config.reconcileRecheckNotSentMs,
      now: () => now,
    });
    if (reconciliation.examined > 0) log.info(reconciliation, 'money requests reconciled');
  } catch (err) {
    log.warn({ err }, 'reconciliation failed; it runs again on the next pass');
  }
  return {
    spool,
    idempotencyPruned: Number(idem.numDeletedRows),
    rateLimitsPruned: Number(rate.numDeletedRows),
    auditPruned,
    reconciliation,
  };
}

/** Runs housekeeping now and then every interval; passes never overlap. */
export function startHousekeeping(deps: HousekeepingDeps): { stop(): void } {
  let running = false;
  const pass = async () => {
    if (running) return;
    running = true;
    try {
      await runHousekeeping(deps);
    } catch (err) {
      deps.log.warn({ err }, 'housekeeping pass failed; it runs again on the next interval');
    } finally {
      running = false;
    }
  };
  void pass();
  const timer = setInterval(() => void pass(), deps.config.housekeepingIntervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
