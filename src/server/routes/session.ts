import { sessionStateSchema, signInSchema, type Session } from '../../contract/session';
import { sessionEndedAnswer, signedOut } from '../../contract/signed-out';
import { signInResultSchema } from '../../contract/identity';
import { secondFactorStep } from '../lib/second-factor-step';
import type { z } from 'zod';
import { HttpError } from '../lib/http-error';
import { longestReadMs } from '../upstream/client';
import { isStoreFailure } from '../lib/store-errors';
import { auditedRefusal, tooManyAttempts } from '../lib/too-many-attempts';
import { clear, hit, type RateLimitResult } from '../store/rate-limits';
import { createSession, hashToken, revokeSession } from '../store/sessions';
import { isKnownDevice, rememberDevice } from '../store/sign-in-devices';
import { getUser, normalizeEmail, verifyCredentials, type StoredUser } from '../store/users';
import {
  clearSessionCookie,
  sessionCookieName,
  sessionEndedOf,
  sessionTimes,
  setDeviceCookie,
  setSessionCookie,
  deviceTokenOf,
} from '../plugins/session';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import { defineRoute, type RouteContext } from './define';

const WINDOW_MS = 15 * 60_000;
/**
 * Failures against one email per 15 minutes: 8 from one address, the strict count a guesser at
 * one address meets; 100 from every address together, so that guesses spread over many
 * addresses are slowed too. Keyed by the address first, a guesser's failures lock the email at
 * their address only; and a browser that signed in as the person before counts its own 8 apart
 * from both (failureCounts), so guesses from a dozen addresses or more, which spend the 100, lock
 * out new browsers but not the person's own.
 */
const SIGN_IN_LIMITS = { failuresPerEmailFromAddress: 8, failuresPerEmail: 100 };

async function offeringIdsOf(user: StoredUser, deps: Deps): Promise<string[]> {
  if (user.issuerIds.length === 0) return [];
  try {
    const { offerings } = await deps.offerings.get('all', () => deps.loadOfferings());
    return offerings.filter((o) => user.issuerIds.includes(o.issuerId)).map((o) => o.id);
  } catch {
    return [];
  }
}

async function sessionBody(
  user: StoredUser,
  times: { idleExpiresAt: Date; absoluteExpiresAt: Date },
  deps: Deps,
): Promise<Session> {
  const above = deps.config.identity.disbursementApprovalAbove;
  return {
    user: { ...user, offeringIds: await offeringIdsOf(user, deps) },
    idleExpiresAt: times.idleExpiresAt.toISOString(),
    absoluteExpiresAt: times.absoluteExpiresAt.toISOString(),
    sandbox: deps.sandbox,
    ...(above !== undefined ? { disbursementApprovalAbove: above } : {}),
    longestReadMs: longestReadMs({ timeoutMs: deps.config.upstreamTimeoutMs }),
  };
}

/** The audit reason of a sign-in refused because an admin disabled the account (also by OIDC). */
export const ACCOUNT_DISABLED = 'account_disabled';
/** What the person is told, once they proved who they are (password or single sign-on). */
const ACCOUNT_DISABLED_MESSAGE =
  'This account is disabled, so it cannot sign in. Ask your administrator to enable it.';

const retryAfter = (resetAt: Date) => tooManyAttempts('sign-in attempts', resetAt);

export const sessionRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/session',
    summary:
      'The signed-in user, their role and linked upstream ids; `{ signedIn: false }` when nobody is signed in, with `ended: true` (and the cookie cleared) when the session cookie names no live session, and `sessionEnded` (`idle`, `absolute`, `revoked`) when the store still holds that session',
    tags: ['session'],
    response: sessionStateSchema,
    async handler({ user, request, reply, deps }) {
      // Asking who is signed in is answered, not refused: "nobody" is the sign-in page's normal
      // case (contract/signed-out). A sign-in waiting for its second factor is not signed in yet.
      if (!user || !request.session) {
        // The browser still carries the cookie of a session that ended: the sign-in page says so,
        // and why when the store still holds it, once, as the cookie is cleared with this answer.
        if (!request.cookies[sessionCookieName(deps.config)]) return signedOut;
        clearSessionCookie(reply, deps.config);
        return sessionEndedAnswer(sessionEndedOf(request));
      }
      if (request.session.pendingSecondFactor) return signedOut;
      return sessionBody(user, request.session, deps);
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/session',
    summary:
      "Sign in with email and password; sets the session cookie, and the device cookie that counts this browser's failed sign-ins apart from others' (a lock-out by guesses from elsewhere does not refuse it)",
    tags: ['session'],
    body: signInSchema,
    response: signInResultSchema,
    handler: (ctx) =>
      // The portal's database failing at any step leaves the person signed out: the cookie is set
      // last, once everything is stored (see below), so the answer can say so, and that signing in
      // again is safe, whatever the step. The previous session of this browser may have ended.
      signIn(ctx).catch((err: unknown) => {
        if (isStoreFailure(err)) throw signInStoreFailure();
        throw err;
      }),
  }),

  defineRoute({
    method: 'DELETE',
    url: '/api/session',
    summary: 'Sign out: revokes the session on every instance',
    tags: ['session'],
    response: null,
    async handler({ request, reply, deps, user }) {
      if (request.session) {
        await revokeSession(deps.db, request.session.idHash);
        await deps.audit({
          action: 'sign_out',
          outcome: 'succeeded',
          userId: user?.id,
          userEmail: user?.email,
          role: user?.role,
          ip: request.ip,
          requestId: request.id,
        });
      }
      clearSessionCookie(reply, deps.config);
      return undefined;
    },
  }),
];

type SignInContext = RouteContext<unknown, unknown, z.infer<typeof signInSchema>>;

/** Sign-in with email and password (POST /api/session). */
async function signIn({ body, request, reply, deps }: SignInContext) {
  const email = normalizeEmail(body.email);
  const ipKey = `signin:ip:${request.ip}`;
  /**
   * An attempt refused by a spent window, its password not checked: audited as a refused sign-in
   * with the typed email (shown to admins only, as a failed sign-in's), never the password; only
   * the refusals `auditedRefusal` picks, so a flood of refused requests cannot flood the log.
   */
  const refuse = async (
    limit: number,
    result: RateLimitResult,
    reason:
      | 'too_many_failures_for_email'
      | 'too_many_failures_for_email_from_address'
      | 'too_many_failures_for_email_from_device'
      | 'too_many_from_address',
  ) => {
    const refusedAttempts = auditedRefusal(result.count, limit);
    if (refusedAttempts !== null) {
      await deps.audit({
        action: 'sign_in',
        outcome: 'denied',
        userEmail: email,
        ip: request.ip,
        requestId: request.id,
        details: {
          method: 'password',
          reason,
          refusedAttempts,
          refusedUntil: result.resetAt.toISOString(),
        },
      });
    }
    return retryAfter(result.resetAt);
  };
  const perAddress = deps.config.signInLimitPerAddress;
  const byIp = await hit(deps.db, ipKey, perAddress, WINDOW_MS);
  if (!byIp.allowed) throw await refuse(perAddress, byIp, 'too_many_from_address');
  // Every attempt takes a slot before its password is checked, in one atomic upsert of the
  // store: concurrent guesses on any number of instances cannot all pass a count read before
  // the first failure is written. A correct password gives its slots back (clear below).
  const counts = await failureCounts(deps, request, email);
  for (const { key, limit, reason } of counts) {
    const result = await hit(deps.db, key, limit, WINDOW_MS);
    if (!result.allowed) throw await refuse(limit, result, reason);
  }
  const giveSlotsBack = async () => {
    for (const { key } of counts) await clear(deps.db, key);
  };

  const match = await verifyCredentials(deps.db, email, body.password);
  if (match?.disabled) {
    // The password is right, so the person is told why they cannot sign in and whom to ask
    // (retrying, or resetting a right password, would not help): this tells nothing to
    // anyone without the password, who gets the answer below, after the same check. The
    // attempt is theirs, audited as their own, and gives its slot back like any right
    // password.
    await giveSlotsBack();
    await deps.audit({
      action: 'sign_in',
      outcome: 'denied',
      userId: match.id,
      userEmail: match.email,
      role: match.role,
      ip: request.ip,
      requestId: request.id,
      details: { method: 'password', reason: ACCOUNT_DISABLED },
    });
    throw new HttpError('forbidden', ACCOUNT_DISABLED_MESSAGE, { submitted: 'no' });
  }
  const user = match ? await getUser(deps.db, match.id) : null;
  if (!user) {
    await deps.audit({
      action: 'sign_in',
      outcome: 'failed',
      userEmail: email,
      ip: request.ip,
      requestId: request.id,
      details: { method: 'password', reason: 'wrong_email_or_password' },
    });
    throw new HttpError('unauthenticated', 'The email or password is not correct.');
  }
  await giveSlotsBack();

  // A fresh id at every sign-in, and the previous session of this browser ends (no fixation).
  if (request.session) await revokeSession(deps.db, request.session.idHash);
  const step = await secondFactorStep(deps, user);
  // This browser signed in: it is counted on its own from now on (failureCounts). One that still
  // owes its second factor is remembered once it proves it (routes/second-factor.ts), so a
  // password alone, stolen, cannot fill the user's browsers and push the owner's out.
  const device = step
    ? null
    : await rememberDevice(deps.db, user.id, deviceTokenOf(request, deps.config));
  const { token, session } = await createSession(
    deps.db,
    user.id,
    sessionTimes(deps.config),
    { ip: request.ip, userAgent: request.headers['user-agent'] },
    new Date(),
    { pendingSecondFactor: step !== null, authMethod: 'password' },
  );
  await deps.audit({
    action: 'sign_in',
    outcome: step ? 'allowed' : 'succeeded',
    userId: user.id,
    userEmail: user.email,
    role: user.role,
    ip: request.ip,
    requestId: request.id,
    details: step ? { secondFactor: step.step, method: 'password' } : { method: 'password' },
  });
  const answer = step ? { secondFactor: step } : await sessionBody(user, session, deps);
  // Last, once everything is stored: a failure of the store before this leaves the browser
  // without the new session, as the answer to that failure says.
  setSessionCookie(reply, deps.config, token);
  if (device) setDeviceCookie(reply, deps.config, device);
  return answer;
}

/**
 * The counts of failures an attempt against `email` takes a slot in, each with its limit and the
 * reason a spent one is refused with. From a browser that signed in as this user before
 * (store/sign-in-devices.ts): that browser's own failures only, so guesses from elsewhere, however
 * many, never lock the person out of the browser they use. From any other: the email's failures
 * at this address, and from every address together.
 */
async function failureCounts(deps: Deps, request: FastifyRequest, email: string) {
  const device = deviceTokenOf(request, deps.config);
  const limit = SIGN_IN_LIMITS.failuresPerEmailFromAddress;
  if (device !== undefined && (await isKnownDevice(deps.db, device, email))) {
    return [
      {
        key: `signin:fail:${email}:device:${hashToken(device)}`,
        limit,
        reason: 'too_many_failures_for_email_from_device' as const,
      },
    ];
  }
  return [
    {
      key: `signin:fail:${email}:${request.ip}`,
      limit,
      reason: 'too_many_failures_for_email_from_address' as const,
    },
    {
      key: `signin:fail:${email}`,
      limit: SIGN_IN_LIMITS.failuresPerEmail,
      reason: 'too_many_failures_for_email' as const,
    },
  ];
}

/**
 * The portal's database failed during a sign-in: the browser holds no new session (its cookie is
 * set last), so the person is not signed in by this attempt and may simply sign in again.
 */
function signInStoreFailure(): HttpError {
  const why = "The portal's database is not answering right now, so you have not been signed in.";
  const next = 'Please sign in again in a moment.';
  return new HttpError('store_unavailable', `${why} ${next}`, {
    retryAfterSeconds: 5,
    reason: why,
    nextStep: next,
  });
}
