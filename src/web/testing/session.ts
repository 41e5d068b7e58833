import type { Session } from '../../contract/session';

/**
 * A signed-in session as `GET /api/session` answers it, far from expiring: an investor of one
 * account unless `user` says otherwise, with the session's other fields changed by `rest`.
 */
export const sessionOf = (
  user: Partial<Session['user']> = {},
  rest: Partial<Omit<Session, 'user'>> = {},
): Session => ({
  user: {
    id: 'u1',
    email: 'investor@demo.test',
    name: 'Avery Quinn',
    role: 'investor',
    accountIds: ['A1040000'],
    issuerIds: [],
    offeringIds: [],
    securityIds: [],
    ...user,
  },
  idleExpiresAt: '2099-01-01T00:00:00.000Z',
  absoluteExpiresAt: '2099-01-01T00:00:00.000Z',
  sandbox: true,
  ...rest,
});
