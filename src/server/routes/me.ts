import {
  endedSessionsSchema,
  sessionParamsSchema,
  userSessionsSchema,
} from '../../contract/identity';
import { HttpError } from '../lib/http-error';
import {
  listUserSessions,
  revokeSession,
  revokeSessions,
  type SessionListing,
} from '../store/sessions';
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
    afterChange: 'Reload My sessions to see which sessions are still active.',
    async handler({ user, params, deps, audit, changeMade }) {
      // Only the user's own sessions are listed, so another user's id is simply not found.
      const target = (await listUserSessions(deps.db, user!.id)).find(
        (s) => s.id === params.sessionId,
      );
      if (!target) throw new HttpError('not_found', 'No such active session of yours.');
      // Through the store's revocation, which every instance consults on the next request.
      await revokeSession(deps.db, target.idHash);
      changeMade();
      await audit(sessionEnded(target));
      return undefined;
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/api/me/sessions',
    summary:
      'End every other session of mine, and every sign-in of mine waiting for its second factor; this one stays',
    tags: ['me'],
    response: endedSessionsSchema,
    afterChange: 'Reload My sessions to see which sessions are still active.',
    async handler({ user, request, deps, audit, changeMade }) {
      // For a person who suspects a stolen session: one step instead of one End a session.
      const others = (await listUserSessions(deps.db, user!.id)).filter(
        (s) => s.idHash !== request.session?.idHash,
      );
      await revokeSessions(deps.db, { idHashes: others.map((s) => s.idHash) });
      changeMade();
      // One event a session, as when each is ended on its own: the log names every one.
      for (const s of others) await audit(sessionEnded(s, { allOthers: true }));
      return { ended: others.length };
    },
  }),
];

/** The audit event of one ended session of the signed-in user. */
function sessionEnded(target: SessionListing, also: Record<string, unknown> = {}) {
  // A sign-in ended while it waited for its second factor: someone else may hold the password,
  // which a reviewer reading the log should see.
  const waiting = target.pendingSecondFactor
    ? { waitingForSecondFactor: true, wrongCodes: target.wrongCodes }
    : {};
  const details = { ...also, ...waiting };
  return {
    action: 'session_ended',
    objectType: 'session',
    objectId: target.id,
    outcome: 'succeeded',
    ...(Object.keys(details).length > 0 ? { details } : {}),
  } as const;
}
