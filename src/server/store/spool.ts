import {
  appendFileSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { recordSendingOutcome, type SendingOutcome } from './approvals';
import type { AuditEvent } from './audit';
import type { Db } from './db';
import {
  completeFromSpool,
  releaseFromSpool,
  type IdempotencyScope,
  type KeptWithOutcome,
  type Outcome,
} from './idempotency';
import type { MoneyRequestSettlement } from './money-requests';

/**
 * The outcome spool: when the upstream has answered but the store cannot record the outcome
 * (after bounded retries), the outcome, its register settlement and its audit events are appended
 * here, one JSON line each, fsynced before the user is answered. The spool is replayed into the
 * store at boot and on every housekeeping tick; replay is idempotent (a done record is final), so
 * a line replayed twice changes nothing.
 */
export interface SpoolEntry {
  scope: IdempotencyScope;
  outcome: Outcome;
  reference: string | null;
  settlement?: MoneyRequestSettlement;
  audits: AuditEvent[];
  /** What the route keeps of the answer beside the register (an issuer account as saved). */
  kept?: KeptWithOutcome;
  at: string;
}

/**
 * An approved held disbursement the platform answered while the store could not record it
 * (routes/approvals.ts): its approval, register row and audit event, replayed together. The
 * approval route takes no Idempotency-Key, so there is no request record to complete.
 */
export interface SpooledSending {
  kind: 'approval_sending';
  sending: SendingOutcome;
  at: string;
}

/**
 * A money request known not sent (refused, or stopped on the portal's side before the platform
 * was asked) whose release the store could not take (routes/define.ts): its claim and register
 * row would otherwise wait for the lease to run out and read "unknown", and a retry of the same
 * request be told it is still being processed. `claimedAt` names the attempt, so a later attempt
 * with the same key is never released by it.
 */
export interface SpooledRelease {
  kind: 'not_sent';
  scope: IdempotencyScope;
  claimedAt: string;
  reference: string | null;
  settlement: MoneyRequestSettlement;
  audits: AuditEvent[];
  at: string;
}

/** One line of the spool. */
export type SpoolLine = SpoolEntry | SpooledSending | SpooledRelease;

const isSending = (line: SpoolLine): line is SpooledSending =>
  (line as SpooledSending).kind === 'approval_sending';
const isRelease = (line: SpoolLine): line is SpooledRelease =>
  (line as SpooledRelease).kind === 'not_sent';
/** An outcome the platform gave, to record (neither an approval's sending nor a release). */
const isOutcome = (line: SpoolLine): line is SpoolEntry => !isSending(line) && !isRelease(line);
const sameRequest = (
  line: { scope: Pick<IdempotencyScope, 'userId' | 'route' | 'key'> },
  scope: Pick<IdempotencyScope, 'userId' | 'route' | 'key'>,
) =>
  line.scope.userId === scope.userId &&
  line.scope.route === scope.route &&
  line.scope.key === scope.key;

/**
 * Whether this store holds what a line settles: the register row of its reference, or the
 * approval it sends. A line whose request this store never held was written by a portal on
 * another store (two processes sharing one DATA_DIR): writing it here would change nothing, yet
 * count as done and take it out of the spool its own store replays from. It stays instead.
 */
async function heldHere(db: Db, line: SpoolLine): Promise<boolean> {
  if (isSending(line)) {
    const approval = await db
      .selectFrom('disbursement_approvals')
      .select('id')
      .where('id', '=', line.sending.approvalId)
      .executeTakeFirst();
    return Boolean(approval);
  }
  if (!line.reference) return true;
  const row = await db
    .selectFrom('money_requests')
    .select('reference')
    .where('reference', '=', line.reference)
    .executeTakeFirst();
  return Boolean(row);
}

export class OutcomeSpool {
  constructor(readonly file: string) {}

  /** Appends one entry durably (write + fsync). Throws only when the disk itself fails. */
  append(entry: SpoolLine): void {
    mkdirSync(path.dirname(this.file), { recursive: true });
    const fd = openSync(this.file, 'a');
    try {
      appendFileSync(fd, `${JSON.stringify(entry)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  read(): SpoolLine[] {
    if (!existsSync(this.file)) return [];
    return readFileSync(this.file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as SpoolLine];
        } catch {
          return []; // a torn last line (crash mid-append) was never acknowledged to anyone
        }
      });
  }

  /**
   * Writes into the store now the spooled outcomes `which` picks, for a read that must show them
   * (an issuer account's page right after the store is back). Those that still fail stay for the
   * housekeeping pass, which also clears the lines of those written (replay is idempotent).
   */
  async recordNow(db: Db, which: (entry: SpoolEntry) => boolean): Promise<void> {
    for (const entry of this.read()) {
      if (!isOutcome(entry) || !which(entry)) continue;
      await completeFromSpool(db, entry).catch(() => undefined);
    }
  }

  /** The sending of one approval, if its outcome waits here. */
  findSending(approvalId: string): SpooledSending | undefined {
    return this.read()
      .filter(isSending)
      .findLast((e) => e.sending.approvalId === approvalId);
  }

  /**
   * The outcome spooled for one request (who, route, key), if it waits here: the answer its
   * sender was given, which a retry is given too until the spool has been replayed.
   */
  find(scope: Pick<IdempotencyScope, 'userId' | 'route' | 'key'>): SpoolEntry | undefined {
    return this.read().findLast((e): e is SpoolEntry => isOutcome(e) && sameRequest(e, scope));
  }

  /** The release spooled for the attempt that claimed this request's key at `claimedAt`. */
  findRelease(
    scope: Pick<IdempotencyScope, 'userId' | 'route' | 'key'>,
    claimedAt: Date,
  ): SpooledRelease | undefined {
    return this.read().find(
      (e): e is SpooledRelease =>
        isRelease(e) &&
        sameRequest(e, scope) &&
        new Date(e.claimedAt).getTime() === claimedAt.getTime(),
    );
  }

  /**
   * Writes every entry into the store; entries that still fail, and those whose request this
   * store does not hold (heldHere), stay in the spool: a line leaves it only once the store holds
   * its outcome. Returns how many were replayed and how many remain.
   */
  async replay(db: Db): Promise<{ replayed: number; remaining: number }> {
    const entries = this.read();
    if (entries.length === 0) return { replayed: 0, remaining: 0 };
    const left: SpoolLine[] = [];
    let replayed = 0;
    for (const entry of entries) {
      try {
        if (!(await heldHere(db, entry))) {
          left.push(entry);
          continue;
        }
        if (isSending(entry)) {
          await recordSendingOutcome(
            db,
            { ...entry.sending, settlement: { ...entry.sending.settlement, via: 'spool' } },
            new Date(entry.at),
          );
        } else if (isRelease(entry)) await releaseFromSpool(db, entry);
        else await completeFromSpool(db, entry);
        replayed += 1;
      } catch {
        left.push(entry);
      }
    }
    // Lines appended while we replayed are kept: re-read and keep what we did not handle.
    const handled = new Set(entries.filter((e) => !left.includes(e)).map((e) => JSON.stringify(e)));
    const now = this.read().filter((e) => !handled.has(JSON.stringify(e)));
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, now.map((e) => `${JSON.stringify(e)}\n`).join(''));
    renameSync(tmp, this.file);
    return { replayed, remaining: now.length };
  }
}
