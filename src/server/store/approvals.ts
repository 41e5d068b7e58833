import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db } from './db';
import { recordAudit, type AuditEvent } from './audit';
import { settleMoneyRequest, type MoneyRequestSettlement } from './money-requests';
import { findRow } from './rows';
import { isOneProcessStore, liveInstances } from './instances';
import type { ApprovalState, Database } from './schema';

/**
 * What became of a decided approval's sending, as stored: the platform's request id once sent, the
 * message its investor reads, and, where staff are told otherwise, theirs (contract `staffMessage`).
 */
export interface ApprovalOutcome {
  requestId?: string;
  message?: string;
  staffMessage?: string;
}

/**
 * Maker-checker on large disbursements: the request waits here until a second person approves
 * it. `pending` → `sending` (claimed by exactly one checker) → `sent` | `not_sent` | `unknown`;
 * or `pending` → `rejected`. Every state names what happened to the money.
 */
export interface ApprovalRecord {
  id: string;
  accountId: string;
  makerUserId: string;
  makerEmail: string;
  amount: string;
  type: string;
  request: unknown;
  state: ApprovalState;
  checkerUserId: string | null;
  checkerEmail: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  outcome: ApprovalOutcome | null;
  /** The register's row for the request (money-requests.ts); null for one held before 0011. */
  moneyReference: string | null;
  /** The instance that is sending it, once approved (instances.ts); null before 0019. */
  sendingOwner: string | null;
}

/** A row as the store reads it. */
type Row = Selectable<Database['disbursement_approvals']>;

const toRecord = (r: Row): ApprovalRecord => ({
  id: r.id,
  accountId: r.account_id,
  makerUserId: r.maker_user_id,
  makerEmail: r.maker_email,
  amount: r.amount,
  type: r.type,
  request: r.request,
  state: r.state,
  checkerUserId: r.checker_user_id,
  checkerEmail: r.checker_email,
  createdAt: r.created_at,
  decidedAt: r.decided_at,
  outcome: (r.outcome as ApprovalRecord['outcome']) ?? null,
  moneyReference: r.money_reference,
  sendingOwner: r.sending_owner,
});

/** Moves a request's approvals that stand in one of `from` to `to`, saying why. */
async function moveApprovalsOf(
  tx: Db,
  moneyReference: string,
  from: readonly ApprovalState[],
  to: ApprovalState,
  message: string,
): Promise<void> {
  await tx
    .updateTable('disbursement_approvals')
    .set({ state: to, outcome: JSON.stringify({ message }) })
    .where('money_reference', '=', moneyReference)
    .where('state', 'in', from)
    .execute();
}

/** Closes the approvals of a request still waiting for a decision, as not sent, saying why. */
export const closeWaitingApprovals = (tx: Db, moneyReference: string, message: string) =>
  moveApprovalsOf(tx, moneyReference, ['pending'], 'not_sent', message);

/** The register's message of a request held for approval: the approval it waits on. */
export const heldMessage = (approvalId: string) => `Approval ${approvalId}.`;

export async function holdForApproval(
  db: Db,
  input: {
    accountId: string;
    maker: { id: string; email: string };
    amount: string;
    type: string;
    request: unknown;
    moneyReference: string | null;
  },
  now = new Date(),
): Promise<ApprovalRecord> {
  // One request, one approval waiting: a request held again under its reference (sent again
  // with its key after it was not sent) replaces any approval of it still waiting, which could
  // otherwise send the same money a second time.
  if (input.moneyReference) {
    await closeWaitingApprovals(
      db,
      input.moneyReference,
      'Held again under the same reference: this approval was replaced by the new one.',
    );
  }
  const row = await db
    .insertInto('disbursement_approvals')
    .values({
      id: randomUUID(),
      account_id: input.accountId,
      maker_user_id: input.maker.id,
      maker_email: input.maker.email,
      amount: input.amount,
      type: input.type,
      request: JSON.stringify(input.request),
      state: 'pending',
      money_reference: input.moneyReference,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

export async function getApproval(db: Db, id: string): Promise<ApprovalRecord | null> {
  const row = await findRow(db, 'disbursement_approvals', 'id', id);
  return row ? toRecord(row) : null;
}

/** What narrows both sections of the approvals page (each field optional; all apply together). */
export interface ApprovalListFilter {
  /** Whose requests may be listed at all (an investor's linked accounts). */
  accountIds?: string[];
  accountId?: string;
  /** Bounds of the amount, inclusive, as exact decimal strings. */
  minAmount?: string;
  maxAmount?: string;
  /** A part of the maker's email. */
  maker?: string;
  /** Our reference of the request it holds. */
  reference?: string;
  approvalId?: string;
}

/** The two sections of the approvals page: waiting for a decision, and decided. */
export type ApprovalSectionName = 'waiting' | 'decided';

/**
 * One slice of a section, with how many the section holds in all. Waiting: the longest wait
 * first, so the request that has waited longest is decided first. Decided: the latest decision
 * first. The id breaks ties, so a slice never repeats or skips a row held at the same instant.
 */
export async function listApprovals(
  db: Db,
  filter: ApprovalListFilter & {
    section: ApprovalSectionName;
    offset?: number;
    limit?: number;
  },
): Promise<{ records: ApprovalRecord[]; total: number }> {
  if (filter.accountIds?.length === 0) return { records: [], total: 0 };
  let base = db
    .selectFrom('disbursement_approvals')
    .where('state', filter.section === 'waiting' ? '=' : '!=', 'pending');
  if (filter.accountIds) base = base.where('account_id', 'in', filter.accountIds);
  if (filter.accountId) base = base.where('account_id', '=', filter.accountId);
  // Amounts are exact decimals kept as text: compared as numbers, never as text ("900" < "1000").
  if (filter.minAmount)
    base = base.where(sql<boolean>`cast(amount as numeric) >= ${filter.minAmount}::numeric`);
  if (filter.maxAmount)
    base = base.where(sql<boolean>`cast(amount as numeric) <= ${filter.maxAmount}::numeric`);
  // A part of the maker's email in any letter case, matched as plain text (no LIKE wildcards).
  if (filter.maker) {
    base = base.where(sql<boolean>`strpos(lower(maker_email), ${filter.maker.toLowerCase()}) > 0`);
  }
  if (filter.reference) base = base.where('money_reference', '=', filter.reference);
  if (filter.approvalId) base = base.where('id', '=', filter.approvalId);
  let query = base.selectAll();
  query =
    filter.section === 'waiting'
      ? query.orderBy('created_at', 'asc')
      : query.orderBy(sql`coalesce(decided_at, created_at)`, 'desc').orderBy('created_at', 'desc');
  const [rows, counted] = await Promise.all([
    query
      .orderBy('id', 'asc')
      .offset(filter.offset ?? 0)
      .limit(filter.limit ?? 50)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { records: rows.map((r) => toRecord(r)), total: Number(counted.n) };
}

/**
 * One checker, other than the maker, moves a pending request on: `sending` to approve or
 * `rejected`. Null when it was no longer pending (another checker was first) or the checker is
 * the maker, so a request is sent upstream at most once.
 */
export async function decide(
  db: Db,
  id: string,
  checker: { id: string; email: string },
  to: 'sending' | 'rejected',
  now = new Date(),
  /** What the approvals page says of the decision (a rejection's reason). */
  message?: string,
  /** The instance that sends an approved request (see `sendsCutOff`). */
  owner?: string,
): Promise<ApprovalRecord | null> {
  const row = await db
    .updateTable('disbursement_approvals')
    .set({
      state: to,
      checker_user_id: checker.id,
      checker_email: checker.email,
      decided_at: now,
      ...(message ? { outcome: JSON.stringify({ message }) } : {}),
      ...(to === 'sending' && owner ? { sending_owner: owner } : {}),
    })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .where('maker_user_id', '!=', checker.id)
    .returningAll()
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/**
 * An approved request whose answer was lost (`unknown`), or whose process stopped mid-call
 * (`sending`), follows its register row when reconciliation or a reviewer settles it, so the
 * approvals page and the register never tell two stories. So does one still waiting (`pending`)
 * whose register row was settled: its hold's answer was never recorded, and a reviewer found it
 * never reached the platform, or found it there. It can no longer be approved and sent while the
 * register says it was not, or was already.
 */
export async function settleApprovalOfRequest(
  tx: Db,
  moneyReference: string,
  state: 'sent' | 'not_sent',
  message: string,
): Promise<void> {
  await moveApprovalsOf(tx, moneyReference, ['pending', 'sending', 'unknown'], state, message);
}

/**
 * The approval waiting for a decision that is the request's hold, if any: the request's latest
 * approval, waiting, with none of its approvals ever approved (an approved one's sending may have
 * made the row unknown, and then its outcome is the platform's to tell, not a hold's).
 */
export async function waitingApprovalOf(tx: Db, moneyReference: string): Promise<string | null> {
  const approvals = await tx
    .selectFrom('disbursement_approvals')
    .select(['id', 'state'])
    .where('money_reference', '=', moneyReference)
    .orderBy('created_at', 'desc')
    .execute();
  if (approvals.some((a) => ['sending', 'unknown', 'sent'].includes(a.state))) return null;
  return approvals[0]?.state === 'pending' ? approvals[0].id : null;
}

/**
 * Of these approvals, the ones still `sending` whose sending instance is gone (killed mid-call):
 * no call of theirs can be running, so they read "outcome unknown" at once, on any instance,
 * rather than "being sent" until the in-flight window has passed. Those of a live instance, and
 * those approved before owners were kept (no owner), are left to the window.
 */
export async function sendsCutOff(
  db: Db,
  approvals: readonly Pick<ApprovalRecord, 'id' | 'state' | 'sendingOwner'>[],
): Promise<Set<string>> {
  const sending = approvals.filter((a) => a.state === 'sending' && a.sendingOwner);
  const live = await liveInstances(
    db,
    sending.map((a) => a.sendingOwner!),
  );
  return new Set(sending.filter((a) => !live.has(a.sendingOwner!)).map((a) => a.id));
}

/**
 * At start-up: an approval still `sending` whose process is gone has no call running. On a store
 * only this process opens (PGlite) that is every one not sent by an instance of this process; on a
 * PostgreSQL server, those whose instance is gone (`sendsCutOff`). It is stored as "outcome
 * unknown" (`outcomeOf` its reference), as it already reads; its register row is unknown already,
 * and reconciliation settles both. Answers how many it ended.
 */
export async function endSendsOfStoppedProcess(
  db: Db,
  outcomeOf: (moneyReference: string | null) => ApprovalOutcome,
): Promise<number> {
  const rows = await db
    .selectFrom('disbursement_approvals')
    .select(['id', 'state', 'money_reference', 'sending_owner'])
    .where('state', '=', 'sending')
    .execute();
  const sending = rows.map((row) => ({
    id: row.id,
    state: row.state,
    // On PGlite, one sent before owners were kept was sent by a process that has stopped.
    sendingOwner: row.sending_owner ?? (isOneProcessStore(db) ? 'a process before 0019' : null),
  }));
  const cut = await sendsCutOff(db, sending);
  for (const row of rows) {
    if (!cut.has(row.id)) continue;
    await db
      .updateTable('disbursement_approvals')
      .set({
        state: 'unknown',
        outcome: JSON.stringify(outcomeOf(row.money_reference)),
      })
      .where('id', '=', row.id)
      .where('state', '=', 'sending')
      .execute();
  }
  return cut.size;
}

/**
 * An approved request settled "not sent" that the platform lists after all (reconciliation's
 * safety net): its approval says it was sent, as its register row now does.
 */
export async function correctApprovalOfRequest(
  tx: Db,
  moneyReference: string,
  message: string,
): Promise<void> {
  await moveApprovalsOf(tx, moneyReference, ['not_sent'], 'sent', message);
}

/**
 * The approvals of these register rows still `sending` (approved, the call not finished, its
 * instance alive or not known): when each was approved, by our reference, so the register can say
 * it is being sent. One whose instance is gone (`sendsCutOff`) is not: its row reads unknown.
 */
export async function approvedSendingOf(
  db: Db,
  moneyReferences: readonly string[],
): Promise<Map<string, Date>> {
  if (moneyReferences.length === 0) return new Map();
  const rows = await db
    .selectFrom('disbursement_approvals')
    .select(['id', 'state', 'money_reference', 'decided_at', 'sending_owner'])
    .where('money_reference', 'in', [...moneyReferences])
    .where('state', '=', 'sending')
    .execute();
  const cut = await sendsCutOff(
    db,
    rows.map((row) => ({ id: row.id, state: row.state, sendingOwner: row.sending_owner })),
  );
  const sending = new Map<string, Date>();
  for (const row of rows) {
    if (cut.has(row.id)) continue;
    if (row.money_reference && row.decided_at) sending.set(row.money_reference, row.decided_at);
  }
  return sending;
}

/**
 * The second person's decision on each of these register rows held for approval, by our
 * reference: approved (whatever became of the sending) or rejected, when, and by whom (the
 * checker's address, for staff only).
 */
export async function decisionsOf(
  db: Db,
  moneyReferences: readonly string[],
): Promise<Map<string, { approved: boolean; decidedAt: Date; checkerEmail: string | null }>> {
  if (moneyReferences.length === 0) return new Map();
  const rows = await db
    .selectFrom('disbursement_approvals')
    .select(['money_reference', 'state', 'decided_at', 'checker_email'])
    .where('money_reference', 'in', [...moneyReferences])
    .where('state', '!=', 'pending')
    .execute();
  const decided = new Map<
    string,
    { approved: boolean; decidedAt: Date; checkerEmail: string | null }
  >();
  for (const row of rows) {
    if (!row.money_reference || !row.decided_at) continue;
    decided.set(row.money_reference, {
      approved: row.state !== 'rejected',
      decidedAt: row.decided_at,
      checkerEmail: row.checker_email,
    });
  }
  return decided;
}

/**
 * What became of an approved disbursement's sending: its approval, its register row and the audit
 * event of the sending, written together (routes/approvals.ts), or spooled together when the
 * store cannot take them (spool.ts) and replayed from there.
 */
export interface SendingOutcome {
  approvalId: string;
  state: 'sent' | 'not_sent' | 'unknown';
  outcome: ApprovalOutcome;
  reference: string | null;
  settlement: MoneyRequestSettlement;
  audits: AuditEvent[];
}

/** The audit action of a held disbursement's sending, whatever its outcome. */
export const HELD_SENT_ACTION = 'held_disbursement_sent';

/**
 * Records a sending's outcome in one transaction. Moves on only what is still where the approval
 * left it (a reconciliation pass or a reviewer may have settled it meanwhile), and writes the
 * sending's audit event once, so a replay of the same outcome changes nothing. Returns the
 * approval as it now stands.
 */
export async function recordSendingOutcome(
  db: Db,
  sending: SendingOutcome,
  now = new Date(),
): Promise<ApprovalRecord | null> {
  return db.transaction().execute(async (tx) => {
    await tx
      .updateTable('disbursement_approvals')
      .set({ state: sending.state, outcome: JSON.stringify(sending.outcome) })
      .where('id', '=', sending.approvalId)
      .where('state', 'in', ['sending', 'unknown'])
      .execute();
    if (sending.reference) {
      const row = await findRow(tx, 'money_requests', 'reference', sending.reference, {
        forUpdate: true,
      });
      if (row?.outcome === 'unknown') {
        await settleMoneyRequest(tx, sending.reference, sending.settlement, now);
      }
    }
    const logged = await tx
      .selectFrom('audit_events')
      .select('id')
      .where('action', '=', HELD_SENT_ACTION)
      .where(sql<string>`details->>'approvalId'`, '=', sending.approvalId)
      .executeTakeFirst();
    if (!logged) for (const event of sending.audits) await recordAudit(tx, event);
    const approval = await findRow(tx, 'disbursement_approvals', 'id', sending.approvalId);
    return approval ? toRecord(approval) : null;
  });
}
