import { sql } from 'kysely';
import type { Db } from './db';

export interface AuditEvent {
  userId?: string | null;
  userEmail?: string | null;
  role?: string | null;
  action: string;
  objectType?: string | null;
  objectId?: string | null;
  reason?: string | null;
  outcome: 'allowed' | 'denied' | 'succeeded' | 'failed' | 'unknown';
  ip?: string | null;
  requestId?: string | null;
  details?: Record<string, unknown>;
}

export async function recordAudit(db: Db, event: AuditEvent): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      user_id: event.userId ?? null,
      user_email: event.userEmail ?? null,
      role: event.role ?? null,
      action: event.action,
      object_type: event.objectType ?? null,
      object_id: event.objectId ?? null,
      reason: event.reason ?? null,
      outcome: event.outcome,
      ip: event.ip ?? null,
      request_id: event.requestId ?? null,
      details: event.details ? JSON.stringify(event.details) : null,
    })
    .execute();
}

export interface AuditQuery {
  userEmail?: string;
  /** An object id (an account, our MR- reference, …), compared exactly. */
  object?: string;
  action?: string;
  from?: Date;
  to?: Date;
  limit: number;
  before?: string;
  /**
   * Whether `userEmail` may match the address typed at a failed sign-in (no user behind it).
   * Only those who may read that address: otherwise the filter would tell whether someone typed
   * a guessed address, which the view withholds.
   */
  matchesTypedAtFailedSignIn?: boolean;
}

/** Part of an address as the user filter compares it: in any case, LIKE's wildcards literal. */
const addressPart = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Whether `text` is part of no portal user's address, as the user filter compares it: such a
 * filter can match only the address typed at a failed sign-in (or nothing).
 */
export async function partOfNoUserAddress(db: Db, text: string): Promise<boolean> {
  const someone = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, 'like', addressPart(text))
    .limit(1)
    .executeTakeFirst();
  return someone === undefined;
}

export async function queryAudit(db: Db, q: AuditQuery) {
  let query = db.selectFrom('audit_events').selectAll().orderBy('id', 'desc').limit(q.limit);
  // Part of an address is enough ("quinn", "@demo.test"); LIKE's wildcards in it are literal.
  // It matches who acted, the user acted on, and the person a money request was made by or for:
  // an admin's changes to a user (created, linked, role changed, disabled, factors reset) carry
  // that user's email in their details; a held disbursement's approval, rejection and sending
  // carry its maker's (`maker`), and a request settled by reconciliation or a reviewer carries
  // the user it was made for (`forUser`, an id, looked up by address among the portal's users).
  if (q.userEmail) {
    const part = addressPart(q.userEmail);
    query = query.where((eb) => {
      const byWhoActed = eb('user_email', 'like', part);
      return eb.or([
        q.matchesTypedAtFailedSignIn
          ? byWhoActed
          : eb.and([
              byWhoActed,
              eb.not(eb.and([eb('user_id', 'is', null), eb('action', '=', 'sign_in')])),
            ]),
        eb(sql<string>`lower(details->>'email')`, 'like', part),
        eb(sql<string>`lower(details->>'maker')`, 'like', part),
        eb(
          sql<string>`details->>'forUser'`,
          'in',
          eb
            .selectFrom('users')
            .select('id')
            .where(sql<string>`lower(email)`, 'like', part),
        ),
      ]);
    });
  }
  // One object's life: the events that name it as their object, and those about something else
  // that carry it (a held disbursement is audited on its account with our reference in its
  // details; a money request on its reference with its account in its details), or list it among
  // others (a search whose matches showed the account or party, a page of fund moves across
  // accounts). Each is indexed (migrations 0014 and 0026).
  if (q.object) {
    const object = q.object;
    const listed = JSON.stringify([object]);
    query = query.where((eb) =>
      eb.or([
        eb('object_id', '=', object),
        eb(sql<string>`details->>'reference'`, '=', object),
        eb(sql<string>`details->>'accountId'`, '=', object),
        sql<boolean>`details->'accountIds' @> ${listed}::jsonb`,
        sql<boolean>`details->'entityIds' @> ${listed}::jsonb`,
      ]),
    );
  }
  if (q.action) query = query.where('action', '=', q.action);
  if (q.from) query = query.where('at', '>=', q.from);
  if (q.to) query = query.where('at', '<', q.to);
  if (q.before) query = query.where('id', '<', q.before);
  return query.execute();
}

/**
 * The newest audit events of saves of one security's hours, before event `before` when given:
 * saves taken or refused, saves whose answer was lost (`request_outcome_unknown` of the save
 * route `saveRoute`), and settlements of lost saves that are not among them (the save's event
 * never kept, or the check naming none). A settlement naming a lost save of this security is
 * that save's outcome, read with it (securityHoursSettlements), not a change of its own: left
 * out here, one save is one change, and a page holds `limit` changes however often one was
 * checked. Only events whose object is this security (indexed, migration 0008), so no other
 * security's events are ever read.
 */
export async function securityHoursEvents(
  db: Db,
  q: { securityId: string; saveRoute: string; before?: string; limit: number },
) {
  let query = db
    .selectFrom('audit_events')
    .select(['id', 'at', 'user_email', 'action', 'outcome', 'reason', 'request_id', 'details'])
    .where('object_type', '=', 'security')
    .where('object_id', '=', q.securityId)
    .where((eb) =>
      eb.or([
        eb('action', '=', 'security_hours_updated'),
        eb.and([
          eb('action', '=', 'request_outcome_unknown'),
          eb(sql<string>`details->>'route'`, '=', q.saveRoute),
        ]),
        eb.and([
          eb('action', '=', 'security_hours_attempt_settled'),
          eb.not(
            eb.exists(
              eb
                .selectFrom('audit_events as lost')
                .select('lost.id')
                .where('lost.object_type', '=', 'security')
                .where('lost.object_id', '=', q.securityId)
                .where('lost.action', '=', 'request_outcome_unknown')
                .where(sql<string>`lost.details->>'route'`, '=', q.saveRoute)
                .where(
                  sql<boolean>`audit_events.details->'attempts' @> jsonb_build_array(lost.request_id)`,
                ),
            ),
          ),
        ]),
      ]),
    )
    .orderBy('id', 'desc')
    .limit(q.limit);
  if (q.before) query = query.where('id', '<', q.before);
  return query.execute();
}

/** The settlements of lost saves of one security recorded after event `after`, oldest first. */
export async function securityHoursSettlements(
  db: Db,
  q: { securityId: string; after: string; limit: number },
) {
  return db
    .selectFrom('audit_events')
    .select(['id', 'at', 'user_email', 'details'])
    .where('object_type', '=', 'security')
    .where('object_id', '=', q.securityId)
    .where('action', '=', 'security_hours_attempt_settled')
    .where('id', '>', q.after)
    .orderBy('id', 'asc')
    .limit(q.limit)
    .execute();
}

/** A lost save of a security's hours as its audit event kept it. */
export interface LostHoursSave {
  /** Its support id; null when it kept none. */
  attempt: string | null;
  /** The hours it asked for, day by day, as the event keeps them (`09:30–16:00 ET`, `closed`). */
  asked: unknown;
}

/**
 * One lost save of a security's hours (`request_outcome_unknown` of the save route `saveRoute`),
 * by its event id as the changes list names it; undefined when event `id` is no such save of
 * this security.
 */
export async function lostHoursSave(
  db: Db,
  q: { securityId: string; saveRoute: string; id: string },
): Promise<LostHoursSave | undefined> {
  const row = await db
    .selectFrom('audit_events')
    .select(['request_id', sql<unknown>`details->'asked'`.as('asked')])
    .where('id', '=', q.id)
    .where('object_type', '=', 'security')
    .where('object_id', '=', q.securityId)
    .where('action', '=', 'request_outcome_unknown')
    .where(sql<string>`details->>'route'`, '=', q.saveRoute)
    .executeTakeFirst();
  return row ? { attempt: row.request_id, asked: row.asked } : undefined;
}

/** Whether a check of a security's hours has settled the lost save with support id `attempt`. */
export async function hoursSaveSettled(
  db: Db,
  q: { securityId: string; attempt: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('audit_events')
    .select('id')
    .where('object_type', '=', 'security')
    .where('object_id', '=', q.securityId)
    .where('action', '=', 'security_hours_attempt_settled')
    .where(sql<boolean>`details->'attempts' @> jsonb_build_array(${q.attempt}::text)`)
    .executeTakeFirst();
  return row !== undefined;
}
