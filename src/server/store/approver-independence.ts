import { sql } from 'kysely';
import type { Db } from './db';

/**
 * How long an admin's change to someone's sign-in ties the admin to that person's money requests:
 * 30 days, a monthly statement cycle, in which the account's holder sees an account statement
 * naming the movement and the other admins have the audit log's record of the change. A password
 * the admin chose ties them for as long as the person signs in with it, however old.
 */
const INDEPENDENCE_DAYS = 30;

/** Since when a change to a sign-in still ties its admin (INDEPENDENCE_DAYS before `now`). */
export const independenceSince = (now = new Date()) =>
  new Date(now.getTime() - INDEPENDENCE_DAYS * 86_400_000);

/**
 * What an admin did (routes/admin-users.ts) that lets them ask as someone, or speak for them: they
 * created the user, set their password, changed their role, reset their second factors (whoever
 * then knows the password enrols new ones), or linked an account to them.
 */
export type SignInHoldAction =
  | 'user_created'
  | 'user_password_set'
  | 'user_role_changed'
  | 'second_factor_reset'
  | 'user_linked';

/** One admin's act that holds a user's sign-in (signInHolds). */
export interface SignInHold {
  adminId: string;
  adminEmail: string | null;
  action: SignInHoldAction;
  at: Date;
  /** They chose a password the user still signs in with (not changed since by anyone else). */
  knowsPassword: boolean;
}

/**
 * The admins' acts that hold `userId`'s sign-in, newest first: a password an admin chose that the
 * user still signs in with, however old; and, since `since`, the user created, their password
 * set, their role changed, their second factors reset, or (with `accountId`) that account linked
 * to them. Read from the audit log, where every such change is written in the same transaction
 * as the change itself (routes/admin-users.ts). Acts of the user on themselves do not count, nor
 * those of the command line (no acting user): whoever runs it holds the store anyway.
 */
export async function signInHolds(
  db: Db,
  q: { userId: string; accountId?: string; since: Date },
): Promise<SignInHold[]> {
  // A password they chose that is still the user's: none set since by the user or by anyone else.
  const knowsPassword = sql<boolean>`(e.action = 'user_password_set' or (e.action = 'user_created' and e.details->>'password' = 'true'))
    and not exists (select 1 from audit_events later
      where later.object_type = 'user' and later.object_id = ${q.userId}
        and later.outcome = 'succeeded' and later.action in ('password_changed', 'user_password_set')
        and later.user_id is distinct from e.user_id and later.id > e.id)`;
  const rows = await db
    .selectFrom('audit_events as e')
    .select(['e.user_id', 'e.user_email', 'e.action', 'e.at', knowsPassword.as('knows_password')])
    .where('e.outcome', '=', 'succeeded')
    .where('e.user_id', 'is not', null)
    .where('e.user_id', '!=', q.userId)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('e.object_type', '=', 'user'),
          eb('e.object_id', '=', q.userId),
          eb('e.action', 'in', [
            'user_created',
            'user_password_set',
            'user_role_changed',
            'second_factor_reset',
          ]),
        ]),
        ...(q.accountId
          ? [
              eb.and([
                eb('e.object_type', '=', 'account'),
                eb('e.object_id', '=', q.accountId),
                eb('e.action', '=', 'user_linked'),
                eb(sql<string>`e.details->>'userId'`, '=', q.userId),
              ]),
            ]
          : []),
      ]),
    )
    .orderBy('e.id', 'desc')
    .execute();
  return rows
    .filter((r) => r.knows_password || r.at >= q.since)
    .map((r) => ({
      adminId: r.user_id!,
      adminEmail: r.user_email,
      action: r.action as SignInHoldAction,
      at: r.at,
      knowsPassword: Boolean(r.knows_password),
    }));
}

/** What ties an approver to a held disbursement's maker (approverTieToMaker). */
export interface ApproverTie extends SignInHold {
  /**
   * Where the admin holding the maker's sign-in (the hold above) is not the approver: the admin
   * who holds both sides, directly or through admins they set up in turn. The approver themself
   * (an admin they set up holds the maker), the maker's admin (they set up the approver), or a
   * third who set up both. An admin cannot make other admins to set a user up or to approve.
   */
  through?: { adminId: string; adminEmail: string | null };
}

/** Of one admin's holds, the one that says most: a password still known, else the newest. */
const strongest = (holds: readonly SignInHold[]) => holds.find((h) => h.knowsPassword) ?? holds[0];

/**
 * `userId` and every admin who holds their sign-in (signInHolds), then theirs in turn, each once:
 * who can act as them, or as one who can. Each with their email where the audit log names it.
 */
async function holdersOf(db: Db, userId: string, since: Date): Promise<Map<string, string | null>> {
  const holders = new Map<string, string | null>([[userId, null]]);
  let frontier = [userId];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const held of frontier) {
      for (const hold of await signInHolds(db, { userId: held, since })) {
        if (holders.has(hold.adminId)) continue;
        holders.set(hold.adminId, hold.adminEmail);
        next.push(hold.adminId);
      }
    }
    frontier = next;
  }
  return holders;
}

/**
 * Whether `approverId` is independent of the maker of a held disbursement from `accountId`: not
 * when an admin holds the maker's sign-in (signInHolds) and that admin and the approver share a
 * holder (holdersOf, each counting as their own): the approver is that admin, or holds them, or
 * is held by them, or both were set up by a third. Otherwise one admin could create a user, link
 * someone else's account to them, ask as them, and approve as a second admin they made, or make
 * the user as a second admin and approve as themself: two people on paper, one in fact.
 */
export async function approverTieToMaker(
  db: Db,
  q: { approverId: string; makerId: string; accountId: string; since: Date },
): Promise<ApproverTie | undefined> {
  const makerHolds = await signInHolds(db, {
    userId: q.makerId,
    accountId: q.accountId,
    since: q.since,
  });
  if (makerHolds.length === 0) return undefined;
  const holdsBy = (adminId: string) => strongest(makerHolds.filter((h) => h.adminId === adminId));
  const direct = holdsBy(q.approverId);
  if (direct) return direct;
  const approverSide = await holdersOf(db, q.approverId, q.since);
  for (const adminId of new Set(makerHolds.map((h) => h.adminId))) {
    const makerSide = await holdersOf(db, adminId, q.since);
    const common = [...makerSide.keys()].find((id) => approverSide.has(id));
    if (common !== undefined) {
      return {
        ...holdsBy(adminId)!,
        through: {
          adminId: common,
          adminEmail: makerSide.get(common) ?? approverSide.get(common) ?? null,
        },
      };
    }
  }
  return undefined;
}
