import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config';
import { isApiRoute } from './csrf';

/**
 * Security headers from helmet. No inline script anywhere (the SPA is built to external
 * modules). Styles allow inline because the component library injects its own style elements at
 * run time. HSTS only when the portal is served over HTTPS (PUBLIC_URL), since a browser ignores
 * it over plain HTTP and a local run must stay reachable.
 *
 * helmet itself, not its Fastify wrapper: @fastify/helmet 13 calls `helmet(options)` again on
 * every request, which parses the policy and builds every middleware anew (about 10 µs a request
 * here against 0.2 µs for the middleware built once; docs/benchmarks.md). Every header of this
 * policy is the same for every request (no nonce, no directive that reads the request), so helmet
 * runs once at start against a stand-in response, and each request gets the headers it set, in
 * the same order, on the raw response in an onRequest hook: errors and 404s carry them too.
 */
async function securityHeaders(app: FastifyInstance, { config }: { config: Config }) {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: config.secureCookies
      ? { maxAge: 31_536_000, includeSubDomains: true, preload: false }
      : false,
  });
  const headers = headersSetBy(applyHeaders);
  // Helmet has no Permissions-Policy: the portal uses none of these features.
  headers.push(['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()']);
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // Whatever an API route or a signed-in request answers is the user's own: never cached.
    if (isApiRoute(request) || request.user) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

type Middleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/** The headers a helmet middleware sets, in order, run once against a stand-in response. */
function headersSetBy(middleware: Middleware): [string, string][] {
  const set = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name.toLowerCase(), String(value));
      return response;
    },
    removeHeader(name: string) {
      set.delete(name.toLowerCase());
    },
  };
  let failure: unknown = null;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    failure = error ?? null;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return [...set];
}

/** On the root instance: every answer carries the headers, 404s and static files included. */
export const securityHeadersPlugin = fp(securityHeaders, { name: 'portal-security-headers' });
