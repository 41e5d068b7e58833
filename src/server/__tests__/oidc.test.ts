import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createUser, setDisabled } from '../store/users';
import { call, signIn, startHarness, type Harness } from './harness';
import { loginAt, startOidcProvider, type TestProvider } from './oidc-test-provider';

/**
 * Single sign-on against a real OpenID provider on 127.0.0.1: the happy path, and a refusal for
 * each way a callback can be wrong (issuer, state, nonce, a replayed code, unknown users).
 */
let h: Harness;
let idp: TestProvider;
const CALLBACK = 'http://127.0.0.1:8080/auth/oidc/callback';

beforeAll(async () => {
  idp = await startOidcProvider({
    redirectUris: [CALLBACK],
    accounts: {
      'staff-1': { email: 'compliance@demo.test', groups: ['portal-compliance'] },
      'staff-2': { email: 'issuer@demo.test', groups: ['portal-compliance'] },
      stranger: { email: 'stranger@demo.test' },
      outsider: { email: 'admin@elsewhere.test' },
      unverified: { email: 'admin@demo.test', emailVerified: false },
      gone: { email: 'gone@demo.test' },
      'sso-person': { email: 'sso-person@demo.test' },
    },
  });
  h = await startHarness({
    env: {
      OIDC_ISSUER_URL: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_GROUP_ROLES: 'portal-compliance=compliance',
      OIDC_ALLOWED_DOMAINS: 'demo.test',
    },
  });
}, 120_000);
afterAll(async () => {
  await h?.close();
  await idp?.close();
});

async function start(returnTo?: string) {
  const res = await h.app.inject({
    method: 'GET',
    url: `/auth/oidc/start${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`,
  });
  expect(res.statusCode).toBe(303);
  const flow = res.cookies.find((c) => c.name === 'portal_oidc');
  expect(flow?.sameSite).toBe('Lax');
  expect(flow?.httpOnly).toBe(true);
  return { authUrl: res.headers.location as string, cookie: `portal_oidc=${flow!.value}` };
}

function back(callbackUrl: string, cookie?: string) {
  const url = new URL(callbackUrl);
  expect(url.origin + url.pathname).toBe(CALLBACK);
  return h.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: cookie ? { cookie } : {},
  });
}

const sessionCookie = (res: LightMyRequestResponse) =>
  res.cookies.find((c) => c.name === 'portal_session' && c.value);

async function lastSignInAudit() {
  return h.db
    .selectFrom('audit_events')
    .selectAll()
    .where('action', '=', 'sign_in')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

function expectRefused(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(303);
  expect(res.headers.location).toBe('/sign-in?sso=refused');
  expect(sessionCookie(res)).toBeUndefined();
}

describe('single sign-on (OpenID Connect, code + PKCE)', () => {
  it('sends the browser to the provider with PKCE (S256), state and nonce', async () => {
    const { authUrl } = await start();
    const url = new URL(authUrl);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
  });

  // A browser drops tabs and newlines in a URL and reads `\` as `/`: each of these, given back
  // as the Location after signing in, would lead to another site.
  it.each([
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'https://evil.example',
  ])(
    'refuses to start with a return path that leads off the site (%j), and sends nothing to the provider',
    async (returnTo) => {
      const res = await h.app.inject({
        method: 'GET',
        url: `/auth/oidc/start?returnTo=${encodeURIComponent(returnTo)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.json().error.message).toMatch(/returnTo must be a path on this site/);
    },
  );

  it('signs a staff member in, role from the group mapping; tokens stay on the server', async () => {
    const { authUrl, cookie } = await start('/compliance/search');
    const res = await back(await loginAt(authUrl, 'staff-1'), cookie);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/compliance/search');
    const session = sessionCookie(res)!;
    expect(session.sameSite).toBe('Strict');
    const me = await call(h.app, 'GET', '/api/session', {
      cookie: `${session.name}=${session.value}`,
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email: 'compliance@demo.test', role: 'compliance' });
    // The browser gets only the cookie: no token in any reply.
    expect(me.body).not.toMatch(/eyJ/);
    expect(res.body).not.toMatch(/eyJ/);
    const row = await h.db
      .selectFrom('sessions')
      .select(['auth_method', 'oidc_tokens'])
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.auth_method).toBe('oidc');
    expect((row.oidc_tokens as { idToken: string }).idToken).toMatch(/^eyJ/);
    expect(await lastSignInAudit()).toMatchObject({
      outcome: 'succeeded',
      user_email: 'compliance@demo.test',
    });
  });

  it('the provider names the role: a mapped group changes the stored role (audited), and the links it does not act on go', async () => {
    const staff = await h.db
      .selectFrom('users')
      .innerJoin('user_links', 'user_links.user_id', 'users.id')
      .select(['users.id', 'kind', 'upstream_id as upstreamId'])
      .where('users.email', '=', 'issuer@demo.test')
      .orderBy('upstream_id')
      .execute();
    // The demo issuer staff hold their issuer and its securities (demo-users.ts).
    expect(staff.map((l) => l.kind)).toEqual(expect.arrayContaining(['issuer', 'security']));
    // A session they opened with their password before, as issuer staff.
    const earlier = await signIn(h.app, 'issuer@demo.test');
    const { authUrl, cookie } = await start();
    const res = await back(await loginAt(authUrl, 'staff-2'), cookie);
    expect(sessionCookie(res)).toBeDefined();
    // It ends with the old role: it would otherwise act as a reviewer without having proved a
    // second factor, or for the issuer it no longer acts for.
    const afterwards = await call(h.app, 'GET', '/api/audit-events', { cookie: earlier });
    expect(afterwards.statusCode).toBe(401);
    expect((await call(h.app, 'GET', '/api/session', { cookie: earlier })).json()).toMatchObject({
      signedIn: false,
    });
    const changed = await h.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'user_role_changed')
      .executeTakeFirstOrThrow();
    expect(changed.details).toMatchObject({ from: 'issuer_staff', to: 'compliance' });
    // A reviewer acts on no links: kept, the provider giving the old role back would give the
    // issuer's records back unasked.
    const left = await h.db
      .selectFrom('user_links')
      .select('kind')
      .where('user_id', '=', staff[0].id)
      .execute();
    expect(left).toEqual([]);
    const unlinked = (changed.details as { unlinked: { kind: string; upstreamId: string }[] })
      .unlinked;
    expect(unlinked).toHaveLength(staff.length);
    expect(unlinked).toEqual(
      expect.arrayContaining(staff.map(({ kind, upstreamId }) => ({ kind, upstreamId }))),
    );
    const events = await h.db
      .selectFrom('audit_events')
      .select(['object_id', 'details'])
      .where('action', '=', 'user_unlinked')
      .execute();
    expect(events.map((e) => e.object_id).sort()).toEqual(staff.map((l) => l.upstreamId).sort());
    expect(events[0].details).toMatchObject({
      by: 'single_sign_on',
      roleChanged: { from: 'issuer_staff', to: 'compliance' },
    });
  });

  it('with single sign-on set up, an admin creates a user without a password, for single sign-on only', async () => {
    const admin = await signIn(h.app, 'admin@demo.test');
    const created = await call(h.app, 'POST', '/api/admin/users', {
      cookie: admin,
      body: { email: 'sso-only@demo.test', name: 'SSO only', role: 'compliance', password: '' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().signInMethods).toEqual([]);
  });

  it('tells a user who signs in only through single sign-on that their password is with their provider, and changes nothing', async () => {
    await createUser(h.db, {
      email: 'sso-person@demo.test',
      name: 'SSO person',
      role: 'investor',
      password: '',
    });
    const { authUrl, cookie } = await start();
    const session = sessionCookie(await back(await loginAt(authUrl, 'sso-person'), cookie))!;
    const theirs = `${session.name}=${session.value}`;
    expect((await call(h.app, 'GET', '/api/me/password', { cookie: theirs })).json()).toEqual({
      hasPassword: false,
    });
    const refused = await call(h.app, 'PUT', '/api/me/password', {
      cookie: theirs,
      body: { currentPassword: 'anything-at-all', newPassword: 'a-new-password-2026' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      message:
        'You sign in through single sign-on: your password is kept by your identity provider, so change it there. Nothing was changed.',
      submitted: 'no',
    });
    const res = await call(h.app, 'POST', '/api/session', {
      body: { email: 'sso-person@demo.test', password: 'a-new-password-2026' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a callback whose issuer is not the configured one', async () => {
    const { authUrl, cookie } = await start();
    const good = new URL(await loginAt(authUrl, 'staff-1'));
    expect(good.searchParams.get('iss')).toBe(idp.issuer);
    good.searchParams.set('iss', 'http://127.0.0.1:1/evil');
    expectRefused(await back(good.href, cookie));
  });

  it('refuses a callback with another state, or without the flow cookie of this browser', async () => {
    const { authUrl, cookie } = await start();
    const good = new URL(await loginAt(authUrl, 'staff-1'));
    const forged = new URL(good);
    forged.searchParams.set('state', 'not-the-state-we-sent');
    expectRefused(await back(forged.href, cookie));

    const other = await start();
    const url = new URL(await loginAt(other.authUrl, 'staff-1'));
    expectRefused(await back(url.href)); // no cookie: the flow did not start in this browser
    expect((await lastSignInAudit()).details).toMatchObject({ method: 'oidc', reason: 'no_flow' });
  });

  it('refuses an ID token whose nonce is not the one this flow sent', async () => {
    const { authUrl, cookie } = await start();
    const url = await loginAt(authUrl, 'staff-1');
    const state = new URL(url).searchParams.get('state')!;
    await h.db
      .updateTable('oidc_flows')
      .set({ nonce: 'a-different-nonce' })
      .where('state', '=', state)
      .execute();
    expectRefused(await back(url, cookie));
    expect(JSON.stringify((await lastSignInAudit()).details)).toMatch(/nonce/i);
  });

  it('refuses a replayed code: the same callback twice, and the code inside a new flow', async () => {
    const { authUrl, cookie } = await start();
    const url = await loginAt(authUrl, 'staff-1');
    expect(sessionCookie(await back(url, cookie))).toBeDefined();
    expectRefused(await back(url, cookie));
    expect((await lastSignInAudit()).details).toMatchObject({ reason: 'flow_used_or_expired' });

    // An attacker with the code starts their own flow and pastes it: the provider refuses it
    // (already used, and the PKCE verifier is not the one it was issued for).
    const attacker = await start();
    const theirState = new URL(attacker.authUrl).searchParams.get('state')!;
    const stolen = new URL(url);
    stolen.searchParams.set('state', theirState);
    expectRefused(await back(stolen.href, attacker.cookie));
    expect((await lastSignInAudit()).details).toMatchObject({ reason: 'invalid_grant' });
  });

  it('refuses unknown users (no just-in-time creation by default), other domains and unverified emails', async () => {
    for (const login of ['stranger', 'outsider', 'unverified']) {
      const { authUrl, cookie } = await start();
      expectRefused(await back(await loginAt(authUrl, login), cookie));
    }
    const reasons = await h.db
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'sign_in')
      .where('outcome', '=', 'failed')
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
    expect(reasons.map((r) => (r.details as { reason: string }).reason).reverse()).toEqual([
      'unknown_user',
      'email_domain_not_allowed',
      'email_not_verified',
    ]);
    const stranger = await h.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'stranger@demo.test')
      .executeTakeFirst();
    expect(stranger).toBeUndefined();
  });

  it('tells a disabled user their account is disabled, by email or by subject, audited as theirs; nothing of the account changes', async () => {
    const id = await createUser(h.db, {
      email: 'gone@demo.test',
      name: 'Gone',
      role: 'compliance',
      password: '',
    });
    await setDisabled(h.db, id, true);
    const signInAsGone = async () => {
      const { authUrl, cookie } = await start();
      return back(await loginAt(authUrl, 'gone'), cookie);
    };
    const expectDisabled = async (res: LightMyRequestResponse) => {
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/sign-in?sso=disabled');
      expect(sessionCookie(res)).toBeUndefined();
      expect(await lastSignInAudit()).toMatchObject({
        outcome: 'denied',
        user_id: id,
        user_email: 'gone@demo.test',
        role: 'compliance',
        details: { method: 'oidc', reason: 'account_disabled' },
      });
    };
    const oidcOf = () =>
      h.db
        .selectFrom('users')
        .select('oidc_subject')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    // Matched by its verified email: refused as disabled, and not tied to the provider.
    await expectDisabled(await signInAsGone());
    expect(await oidcOf()).toEqual({ oidc_subject: null });

    // Enabled, it signs in and is tied to its subject; disabled again, refused as such.
    await setDisabled(h.db, id, false);
    expect(sessionCookie(await signInAsGone())).toBeDefined();
    expect(await oidcOf()).toEqual({ oidc_subject: 'gone' });
    await setDisabled(h.db, id, true);
    await expectDisabled(await signInAsGone());
  });

  it('the sign-in page learns that single sign-on is offered', async () => {
    const res = await call(h.app, 'GET', '/api/config');
    expect(res.json()).toMatchObject({ singleSignOn: { label: 'single sign-on' } });
  });
});
