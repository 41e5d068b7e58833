import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';
import type { SessionCache } from '../store/session-cache';
import type { SessionTimes } from '../store/sessions';
import { isApiRoute } from './csrf';

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

/** Resolves the session cookie of every request the router matched to an /api route (or null). */
export function sessionPlugin(app: FastifyInstance, config: Config, sessions: SessionCache) {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  const name = sessionCookieName(config);
  app.addHook('preHandler', async (request) => {
    if (!isApiRoute(request)) return;
    const token = request.cookies[name];
    if (!token || token.length > 200) return;
    const resolved = await sessions.resolve(token);
    if (!resolved) return;
    request.user = resolved.user;
    request.session = resolved.session;
  });
}
