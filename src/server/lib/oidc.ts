import { createHash, randomBytes } from 'node:crypto';
import type * as Oidc from 'openid-client';
import type { OidcSettings } from '../config';
import type { Role } from '../../contract/session';
import { roleSchema } from '../../contract/session';
import type { Db } from '../store/db';

/**
 * Single sign-on through an OpenID provider with `openid-client`: authorization code with PKCE,
 * state and nonce. The provider's metadata is discovered once (and again after a failure); the
 * per-browser flow (state, nonce, PKCE verifier) is kept in the store, keyed by a cookie, and used
 * once.
 */
export const FLOW_TTL_MS = 10 * 60_000;

/**
 * The library loads at the first sign-on, not at start-up (tens of ms on a small machine): most
 * starts never use it, and it is not configured without OIDC_ISSUER_URL.
 */
let library: Promise<typeof Oidc> | undefined;
const loadOidc = () => (library ??= import('openid-client'));

export class OidcClient {
  private discovered: Promise<Oidc.Configuration> | undefined;

  constructor(readonly settings: OidcSettings) {}

  configuration(): Promise<Oidc.Configuration> {
    this.discovered ??= this.discover().catch((err: unknown) => {
      this.discovered = undefined;
      throw err;
    });
    return this.discovered;
  }

  private async discover() {
    const oidc = await loadOidc();
    const url = new URL(this.settings.issuerUrl);
    // Plain HTTP only for a provider on this machine (tests, local trials); elsewhere HTTPS.
    const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    return oidc.discovery(
      url,
      this.settings.clientId,
      this.settings.clientSecret,
      undefined,
      url.protocol === 'http:' && loopback ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
  }
}

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

export interface StartedFlow {
  cookie: string;
  authorizationUrl: string;
}

export async function startFlow(
  db: Db,
  client: OidcClient,
  redirectUri: string,
  returnTo: string | null,
  now = new Date(),
): Promise<StartedFlow> {
  const config = await client.configuration();
  const oidc = await loadOidc();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const cookie = randomBytes(32).toString('base64url');
  await db
    .insertInto('oidc_flows')
    .values({
      id_hash: hash(cookie),
      state,
      nonce,
      code_verifier: codeVerifier,
      return_to: returnTo,
      created_at: now,
    })
    .execute();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: client.settings.scopes,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  // Old flows are of no use to anyone: drop those past their time.
  await db
    .deleteFrom('oidc_flows')
    .where('created_at', '<', new Date(now.getTime() - FLOW_TTL_MS))
    .execute();
  return { cookie, authorizationUrl: url.href };
}

export class OidcRefusal extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

export interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  role: Role | null;
  tokens: Record<string, unknown>;
}

/**
 * Finishes a flow: the cookie's flow is consumed (a second use is refused), then the code is
 * exchanged with the flow's PKCE verifier, and the ID token's issuer, audience, nonce and
 * signature are checked by the library against the discovered metadata.
 */
export async function finishFlow(
  db: Db,
  client: OidcClient,
  cookie: string | undefined,
  callbackUrl: URL,
  now = new Date(),
): Promise<{ identity: OidcIdentity; returnTo: string | null }> {
  if (!cookie) {
    throw new OidcRefusal('no_flow', 'The sign-in did not start in this browser.');
  }
  const flow = await db
    .updateTable('oidc_flows')
    .set({ used_at: now })
    .where('id_hash', '=', hash(cookie))
    .where('used_at', 'is', null)
    .where('created_at', '>', new Date(now.getTime() - FLOW_TTL_MS))
    .returningAll()
    .executeTakeFirst();
  if (!flow) {
    throw new OidcRefusal('flow_used_or_expired', 'This sign-in link was already used or expired.');
  }
  const config = await client.configuration();
  const oidc = await loadOidc();
  let tokens: Awaited<ReturnType<typeof Oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: flow.code_verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
  } catch (err) {
    const code =
      err instanceof oidc.AuthorizationResponseError || err instanceof oidc.ResponseBodyError
        ? err.error
        : err instanceof Error && 'code' in err
          ? String((err as { code: unknown }).code)
          : 'invalid_response';
    // Name the claim that failed (iss, aud, nonce…) for the audit log.
    // openid-client wraps the precise check that failed (such as the nonce claim) as the cause.
    const cause =
      err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
    throw new OidcRefusal(
      code,
      `${err instanceof Error ? err.message : 'The provider refused.'}${cause}`,
    );
  }
  const claims = tokens.claims();
  if (!claims) throw new OidcRefusal('no_id_token', 'The provider sent no ID token.');
  // Providers differ in which claims ride in the ID token; the UserInfo endpoint has them all
  // (OpenID Connect Core §5.3), and fetchUserInfo checks that its subject is the token's.
  let userInfo: Record<string, unknown> = { ...claims };
  if (config.serverMetadata().userinfo_endpoint) {
    try {
      userInfo = {
        ...userInfo,
        ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)),
      };
    } catch (err) {
      throw new OidcRefusal(
        'userinfo_failed',
        err instanceof Error ? err.message : 'The provider did not describe the user.',
      );
    }
  }
  return {
    identity: {
      issuer: claims.iss,
      subject: claims.sub,
      email: typeof userInfo.email === 'string' ? userInfo.email.toLowerCase() : null,
      emailVerified: userInfo.email_verified === true,
      name: typeof userInfo.name === 'string' ? userInfo.name : null,
      role: mappedRole(client.settings, userInfo),
      tokens: {
        idToken: tokens.id_token,
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token ?? null,
        expiresAt: tokens.expires_in ? now.getTime() + tokens.expires_in * 1000 : null,
      },
    },
    returnTo: flow.return_to,
  };
}

/** The portal role the provider's claims name: a role claim first, then the group mapping. */
function mappedRole(settings: OidcSettings, claims: Record<string, unknown>): Role | null {
  if (settings.roleClaim) {
    const parsed = roleSchema.safeParse(claims[settings.roleClaim]);
    if (parsed.success) return parsed.data;
  }
  const groups = claims[settings.groupsClaim];
  if (Array.isArray(groups)) {
    for (const group of groups) {
      const role = typeof group === 'string' ? settings.groupRoles[group] : undefined;
      if (role) return role;
    }
  }
  return null;
}
