import {
  accountHolderParamsSchema,
  accountHolderSchema,
  addLinkSchema,
  adminUserParamsSchema,
  ADMIN_USERS_PAGE_SIZE,
  adminUserSchema,
  adminUsersQuerySchema,
  adminUsersSchema,
  changeRoleSchema,
  createUserSchema,
  PASSWORD_NEEDED_WITHOUT_SSO,
  linkParamsSchema,
  linksDroppedBy,
  setDisabledSchema,
  setUserPasswordSchema,
  type AdminUser,
  type LinkKind,
} from '../../contract/identity';
import type { Deps } from '../deps';
import { HttpError } from '../lib/http-error';
import { isUniqueViolation } from '../lib/store-errors';
import {
  accountOfOtherUserMustBeConfirmed,
  kindMustSuitRole,
  linkMustBeKnown,
  otherHoldersOf,
  securityMustBeOfTheirIssuers,
} from '../lib/link-checks';
import { getAccount } from '../upstream';
import { recordAudit } from '../store/audit';
import type { Db } from '../store/db';
import { whileHolding } from '../store/keyed-lock';
import { resetFactors } from '../store/second-factors';
import { revokeUserSessions } from '../store/sessions';
import {
  createUser,
  findUserIdByEmail,
  findUserRecord,
  findUsers,
  hashPassword,
  link,
  listUsersWithDetails,
  normalizeEmail,
  setDisabled,
  setPasswordHash,
  setRole,
  unlink,
  securityUnlinkedEvent,
  unlinkWithDependents,
  type UserRow,
} from '../store/users';
import { attributed, defineRoute, type RouteContext, type RouteSpec } from './define';

/**
 * How an admin sees what a change to a user became when the store stopped answering after it was
 * made (RouteSpec `afterChange`).
 */
const SEE_THE_USER_AGAIN =
  'Reload the Users page to see this user as they are now before changing them again.';

/** Users in the browser for admins; every change is audited. `npm run users` stays for scripts. */
const toAdminUser = (u: UserRow): AdminUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  disabled: u.disabled,
  demo: u.demo,
  createdAt: u.createdAt.toISOString(),
  signInMethods: [
    ...(u.hasPassword ? ['password' as const] : []),
    ...(u.hasOidc ? ['oidc' as const] : []),
  ],
  secondFactors: u.secondFactors,
  ...u.links,
});

async function target(deps: Deps, userId: string): Promise<UserRow> {
  const [row] = await listUsersWithDetails(deps.db, userId);
  if (!row) throw new HttpError('not_found', 'No such user.');
  return row;
}

/** A link the user has already: refused on upstreamId, nothing changed. */
const alreadyLinked = (email: string, kind: LinkKind, upstreamId: string) => {
  const message = `${email} is linked to ${kind} ${upstreamId} already. Nothing was changed.`;
  return new HttpError('conflict', message, {
    submitted: 'no',
    fields: [{ field: 'upstreamId', message }],
  });
};

/**
 * Adds or removes one link of a user, audited with the user's email, and answers the user. A
 * link its check refuses is audited too, as denied with the reason (or failed, when the platform
 * could not answer the check): an attempt to give someone another party's records is worth
 * finding in the log even when nothing was linked.
 */
async function changeLink(
  deps: Deps,
  audit: RouteContext<unknown, unknown, unknown>['audit'],
  /** Writes an audit event of this request's admin in the given transaction. */
  record: (tx: Db, event: UserEvent) => Promise<void>,
  action: 'user_linked' | 'user_unlinked',
  userId: string,
  { kind, upstreamId }: { kind: LinkKind; upstreamId: string },
  change: (db: Db, userId: string, kind: LinkKind, upstreamId: string) => Promise<unknown>,
  changeMade: () => void,
  /** A check of the link itself, once the user is known to exist; answers audit details. */
  check?: (before: UserRow) => Promise<Record<string, unknown>>,
): Promise<AdminUser> {
  const before = await target(deps, userId);
  // A link the user has already: nothing to ask the platform, and a second "linked" event would
  // tell a reader of the log it was made again.
  if (action === 'user_linked' && before.links[`${kind}Ids`].includes(upstreamId)) {
    throw alreadyLinked(before.email, kind, upstreamId);
  }
  let checked: Record<string, unknown>;
  try {
    checked = (await check?.(before)) ?? {};
  } catch (err) {
    if (err instanceof HttpError) {
      await audit({
        action,
        objectType: kind,
        objectId: upstreamId,
        outcome: err.code === 'bad_request' ? 'denied' : 'failed',
        details: { userId, email: before.email, reason: err.message },
      });
    }
    throw err;
  }
  // The link and its audit event are one transaction: a link never changes unaudited.
  await deps.db.transaction().execute(async (tx) => {
    if ((await change(tx, userId, kind, upstreamId)) === false) {
      // Linked meanwhile by another admin: as above.
      if (action === 'user_linked') throw alreadyLinked(before.email, kind, upstreamId);
      // Nothing was removed (never linked, or removed meanwhile by another admin): an
      // "unlinked" event would tell a reader of the log that the user had held this id.
      throw new HttpError(
        'not_found',
        `${before.email} is not linked to ${kind} ${upstreamId}. Nothing was changed.`,
        { submitted: 'no' },
      );
    }
    await record(tx, {
      action,
      objectType: kind,
      objectId: upstreamId,
      outcome: 'succeeded',
      details: { userId, email: before.email, ...checked },
    });
  });
  changeMade();
  return toAdminUser(await target(deps, userId));
}

/** An audit event of a change to another user, before who made it is added. */
type UserEvent = Parameters<RouteContext<unknown, unknown, unknown>['audit']>[0];

/**
 * A route that changes what another user may do (an admin never changes their own account:
 * another admin must), audited on the user with their email, answering the user as changed. The
 * change and its audit events are one transaction: a change is never made unaudited, nor half
 * made.
 */
function otherUserChange<B = unknown, P = undefined>({
  what,
  ownWay = 'ask another admin',
  prepare,
  change,
  ...route
}: Pick<RouteSpec<{ userId: string }, unknown, B>, 'method' | 'url' | 'summary' | 'body'> & {
  /** What an admin is refused doing to themselves, said to them: "You cannot {what}". */
  what: string | ((body: B) => string);
  /** The way on for an admin refused it on themselves; another admin unless said. */
  ownWay?: string;
  /**
   * Work done before the transaction opens, given to `change`: hashing a password (scrypt, tens of
   * milliseconds of CPU) inside it would hold the transaction's connection and row locks meanwhile.
   */
  prepare?: (body: B) => Promise<P>;
  /** Makes the change in the transaction; answers the audit event's action and details. */
  change(input: {
    userId: string;
    body: B;
    before: UserRow;
    db: Db;
    prepared: P;
  }): Promise<{ action: string; details?: Record<string, unknown>; also?: UserEvent[] }>;
}): RouteSpec {
  return defineRoute({
    ...route,
    tags: ['admin'],
    params: adminUserParamsSchema,
    response: adminUserSchema,
    afterChange: SEE_THE_USER_AGAIN,
    handler: async ({ params: { userId }, body, deps, user, request, changeMade }) => {
      const before = await target(deps, userId);
      if (user!.id === userId) {
        // A rule of the request, not a fault: the Users page shows it without a support id
        // (there is nothing for support to look up: another admin is the way on).
        throw new HttpError(
          'conflict',
          `You cannot ${typeof what === 'string' ? what : what(body)}: ${ownWay}.`,
          {
            submitted: 'no',
            refusal: 'request',
          },
        );
      }
      const prepared = (prepare ? await prepare(body) : undefined) as P;
      await deps.db.transaction().execute(async (tx) => {
        const {
          action,
          details,
          also = [],
        } = await change({
          userId,
          body,
          before,
          db: tx,
          prepared,
        });
        const events: UserEvent[] = [
          {
            action,
            objectType: 'user',
            objectId: userId,
            outcome: 'succeeded',
            details: { email: before.email, ...details },
          },
          ...also,
        ];
        for (const event of events) await recordAudit(tx, attributed(event, user, request));
      });
      changeMade();
      return toAdminUser(await target(deps, userId));
    },
  });
}

export const adminUserRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/admin/users',
    summary:
      'One page of the users found by part of an email or name, role and state, by email, with role, sign-in methods, second factors and upstream links',
    tags: ['admin'],
    query: adminUsersQuerySchema,
    response: adminUsersSchema,
    async handler({ query: { q, role, state, page }, deps }) {
      const pageSize = ADMIN_USERS_PAGE_SIZE;
      const { rows, total } = await findUsers(deps.db, {
        q,
        role,
        state,
        mfaRequiredRoles: deps.config.identity.mfaRequiredRoles,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { users: rows.map(toAdminUser), total, page, pageSize };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/admin/users',
    summary: 'Create a user (with a password, or for single sign-on only)',
    tags: ['admin'],
    body: createUserSchema,
    response: adminUserSchema,
    successStatus: 201,
    afterChange:
      'Reload the Users page: the user is listed there if it was created. Do not create it again.',
    async handler({ body, deps, user, request, changeMade }) {
      const email = normalizeEmail(body.email);
      // Said on the field Email, where the admin picks another address: nothing for support.
      const taken = () => {
        const message = 'A user with this email already exists';
        return new HttpError('conflict', `${message}.`, {
          fields: [{ field: 'email', message }],
          submitted: 'no',
        });
      };
      if (await findUserIdByEmail(deps.db, email)) throw taken();
      // Without single sign-on a user without a password could not sign in until an admin set
      // one: asked for now, on the field Password.
      if (body.password === '' && !deps.config.oidc) {
        const message = PASSWORD_NEEDED_WITHOUT_SSO;
        throw new HttpError('bad_request', `${message}.`, {
          fields: [{ field: 'password', message }],
          submitted: 'no',
        });
      }
      // Hashed before the transaction, which then holds the store only for its two writes.
      const passwordHash = body.password ? await hashPassword(body.password) : undefined;
      let id: string;
      try {
        // The user and its audit event are one transaction: a user is never created unaudited
        // (an audit log that cannot be written creates nobody, and says nothing was changed).
        id = await deps.db.transaction().execute(async (tx) => {
          const created = await createUser(tx, {
            email,
            name: body.name,
            role: body.role,
            password: body.password,
            passwordHash,
          });
          await recordAudit(
            tx,
            attributed(
              {
                action: 'user_created',
                objectType: 'user',
                objectId: created,
                outcome: 'succeeded',
                details: { email, role: body.role, password: body.password !== '' },
              },
              user,
              request,
            ),
          );
          return created;
        });
      } catch (err) {
        // Another admin created the same email since the check above (the password is hashed
        // in between): the store's unique email refuses the second, which is told the same.
        if (isUniqueViolation(err)) throw taken();
        throw err;
      }
      changeMade();
      return toAdminUser(await target(deps, id));
    },
  }),

  otherUserChange({
    method: 'PUT',
    url: '/api/admin/users/:userId/role',
    summary:
      'Change the role of a user (needs a fresh second factor); their sessions end and the links the new role does not act on are removed',
    body: changeRoleSchema,
    what: 'change your own role',
    change: async ({ userId, body, before, db }) => {
      // Links the new role does not act on go with the old role (the Users page names them
      // before the change): kept, an issuer's staff made an investor would still hold the
      // issuer's securities, and would act on them again if the role were given back.
      const dropped = linksDroppedBy(toAdminUser(before), body.role);
      await setRole(db, userId, body.role);
      for (const l of dropped) await unlink(db, userId, l.kind, l.upstreamId);
      await revokeUserSessions(db, userId);
      const change = { from: before.role, to: body.role };
      return {
        action: 'user_role_changed',
        details: { ...change, unlinked: dropped },
        also: dropped.map((l) => ({
          action: 'user_unlinked',
          objectType: l.kind,
          objectId: l.upstreamId,
          outcome: 'succeeded' as const,
          details: { userId, email: before.email, roleChanged: change },
        })),
      };
    },
  }),

  otherUserChange({
    method: 'PUT',
    url: '/api/admin/users/:userId/disabled',
    summary: 'Disable or enable a user; disabling ends their sessions at once',
    body: setDisabledSchema,
    what: (body) => (body.disabled ? 'disable yourself' : 'enable yourself'),
    change: async ({ userId, body, db }) => {
      await setDisabled(db, userId, body.disabled);
      if (body.disabled) await revokeUserSessions(db, userId);
      return { action: body.disabled ? 'user_disabled' : 'user_enabled' };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/admin/users/:userId/links',
    summary:
      'Link a user to an upstream id of a kind their role acts on (an investor an account, issuer staff an issuer or security); an account or security must exist on the platform, an issuer must be named by an offering, or confirmed',
    tags: ['admin'],
    params: adminUserParamsSchema,
    body: addLinkSchema,
    response: adminUserSchema,
    afterChange: SEE_THE_USER_AGAIN,
    // The checks read who else holds the id (an account's other users, a security's other
    // issuers): two links of one id made at once, each to another user, would both pass them
    // unseen by the other. Held per id, on every instance, from the checks to the link.
    handler: ({ params, body, deps, audit, user, request, changeMade }) =>
      whileHolding(deps.db, `link:${body.kind}:${body.upstreamId}`, () =>
        changeLink(
          deps,
          audit,
          (tx, event) => recordAudit(tx, attributed(event, user, request)),
          'user_linked',
          params.userId,
          body,
          link,
          changeMade,
          async (before) => {
            kindMustSuitRole(before.role, body.kind);
            const known = await linkMustBeKnown(deps, body);
            return {
              ...known,
              ...(await securityMustBeOfTheirIssuers(deps, before, body)),
              ...(await accountOfOtherUserMustBeConfirmed(deps, before, body, known.holderName)),
            };
          },
        ),
      ),
  }),

  defineRoute({
    method: 'GET',
    url: '/api/admin/accounts/:accountId/holder',
    summary:
      'Whose an account is, before and after it is linked: its holder as the platform names them (getAccount) and the portal users linked to it',
    tags: ['admin'],
    params: accountHolderParamsSchema,
    response: accountHolderSchema,
    async handler({ params: { accountId }, deps }) {
      const account = await getAccount(deps.upstream, { accountId });
      return {
        accountId,
        holderName: account.name || null,
        linkedTo: await otherHoldersOf(deps, accountId, null),
      };
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/api/admin/users/:userId/links/:kind/:upstreamId',
    summary: 'Remove a link between a user and an upstream account, issuer or security',
    tags: ['admin'],
    params: linkParamsSchema,
    response: adminUserSchema,
    afterChange: SEE_THE_USER_AGAIN,
    handler: ({ params, deps, audit, user, request, changeMade }) => {
      const record = (tx: Db, event: UserEvent) =>
        recordAudit(tx, attributed(event, user, request));
      return changeLink(
        deps,
        audit,
        record,
        'user_unlinked',
        params.userId,
        params,
        async (tx, userId, kind, upstreamId) => {
          const securityIds = await unlinkWithDependents(tx, userId, kind, upstreamId);
          if (securityIds === null) return false;
          // Their last issuer gone, their securities went with it: each is audited.
          const email = securityIds.length ? (await findUserRecord(tx, userId))?.email : undefined;
          for (const securityId of securityIds) {
            await record(
              tx,
              securityUnlinkedEvent(securityId, { userId, email, withLastIssuer: upstreamId }),
            );
          }
          return true;
        },
        changeMade,
      );
    },
  }),

  otherUserChange({
    method: 'PUT',
    url: '/api/admin/users/:userId/password',
    summary:
      'Set a new password for a user (needs a fresh second factor); the old one is never shown, and their sessions end',
    body: setUserPasswordSchema,
    what: 'set your own password here',
    ownWay: 'change it in Security settings, with your current password',
    prepare: (body) => hashPassword(body.password),
    change: async ({ userId, before, db, prepared: hash }) => {
      await setPasswordHash(db, userId, hash);
      await revokeUserSessions(db, userId);
      // The audit log says a password was set, and whether it replaced one; never the password.
      return { action: 'user_password_set', details: { hadPassword: before.hasPassword } };
    },
  }),

  otherUserChange({
    method: 'DELETE',
    url: '/api/admin/users/:userId/second-factors',
    summary:
      'Reset the second factors of a user who lost them (needs a fresh second factor); their sessions end',
    what: 'reset your own second factors',
    change: async ({ userId, db }) => {
      const removed = await resetFactors(db, userId);
      await revokeUserSessions(db, userId);
      return { action: 'second_factor_reset', details: { removed } };
    },
  }),
];
