import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { linksDroppedBy, type LinkKind } from '../../contract/identity';
import { isSameSitePath } from '../../contract/return-path';
import type { Deps } from '../deps';
import { HttpError } from '../lib/http-error';
import { finishFlow, FLOW_TTL_MS, OidcRefusal, startFlow, type OidcIdentity } from '../lib/oidc';
import { secondFactorStep } from '../lib/second-factor-step';
import { createSession, hashToken, revokeSession, revokeUserSessions } from '../store/sessions';
import {
  createUser,
  findOidcOf,
  findUserIdByEmail,
  findUserIdByOidc,
  findUserRecord,
  getUser,
  linkOidc,
  setRole,
  unlink,
  type UserRecord,
} from '../store/users';
import { sessionCookieName, sessionTimes, setSessionCookie } from '../plugins/session';
import { defineRoute } from './define';
import { ACCOUNT_DISABLED } from './session';

/**
 * Single sign-on (OpenID Connect, authorization code + PKCE). These are top-level browser
 * navigations, not API calls: they answer with redirects, live outside /api, and the provider's
 * tokens stay in the session row on the server.
 */
const FLOW_COOKIE = 'portal_oidc';
const CALLBACK_PATH = '/auth/oidc/callback';

const startQuerySchema = z.object({
  returnTo: z
    .string()
    .max(500)
    .refine(isSameSitePath, 'returnTo must be a path on this site')
    .optional(),
});

const callbackQuerySchema = z.object({}).loose();

const flowCookieName = (deps: Deps) =>
  deps.config.secureCookies ? `__Host-${FLOW_COOKIE}` : FLOW_COOKIE;

function requireOidc(deps: Deps) {
  if (!deps.oidc) throw new HttpError('not_found', 'Single sign-on is not configured.');
  return deps.oidc;
}

function signInPage(reason: string) {
  return `/sign-in?sso=${encodeURIComponent(reason)}`;
}

/** Why a sign-in was refused, in the words the sign-in page shows (kept short, no internals). */
const REFUSED = 'refused';
const UNAVAILABLE = 'unavailable';
const DISABLED = 'disabled';

/** Finds or (when allowed) creates the portal user for a provider identity; null refuses. */
async function matchUser(
  deps: Deps,
  identity: OidcIdentity,
): Promise<{
  userId: string | null;
  reason?: string;
  /** The user the identity is, when their account is disabled: told so, and audited as theirs. */
  disabled?: UserRecord;
  created?: boolean;
  roleChangedFrom?: string;
  /** The links the new role does not act on, removed with the change. */
  unlinked?: { kind: LinkKind; upstreamId: string }[];
}> {
  const settings = deps.oidc!.settings;
  const domain = identity.email?.split('@')[1] ?? '';
  if (settings.allowedDomains.length > 0) {
    if (!identity.email || !identity.emailVerified) {
      return { userId: null, reason: 'email_not_verified' };
    }
    if (!settings.allowedDomains.includes(domain)) {
      return { userId: null, reason: 'email_domain_not_allowed' };
    }
  }
  let userId = await findUserIdByOidc(deps.db, identity.issuer, identity.subject);
  let linkByEmail = false;
  if (!userId) {
    if (!identity.email || !identity.emailVerified) {
      return { userId: null, reason: 'email_not_verified' };
    }
    userId = await findUserIdByEmail(deps.db, identity.email);
    if (userId) {
      const existing = await findOidcOf(deps.db, userId);
      // An account already tied to another subject of this provider is not taken over by email.
      if (existing?.oidc_subject && existing.oidc_issuer === identity.issuer) {
        return { userId: null, reason: 'subject_mismatch' };
      }
      linkByEmail = true;
    }
  }
  if (userId) {
    // The provider proved this is the user (their subject, or their verified email): a disabled
    // account is refused as such, as a right password is, and nothing of it changes.
    const found = await findUserRecord(deps.db, userId);
    if (found?.disabled) return { userId: null, reason: ACCOUNT_DISABLED, disabled: found };
    if (linkByEmail) await linkOidc(deps.db, userId, identity.issuer, identity.subject);
  }
  if (!userId) {
    const role = identity.role ?? settings.jitRole;
    if (!settings.jitRole || !role) return { userId: null, reason: 'unknown_user' };
    userId = await createUser(deps.db, {
      email: identity.email!,
      name: identity.name ?? identity.email!,
      role,
      password: '',
      oidc: { issuer: identity.issuer, subject: identity.subject },
    });
    return { userId, created: true };
  }
  const user = await getUser(deps.db, userId);
  if (!user) return { userId: null, reason: 'unknown_user' };
  // The provider is the source of truth for roles when it names one.
  // Its links that the new role does not act on go with the old role, as when an admin changes
  // it (routes/admin-users.ts): the provider giving the old role back gives no access back.
  // The user's other sessions end with the old role, as an admin's change ends them: a session
  // opened under a role that needs no second factor must not go on under one that does, and
  // one of a role that loses its links must not keep acting for them.
  const role = identity.role;
  if (role && role !== user.role) {
    const unlinked = linksDroppedBy(user, role);
    await deps.db.transaction().execute(async (tx) => {
      await setRole(tx, userId, role);
      for (const l of unlinked) await unlink(tx, userId, l.kind, l.upstreamId);
      await revokeUserSessions(tx, userId);
    });
    return { userId, roleChangedFrom: user.role, unlinked };
  }
  return { userId };
}

async function callback(deps: Deps, request: FastifyRequest, reply: FastifyReply) {
  const client = requireOidc(deps);
  const cookieName = flowCookieName(deps);
  const flowCookie = request.cookies[cookieName];
  reply.clearCookie(cookieName, { path: '/' });
  const url = new URL(request.url, deps.config.publicUrl);
  const refuse = async (reason: string, detail?: string, email?: string | null) => {
    await deps.audit({
      action: 'sign_in',
      outcome: 'failed',
      userEmail: email ?? null,
      ip: request.ip,
      requestId: request.id,
      details: { method: 'oidc', reason, ...(detail ? { detail: detail.slice(0, 200) } : {}) },
    });
    return signInPage(reason === 'provider_unreachable' ? UNAVAILABLE : REFUSED);
  };
  /** A user the provider proved, whose account is disabled: theirs to know, and to ask about. */
  const refuseDisabled = async (user: UserRecord) => {
    await deps.audit({
      action: 'sign_in',
      outcome: 'denied',
      userId: user.id,
      userEmail: user.email,
      role: user.role,
      ip: request.ip,
      requestId: request.id,
      details: { method: 'oidc', reason: ACCOUNT_DISABLED },
    });
    return signInPage(DISABLED);
  };

  let finished;
  try {
    finished = await finishFlow(deps.db, client, flowCookie, url);
  } catch (err) {
    if (err instanceof OidcRefusal) return refuse(err.reason, err.message);
    request.log.warn({ err: (err as Error).message }, 'single sign-on failed');
    return refuse('provider_unreachable', (err as Error).message);
  }
  const { identity, returnTo } = finished;
  const matched = await matchUser(deps, identity);
  if (matched.disabled) return refuseDisabled(matched.disabled);
  if (!matched.userId) return refuse(matched.reason ?? 'unknown_user', undefined, identity.email);
  const user = await getUser(deps.db, matched.userId);
  if (!user) {
    // Disabled since it was matched (getUser answers only users who may sign in).
    const found = await findUserRecord(deps.db, matched.userId);
    if (found?.disabled) return refuseDisabled(found);
    return refuse('unknown_user', undefined, identity.email);
  }

  const old = request.cookies[sessionCookieName(deps.config)];
  if (old) await revokeSession(deps.db, hashToken(old));
  const step = await secondFactorStep(deps, user);
  const { token } = await createSession(
    deps.db,
    user.id,
    sessionTimes(deps.config),
    { ip: request.ip, userAgent: request.headers['user-agent'] },
    new Date(),
    { pendingSecondFactor: step !== null, authMethod: 'oidc', oidcTokens: identity.tokens },
  );
  setSessionCookie(reply, deps.config, token);
  const base = {
    userId: user.id,
    userEmail: user.email,
    role: user.role,
    ip: request.ip,
    requestId: request.id,
  };
  // What single sign-on changed in the user's record, audited before the sign-in itself.
  const userChange = {
    ...base,
    objectType: 'user',
    objectId: user.id,
    outcome: 'succeeded',
  } as const;
  if (matched.created) {
    await deps.audit({
      ...userChange,
      action: 'user_created',
      details: { by: 'single_sign_on', role: user.role },
    });
  }
  if (matched.roleChangedFrom) {
    const roleChanged = { from: matched.roleChangedFrom, to: user.role };
    const unlinked = matched.unlinked ?? [];
    await deps.audit({
      ...userChange,
      action: 'user_role_changed',
      details: { by: 'single_sign_on', ...roleChanged, unlinked },
    });
    for (const l of unlinked) {
      await deps.audit({
        ...userChange,
        action: 'user_unlinked',
        objectType: l.kind,
        objectId: l.upstreamId,
        details: { by: 'single_sign_on', userId: user.id, email: user.email, roleChanged },
      });
    }
  }
  await deps.audit({
    ...base,
    action: 'sign_in',
    outcome: step ? 'allowed' : 'succeeded',
    details: {
      method: 'oidc',
      issuer: identity.issuer,
      ...(step ? { secondFactor: step.step } : {}),
    },
  });
  // The second step, when owed, happens on the sign-in page, which then goes on to returnTo.
  if (step)
    return `/sign-in?sso=second-factor${returnTo ? `&redirectTo=${encodeURIComponent(returnTo)}` : ''}`;
  return returnTo ?? '/';
}

export const oidcRoutes = [
  defineRoute({
    method: 'GET',
    url: '/auth/oidc/start',
    summary: 'Single sign-on: sends the browser to the OpenID provider (code + PKCE, state, nonce)',
    tags: ['session'],
    query: startQuerySchema,
    response: null,
    redirect: true,
    async handler({ deps, query, reply, request }) {
      const client = requireOidc(deps);
      try {
        const flow = await startFlow(
          deps.db,
          client,
          `${deps.config.publicUrl}${CALLBACK_PATH}`,
          query.returnTo ?? null,
        );
        // Lax, not Strict: the provider sends the browser back with a cross-site navigation.
        reply.setCookie(flowCookieName(deps), flow.cookie, {
          httpOnly: true,
          secure: deps.config.secureCookies,
          sameSite: 'lax',
          path: '/',
          maxAge: FLOW_TTL_MS / 1000,
        });
        return flow.authorizationUrl;
      } catch (err) {
        request.log.warn(
          { err: (err as Error).message },
          'the OpenID provider could not be reached',
        );
        return signInPage(UNAVAILABLE);
      }
    },
  }),

  defineRoute({
    method: 'GET',
    url: CALLBACK_PATH,
    summary: 'Single sign-on: the provider returns here; signs the matched user in',
    tags: ['session'],
    query: callbackQuerySchema,
    response: null,
    redirect: true,
    handler: ({ deps, request, reply }) => callback(deps, request, reply),
  }),
];
