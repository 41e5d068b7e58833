import type { AdminUser } from '../../contract/identity';

/**
 * A portal user as the Users page reads it (`GET /api/admin/users`): an investor signing in with
 * a password, no second factor and no link, with changes: each test names only what it is about.
 */
export const adminUser = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: '0b9f3a52-6c1e-4c57-9d0e-2f1a3b4c5d6e',
  email: 'ada@example.test',
  name: 'Ada',
  role: 'investor',
  disabled: false,
  demo: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  signInMethods: ['password'],
  secondFactors: 0,
  accountIds: [],
  issuerIds: [],
  securityIds: [],
  ...overrides,
});
