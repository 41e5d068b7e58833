import { sentIssuerAccountSchema, type SentIssuerAccount } from '../../contract/issuer-workspace';
import type { Db } from './db';
import { recordAudit, type AuditEvent } from './audit';
import { findRow } from './rows';

/*
 * What the portal keeps beside the upstream: the issuer account as saved (createIssuerAccount
 * only creates and the document names no read or update, §4.6), and reviewers' notes on accounts.
 */

export async function findSavedIssuerAccount(db: Db, issuerId: string) {
  const row = await findRow(db, 'saved_issuer_accounts', 'issuer_id', issuerId);
  return row
    ? {
        records: row.records,
        savedAt: new Date(row.saved_at),
        savedBy: row.saved_by,
        confirmedByHand: row.confirmed_by_hand ?? null,
      }
    : null;
}

export async function storeSavedIssuerAccount(
  db: Db,
  issuerId: string,
  records: unknown,
  savedBy: string,
  confirmedByHand: string | null = null,
  savedAt = new Date(),
): Promise<void> {
  const values = {
    records: JSON.stringify(records),
    saved_by: savedBy,
    saved_at: savedAt,
    confirmed_by_hand: confirmedByHand,
  };
  await db
    .insertInto('saved_issuer_accounts')
    .values({ issuer_id: issuerId, ...values })
    .onConflict((oc) => oc.column('issuer_id').doUpdateSet(values))
    .execute();
}

/** The audit actions that open and close the question "does the platform hold this save?". */
const UNKNOWN_ACTION = 'request_outcome_unknown';
export const ISSUER_ACCOUNT_SETTLED_ACTION = 'issuer_account_attempts_settled';

export interface UnsettledAttempt {
  /**
   * When the save was sent (its claim), as the unknown outcome's audit event keeps it; for an
   * event recorded before it did, when the outcome was found lost.
   */
  at: Date;
  by: string | null;
  requestId: string | null;
  /** What was sent (masked), as the unknown outcome's audit event keeps it; null before it did. */
  sent: SentIssuerAccount | null;
}

/**
 * Saves of an issuer account whose outcome is unknown and that nobody has settled since. The
 * audit log is where they are recorded, in the transaction that recorded the unknown outcome
 * (routes/define.ts), so it is also where they are read: an attempt counts until a later
 * settlement of the same issuer.
 */
export async function listUnsettledIssuerAccountAttempts(
  db: Db,
  issuerId: string,
  /** The save's route, as its unknown outcomes name it (`POST /api/issuers/:issuerId/…`). */
  saveRoute: string,
): Promise<UnsettledAttempt[]> {
  const lastSettled = await db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('object_type', '=', 'issuer')
    .where('object_id', '=', issuerId)
    .where('action', '=', ISSUER_ACCOUNT_SETTLED_ACTION)
    .executeTakeFirst();
  const rows = await db
    .selectFrom('audit_events')
    // An attempt whose instance stopped is audited by the sweep, which knows the user by id only.
    .leftJoin('users', 'users.id', 'audit_events.user_id')
    .select(['audit_events.at', 'audit_events.details', 'audit_events.request_id'])
    .select((eb) => eb.fn.coalesce('audit_events.user_email', 'users.email').as('by'))
    .where('audit_events.object_type', '=', 'issuer')
    .where('audit_events.object_id', '=', issuerId)
    .where('audit_events.action', '=', UNKNOWN_ACTION)
    .where('audit_events.id', '>', lastSettled?.id ?? '0')
    .orderBy('audit_events.id', 'asc')
    .limit(100)
    .execute();
  return rows
    .filter((row) => (row.details as { route?: string } | null)?.route === saveRoute)
    .map((row) => {
      const details = row.details as { sent?: unknown; sentAt?: unknown } | null;
      const sent = sentIssuerAccountSchema.safeParse(details?.sent);
      // The save carries no reference of ours (§4.6): the platform is asked about it by when it
      // was sent, which a sweep may have found out hours later (the event's own time).
      const sentAt = typeof details?.sentAt === 'string' ? new Date(details.sentAt) : null;
      return {
        at: sentAt && !Number.isNaN(sentAt.getTime()) ? sentAt : new Date(row.at),
        by: row.by,
        requestId: row.request_id,
        sent: sent.success ? sent.data : null,
      };
    });
}

/**
 * Records what the platform said about the lost saves, with its audit event, in one transaction:
 * "stored" keeps the account as saved without a copy of its details; "not_stored" only closes
 * the attempts, so the form may be sent again.
 */
export async function settleIssuerAccountAttempts(
  db: Db,
  issuerId: string,
  outcome: 'stored' | 'not_stored',
  settledBy: string,
  event: AuditEvent,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    if (outcome === 'stored') {
      await storeSavedIssuerAccount(tx, issuerId, { records: [] }, settledBy, settledBy);
    }
    await recordAudit(tx, event);
  });
}

export interface AccountNoteRow {
  id: string;
  accountId: string;
  authorEmail: string;
  body: string;
  createdAt: Date;
}

export async function listAccountNotes(db: Db, accountId: string): Promise<AccountNoteRow[]> {
  const rows = await db
    .selectFrom('account_notes')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    accountId: row.account_id,
    authorEmail: row.author_email,
    body: row.body,
    createdAt: new Date(row.created_at),
  }));
}

export async function addAccountNote(
  db: Db,
  note: { accountId: string; authorId: string; authorEmail: string; body: string },
): Promise<AccountNoteRow> {
  const row = await db
    .insertInto('account_notes')
    .values({
      account_id: note.accountId,
      author_id: note.authorId,
      author_email: note.authorEmail,
      body: note.body,
      created_at: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return {
    id: String(row.id),
    accountId: row.account_id,
    authorEmail: row.author_email,
    body: row.body,
    createdAt: new Date(row.created_at),
  };
}
