import {
  accountHolderSchema,
  adminUserSchema,
  adminUsersSchema,
  type AdminUsers,
  type CreateUser,
  type LinkKind,
} from '../../../../contract/identity';
import type { Role } from '../../../../contract/session';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { apiQueryOptions, defineApiQuery, useInvalidatingMutation } from '../../../lib/api-query';

/** Every read of the Users list, whatever it finds: a change to a user may move it in any. */
const adminUsersKey = ['admin', 'users'] as const;

/** What the Users page finds users by, as its address holds it. */
export type UsersFind = {
  q: string | null;
  role: string | null;
  state: string | null;
  /** As the address writes it; none is the first page. */
  page: string | null;
};

export const [adminUsersQueryOptions, useAdminUsers] = defineApiQuery<
  [find: UsersFind],
  AdminUsers
>({
  key: (find) => [...adminUsersKey, find],
  path: apiPaths.adminUsersFound,
  schema: adminUsersSchema,
  keepsPreviousPage: true,
  // The Users page reads it in its loader (clientLoader) first.
  readByLoader: true,
});

type UserChange =
  | { kind: 'create'; user: CreateUser }
  | { kind: 'role'; userId: string; role: Role }
  | { kind: 'disabled'; userId: string; disabled: boolean }
  | { kind: 'link'; userId: string; link: { kind: LinkKind; upstreamId: string } }
  | { kind: 'unlink'; userId: string; link: { kind: LinkKind; upstreamId: string } }
  | { kind: 'reset'; userId: string }
  | { kind: 'password'; userId: string; password: string };

/** Every admin change to a user; each is audited by the BFF. */
function changeUser(change: UserChange) {
  const schema = adminUserSchema;
  switch (change.kind) {
    case 'create':
      return api.post(apiPaths.adminUsers, { body: change.user, schema });
    case 'role':
      return api.put(apiPaths.adminUser(change.userId, 'role'), {
        body: { role: change.role },
        schema,
      });
    case 'disabled':
      return api.put(apiPaths.adminUser(change.userId, 'disabled'), {
        body: { disabled: change.disabled },
        schema,
      });
    case 'link':
      return api.post(apiPaths.adminUser(change.userId, 'links'), { body: change.link, schema });
    case 'unlink':
      return api.delete(
        apiPaths.adminUserLink(change.userId, change.link.kind, change.link.upstreamId),
        { schema },
      );
    case 'reset':
      return api.delete(apiPaths.adminUser(change.userId, 'second-factors'), { schema });
    case 'password':
      return api.put(apiPaths.adminUser(change.userId, 'password'), {
        body: { password: change.password },
        schema,
      });
  }
}

/**
 * Whose an account is (its holder on the platform, the portal users linked to it): read before
 * an account is linked, and to name the accounts a user is linked to. A link changes who is
 * linked, so a change to a user reads it again.
 */
export const accountHolderQueryOptions = (accountId: string) =>
  apiQueryOptions(
    [...adminUsersKey, 'account-holder', accountId],
    apiPaths.adminAccountHolder(accountId),
    accountHolderSchema,
  );

export const useChangeUser = () =>
  useInvalidatingMutation({
    mutationFn: changeUser,
    invalidates: () => [adminUsersKey],
    after: 'settled',
  });
