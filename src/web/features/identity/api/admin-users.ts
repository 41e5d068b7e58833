import { useQuery } from '@tanstack/react-query';
import {
  adminUserSchema,
  adminUsersSchema,
  type CreateUser,
  type LinkKind,
} from '../../../../contract/identity';
import type { Role } from '../../../../contract/session';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { apiQueryOptions, useInvalidatingMutation } from '../../../lib/api-query';

export const adminUsersQueryOptions = () =>
  apiQueryOptions(['admin', 'users'], apiPaths.adminUsers, adminUsersSchema);

export const useAdminUsers = () => useQuery(adminUsersQueryOptions());

type UserChange =
  | { kind: 'create'; user: CreateUser }
  | { kind: 'role'; userId: string; role: Role }
  | { kind: 'disabled'; userId: string; disabled: boolean }
  | { kind: 'link'; userId: string; link: { kind: LinkKind; upstreamId: string } }
  | { kind: 'unlink'; userId: string; link: { kind: LinkKind; upstreamId: string } }
  | { kind: 'reset'; userId: string };

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
  }
}

export const useChangeUser = () =>
  useInvalidatingMutation({
    mutationFn: changeUser,
    invalidates: () => [adminUsersQueryOptions().queryKey],
    after: 'settled',
  });
