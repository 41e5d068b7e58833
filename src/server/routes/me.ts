import { sessionParamsSchema, userSessionsSchema } from '../../contract/identity';
import { HttpError } from '../lib/http-error';
import { listUserSessions, revokeSession } from '../store/sessions';
import { defineRoute } from './define';

export const meRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/me/sessions',
    summary:
      'My active sessions: where and when each started and was last used, how it proved a second factor, and sign-ins still waiting for one',
    tags: ['me'],
    response: userSessionsSchema,
    async handler({ user, request, deps }) {
      const sessions = await listUserSessions(deps.db, user!.id);
      return {
        sessions: sessions.map((s) => ({
          id: s.id,
          createdAt: s.createdAt.toISOString(),
          lastSeenAt: s.lastSeenAt.toISOString(),
          ip: s.ip,
          userAgent: s.userAgent,
          method: s.authMethod,
          current: s.idHash === request.session?.idHash,
          waitingForSecondFactor: s.pendingSecondFactor,
          secondFactor: s.signInFactor,
          wrongCodes: s.wrongCodes,
        })),
      };
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/api/me/sessions/:sessionId',
    summary: 'End one of my sessions; its next request is refused on every instance',
    tags: ['me'],
    params: sessionParamsSchema,
    response: null,
    async handler({ user, params, deps, audit }) {
      // Only the user's own sessions are listed, so another user's id is simply not found.
      const target = (await listUserSessions(deps.db, user!.id)).find(
        (s) => s.id === params.sessionId,
      );
      if (!target) throw new HttpError('not_found', 'No such active session of yours.');
      // Through the store's revocation, which every instance consults on the next request.
      await revokeSession(deps.db, target.idHash);
      await audit({
        action: 'session_ended',
        objectType: 'session',
        objectId: params.sessionId,
        outcome: 'succeeded',
        // A sign-in ended while it waited for its second factor: someone else may hold the
        // password, which a reviewer reading the log should see.
        ...(target.pendingSecondFactor
          ? { details: { waitingForSecondFactor: true, wrongCodes: target.wrongCodes } }
          : {}),
      });
      return undefined;
    },
  }),
];
