import {
  addLinkSchema,
  adminUserParamsSchema,
  adminUserSchema,
  adminUsersSchema,
  changeRoleSchema,
  createUserSchema,
  linkParamsSchema,
  setDisabledSchema,
  type AdminUser,
} from '../../contract/identity';
import type { Deps } from '../deps';
import { HttpError } from '../lib/http-error';
import { resetFactors } from '../store/second-factors';
import { revokeUserSessions } from '../store/sessions';
import {
  createUser,
  findUserIdByEmail,
  link,
  listUsersWithDetails,
  normalizeEmail,
  setDisabled,
  setRole,
  unlink,
  type UserRow,
} from '../store/users';
import { defineRoute } from './define';

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

function notSelf(adminId: string, userId: string, what: string) {
  if (adminId === userId) {
    throw new HttpError('conflict', `You cannot ${what} yourself: ask another admin.`, {
      submitted: 'no',
    });
  }
}

export const adminUserRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/admin/users',
    summary: 'Every portal user with role, sign-in methods, second factors and upstream links',
    tags: ['admin'],
    response: adminUsersSchema,
    async handler({ deps }) {
      return { users: (await listUsersWithDetails(deps.db)).map(toAdminUser) };
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
    async handler({ body, deps, audit }) {
      const email = normalizeEmail(body.email);
      if (await findUserIdByEmail(deps.db, email)) {
        const message = 'A user with this email already exists';
        throw new HttpError('conflict', `${message}.`, {
          fields: [{ field: 'email', message }],
          submitted: 'no',
        });
      }
      const id = await createUser(deps.db, {
        email,
        name: body.name,
        role: body.role,
        password: body.password,
      });
      await audit({
        action: 'user_created',
        objectType: 'user',
        objectId: id,
        outcome: 'succeeded',
        details: { email, role: body.role, password: body.password !== '' },
      });
      return toAdminUser(await target(deps, id));
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/api/admin/users/:userId/role',
    summary: 'Change the role of a user (needs a fresh second factor); their sessions end',
    tags: ['admin'],
    params: adminUserParamsSchema,
    body: changeRoleSchema,
    response: adminUserSchema,
    async handler({ params, body, deps, user, audit }) {
      const before = await target(deps, params.userId);
      notSelf(user!.id, params.userId, 'change the role of');
      await setRole(deps.db, params.userId, body.role);
      await revokeUserSessions(deps.db, params.userId);
      await audit({
        action: 'user_role_changed',
        objectType: 'user',
        objectId: params.userId,
        outcome: 'succeeded',
        details: { email: before.email, from: before.role, to: body.role },
      });
      return toAdminUser(await target(deps, params.userId));
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/api/admin/users/:userId/disabled',
    summary: 'Disable or enable a user; disabling ends their sessions at once',
    tags: ['admin'],
    params: adminUserParamsSchema,
    body: setDisabledSchema,
    response: adminUserSchema,
    async handler({ params, body, deps, user, audit }) {
      const before = await target(deps, params.userId);
      notSelf(user!.id, params.userId, 'disable');
      await setDisabled(deps.db, params.userId, body.disabled);
      if (body.disabled) await revokeUserSessions(deps.db, params.userId);
      await audit({
        action: body.disabled ? 'user_disabled' : 'user_enabled',
        objectType: 'user',
        objectId: params.userId,
        outcome: 'succeeded',
        details: { email: before.email },
      });
      return toAdminUser(await target(deps, params.userId));
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/admin/users/:userId/links',
    summary: 'Link a user to an upstream account, issuer or security',
    tags: ['admin'],
    params: adminUserParamsSchema,
    body: addLinkSchema,
    response: adminUserSchema,
    async handler({ params, body, deps, audit }) {
      const before = await target(deps, params.userId);
      await link(deps.db, params.userId, body.kind, body.upstreamId);
      await audit({
        action: 'user_linked',
        objectType: body.kind,
        objectId: body.upstreamId,
        outcome: 'succeeded',
        details: { userId: params.userId, email: before.email },
      });
      return toAdminUser(await target(deps, params.userId));
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/api/admin/users/:userId/links/:kind/:upstreamId',
    summary: 'Remove a link between a user and an upstream account, issuer or security',
    tags: ['admin'],
    params: linkParamsSchema,
    response: adminUserSchema,
    async handler({ params, deps, audit }) {
      const before = await target(deps, params.userId);
      await unlink(deps.db, params.userId, params.kind, params.upstreamId);
      await audit({
        action: 'user_unlinked',
        objectType: params.kind,
        objectId: params.upstreamId,
        outcome: 'succeeded',
        details: { userId: params.userId, email: before.email },
      });
      return toAdminUser(await target(deps, params.userId));
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/api/admin/users/:userId/second-factors',
    summary:
      'Reset the second factors of a user who lost them (needs a fresh second factor); their sessions end',
    tags: ['admin'],
    params: adminUserParamsSchema,
    response: adminUserSchema,
    async handler({ params, deps, user, audit }) {
      const before = await target(deps, params.userId);
      notSelf(user!.id, params.userId, 'reset the second factor of');
      const removed = await resetFactors(deps.db, params.userId);
      await revokeUserSessions(deps.db, params.userId);
      await audit({
        action: 'second_factor_reset',
        objectType: 'user',
        objectId: params.userId,
        outcome: 'succeeded',
        details: { email: before.email, removed },
      });
      return toAdminUser(await target(deps, params.userId));
    },
  }),
];
