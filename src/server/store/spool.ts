import {
  appendFileSync,
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { recordSendingOutcome, type SendingOutcome } from './approvals';
import type { AuditEvent } from './audit';
import { storeIdOf, type Db } from './db';
import {
  completeFromSpool,
  releaseFromSpool,
  scopeIs,
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
 *
 * Every line ends where a person or an operator sees it: replayed into the store; or, when the
 * row it settles is gone from the store it was written for (pruned, deleted), logged once at warn
 * with its reference and dropped; or, when it was written for another store (or before lines
 * named one), kept, and logged once at warn per process, for an operator to replay it there.
 */
interface SpooledFor {
  /** The store the line was written for (db.ts `storeIdOf`); absent on lines from before it. */
  store?: string;
}

export interface SpoolEntry extends SpooledFor {
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
export interface SpooledSending extends SpooledFor {
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
export interface SpooledRelease extends SpooledFor {
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
 * Whether this store holds what a line settles: the approval it sends, the register row of its
 * reference, or (a request without one, such as an issuer account's save) its idempotency
 * record, claimed before the platform was asked. A line whose row this store does not hold was
 * written for another store, or its row is gone since (`replay` tells which).
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
  if (!line.reference) {
    const record = await db
      .selectFrom('idempotency_records')
      .select('key')
      .where(scopeIs(line.scope))
      .executeTakeFirst();
    return Boolean(record);
  }
  const row = await db
    .selectFrom('money_requests')
    .select('reference')
    .where('reference', '=', line.reference)
    .executeTakeFirst();
  return Boolean(row);
}

/** What an operator is told of a line: what it settles, never the answer's body or the audits. */
function whatItSettles(line: SpoolLine) {
  if (isSending(line)) {
    return {
      reference: line.sending.reference,
      approvalId: line.sending.approvalId,
      outcome: line.sending.state,
      spooledAt: line.at,
    };
  }
  return {
    reference: line.reference,
    route: line.scope.route,
    key: line.scope.key,
    outcome: isRelease(line) ? 'not_sent' : line.outcome.state,
    spooledAt: line.at,
  };
}

/** Where the spool tells an operator of the lines it drops or cannot replay here. */
export interface SpoolLog {
  warn(details: object, message: string): void;
}

/** Whether the file open at `fd` ends in the middle of a line. */
function endsTorn(fd: number): boolean {
  const { size } = fstatSync(fd);
  if (size === 0) return false;
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  return last[0] !== 0x0a;
}

export class OutcomeSpool {
  /** The lines already told as kept for another store, by their text (told once per process). */
  private readonly toldKept = new Set<string>();

  constructor(
    readonly file: string,
    private readonly options: {
      /** The store this process writes to (db.ts `storeIdOf`): named on every line appended. */
      storeId?: string;
      log?: SpoolLog;
    } = {},
  ) {}

  /** Appends one entry durably (write + fsync). Throws only when the disk itself fails. */
  append(entry: SpoolLine): void {
    mkdirSync(path.dirname(this.file), { recursive: true });
    const line = { ...entry, store: entry.store ?? this.options.storeId };
    // Money outcomes: this user's only, as the data folder is (private-folder.ts).
    const fd = openSync(this.file, 'a+', 0o600);
    try {
      // A line torn by a crash mid-append ends without its newline: this one starts on a line of
      // its own, or it would be read glued to the torn one and dropped with it (read()).
      appendFileSync(fd, `${endsTorn(fd) ? '\n' : ''}${JSON.stringify(line)}\n`);
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
   * Writes every entry into the store. One whose row (heldHere) is gone from the store it was
   * written for is logged at warn with its reference and dropped: nothing is left to settle, and
   * writing it would bring back a row that was removed. One written for another store, or before
   * lines named their store, stays (logged once at warn), as do those that still fail: a line
   * leaves the spool only once the store holds its outcome or has proved it need not. Returns how
   * many were replayed, dropped, and remain.
   */
  async replay(db: Db): Promise<{ replayed: number; remaining: number; dropped: number }> {
    const entries = this.read();
    if (entries.length === 0) return { replayed: 0, remaining: 0, dropped: 0 };
    const left: SpoolLine[] = [];
    let replayed = 0;
    let dropped = 0;
    const here = storeIdOf(db);
    for (const entry of entries) {
      try {
        if (!(await heldHere(db, entry))) {
          if (here && entry.store === here) {
            dropped += 1;
            this.options.log?.warn(
              whatItSettles(entry),
              'spooled outcome dropped: its row is gone from the store it was written for (pruned or deleted), so there is nothing left to settle',
            );
            continue;
          }
          left.push(entry);
          const text = JSON.stringify(entry);
          if (!this.toldKept.has(text)) {
            this.toldKept.add(text);
            this.options.log?.warn(
              { ...whatItSettles(entry), store: entry.store ?? null },
              'spooled outcome kept: this store does not hold its row, and the line was written for another store (or names none); replay it into that store, or remove the line once checked',
            );
          }
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
    writeFileSync(tmp, now.map((e) => `${JSON.stringify(e)}\n`).join(''), { mode: 0o600 });
    renameSync(tmp, this.file);
    return { replayed, remaining: now.length, dropped };
  }
}
