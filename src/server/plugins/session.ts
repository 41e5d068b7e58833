import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../store/db';
import { resumeSession, type SessionTimes } from '../store/sessions';
import { getUser } from '../store/users';

export function sessionCookieName(config: Pick<Config, 'secureCookies'>): string {
  // The __Host- prefix needs Secure, which browsers accept only over HTTPS (decision 8).
  return config.secureCookies ? '__Host-portal_session' : 'portal_session';
}

export function sessionTimes(config: Config): SessionTimes {
  return { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs };
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    secure: config.secureCookies,
    sameSite: 'strict',
    path: '/',
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(sessionCookieName(config), {
    httpOnly: true,
    secure: config.secureCookies,
    sameSite: 'strict',
    path: '/',
  });
}

/** Resolves the session cookie of every /api request to a user (or null). */
export function sessionPlugin(app: FastifyInstance, config: Config, db: Db) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionIdHash', null);
  const name = sessionCookieName(config);
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[name];
    if (!token || token.length > 200) return;
    const session = await resumeSession(db, token, sessionTimes(config));
    if (!session) return;
    const user = await getUser(db, session.userId);
    if (!user) return;
    request.user = user;
    request.sessionIdHash = session.idHash;
  });
}
