import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { SessionEndReason } from '../../contract/signed-out';
import type { ResolvedSession, SessionCache } from '../store/session-cache';
import type { SessionTimes } from '../store/sessions';
import { SIGN_IN_DEVICE_TTL_MS } from '../store/sign-in-devices';
import { isApiRoute } from './csrf';

export function sessionCookieName(config: Pick<Config, 'secureCookies'>): string {
  // The __Host- prefix needs Secure, which browsers accept only over HTTPS.
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

/**
 * The cookie of a browser that signed in with a password before (store/sign-in-devices.ts). It
 * outlives sessions and sign-outs, and is sent only with the sign-in (its path).
 */
function deviceCookieName(config: Pick<Config, 'secureCookies'>): string {
  return config.secureCookies ? '__Secure-portal_device' : 'portal_device';
}

/** The device cookie's token, when the request carries one of a plausible length. */
export function deviceTokenOf(
  request: FastifyRequest,
  config: Pick<Config, 'secureCookies'>,
): string | undefined {
  const token = request.cookies[deviceCookieName(config)];
  return token && token.length <= 100 ? token : undefined;
}

export function setDeviceCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(deviceCookieName(config), token, {
    httpOnly: true,
    secure: config.secureCookies,
    sameSite: 'strict',
    path: '/api/session',
    maxAge: SIGN_IN_DEVICE_TTL_MS / 1000,
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

/**
 * Why the session of a request's cookie ended, for the requests whose cookie names one the store
 * holds ended. Kept beside the request rather than decorated on it: a decoration is set on every
 * request, and only requests refused for an ended session ever have one.
 */
const endedSessions = new WeakMap<FastifyRequest, SessionEndReason>();

/** Why the session of this request's cookie ended (contract/signed-out); undefined when unknown. */
export const sessionEndedOf = (request: FastifyRequest): SessionEndReason | undefined =>
  endedSessions.get(request);

/**
 * Resolves the session cookie of every request the router matched to an /api route (or null).
 * It runs on request, before the body is parsed and validated, so a route's role check answers
 * 401/403 before any 400 about the input.
 */
async function session(
  app: FastifyInstance,
  { config, sessions }: { config: Config; sessions: SessionCache },
) {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  const name = sessionCookieName(config);
  const signedIn = (request: FastifyRequest, resolved: ResolvedSession) => {
    request.user = resolved.user;
    request.session = resolved.session;
  };
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isApiRoute(request)) return done();
    const token = request.cookies[name];
    if (!token || token.length > 200) return done();
    const lookUp = { touch: !asksWhetherSessionStands(request) };
    // Most requests carry a session this instance holds under the current auth epoch: answered
    // at once, without a promise and a turn to wait for (docs/benchmarks.md).
    const cached = sessions.cached(token, lookUp);
    if (cached) {
      signedIn(request, cached);
      return done();
    }
    sessions.resolve(token, lookUp).then((resolved) => {
      if (!resolved) return done();
      // Only a read of the store finds a session ended: the cached path above has nothing more.
      if ('ended' in resolved) endedSessions.set(request, resolved.ended);
      // The id before a step-up opens the session for a read on its way meanwhile, never for a
      // write or a step-up: those find no session, as with any id that names none.
      else if (!resolved.session.readsOnlyUntil || isRead(request)) signedIn(request, resolved);
      done();
    }, done);
  });
  // Before the answer leaves: a request that may have written sessions, users or links (any but
  // a read, and the single sign-on routes under /auth/, whose callback signs in by GET) makes
  // this instance's next requests read the auth epoch rather than wait for the notification of
  // its own change.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (mayChangeSessions(request)) sessions.changedHere();
    done(null, payload);
  });
}

/**
 * `GET /api/session`: who is signed in, and until when. A signed-in page asks it on a timer and
 * when the person comes back to the tab, to close itself once the session has ended; the asking
 * is not the person's activity, so it leaves the idle deadline where it is.
 */
const asksWhetherSessionStands = (request: FastifyRequest) =>
  request.method === 'GET' && request.routeOptions.url === '/api/session';

/** A request that changes nothing (architecture decision 8: GET changes nothing). */
const isRead = (request: FastifyRequest) =>
  request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS';

function mayChangeSessions(request: FastifyRequest): boolean {
  if (!isRead(request)) return true;
  return request.routeOptions.url?.startsWith('/auth/') ?? false;
}

/** Decorates the root's requests with `user` and `session`; needs @fastify/cookie first. */
export const sessionPlugin = fp(session, {
  name: 'portal-session',
  dependencies: ['@fastify/cookie', 'portal-csrf'],
});
