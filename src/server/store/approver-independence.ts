import { sql } from 'kysely';
import type { Db } from './db';

/** What an approver did that ties them to a held disbursement's maker, from the audit log. */
export interface ApproverTie {
  action: 'user_created' | 'user_password_set' | 'user_role_changed' | 'user_linked';
  at: Date;
  /** They chose a password the maker still signs in with (the maker has not changed it since). */
  knowsPassword: boolean;
}

/**
 * The latest act of `approverId` that gave the maker the power to ask for this disbursement: they
 * created the maker, set the maker's password, changed the maker's role, or linked this account to
 * the maker, since `since`. A password they chose ties them for as long as the maker signs in
 * with it, however old (whoever knows it can ask as the maker): until the maker changes it, or
 * someone else sets another. Read from the audit log, where every such change is written in the
 * same transaction as the change itself (routes/admin-users.ts), by the approver's index.
 */
export async function approverTieToMaker(
  db: Db,
  q: { approverId: string; makerId: string; accountId: string; since: Date },
): Promise<ApproverTie | undefined> {
  // A password they chose that is still the maker's: none set since by the maker or by anyone else.
  const knowsPassword = sql<boolean>`(e.action = 'user_password_set' or (e.action = 'user_created' and e.details->>'password' = 'true'))
    and not exists (select 1 from audit_events later
      where later.object_type = 'user' and later.object_id = ${q.makerId}
        and later.outcome = 'succeeded' and later.action in ('password_changed', 'user_password_set')
        and later.user_id is distinct from ${q.approverId} and later.id > e.id)`;
  const row = await db
    .selectFrom('audit_events as e')
    .select(['e.action', 'e.at', knowsPassword.as('knows_password')])
    .where('e.user_id', '=', q.approverId)
    .where('e.outcome', '=', 'succeeded')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('e.object_type', '=', 'user'),
          eb('e.object_id', '=', q.makerId),
          eb('e.action', 'in', ['user_created', 'user_password_set', 'user_role_changed']),
        ]),
        eb.and([
          eb('e.object_type', '=', 'account'),
          eb('e.object_id', '=', q.accountId),
          eb('e.action', '=', 'user_linked'),
          eb(sql<string>`e.details->>'userId'`, '=', q.makerId),
        ]),
      ]),
    )
    .orderBy('e.id', 'desc')
    .execute();
  const tie = row.find((r) => r.knows_password) ?? row.find((r) => r.at >= q.since);
  return tie
    ? {
        action: tie.action as ApproverTie['action'],
        at: tie.at,
        knowsPassword: Boolean(tie.knows_password),
      }
    : undefined;
}
