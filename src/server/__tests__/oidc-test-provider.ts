import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (`oidc-provider`) on 127.0.0.1 for BFF tests and the Playwright journey.
 * Any login is accepted on its development login form and becomes the subject; the claims of
 * each subject come from `accounts`. Consent is implied (a first-party client).
 */
export interface TestAccount {
  email: string;
  emailVerified?: boolean;
  name?: string;
  groups?: string[];
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  close(): Promise<void>;
}

export async function startOidcProvider(options: {
  port?: number;
  redirectUris: string[];
  accounts?: Record<string, TestAccount>;
}): Promise<TestProvider> {
  const accounts = new Map(Object.entries(options.accounts ?? {}));
  const clientId = 'portal-test';
  const clientSecret = 'portal-test-secret-0123456789abcdef';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'groups'],
    },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['oidc-test-cookie-key'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Grant: 600,
      Interaction: 600,
      Session: 600,
    },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            ...(account
              ? {
                  email: account.email,
                  email_verified: account.emailVerified ?? true,
                  name: account.name ?? account.email,
                  groups: account.groups ?? [],
                }
              : {}),
          };
        },
      };
    },
    async loadExistingGrant(ctx) {
      const grantId =
        ctx.oidc.result?.consent?.grantId ??
        ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Drives the provider's login form as a browser would (cookies kept, redirects followed by
 * hand) and answers the redirect back to the portal: the callback URL with code and state.
 */
export async function loginAt(authorizationUrl: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, ...value] = pair.split('=');
      jar.set(name.trim(), value.join('='));
    }
  };
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    remember(res);
    return res;
  };

  let url = authorizationUrl;
  const origin = new URL(authorizationUrl).origin;
  for (let hop = 0; hop < 10; hop++) {
    const res = await go(url);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (!next.startsWith(origin)) return next;
      url = next;
      continue;
    }
    const html = await res.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`The provider showed no form at ${url}: ${html.slice(0, 200)}`);
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1] ?? 'login';
    const body = new URLSearchParams(
      prompt === 'login' ? { prompt, login, password: 'any' } : { prompt },
    );
    const posted = await go(new URL(action.replaceAll('&amp;', '&'), url).href, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const after = posted.headers.get('location');
    if (!after) throw new Error(`The provider's form at ${action} did not redirect`);
    url = new URL(after, url).href;
    if (!url.startsWith(origin)) return url;
  }
  throw new Error('Too many redirects at the provider');
}
