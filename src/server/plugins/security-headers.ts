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
 * here against 0.2 µs for the middleware built once; docs/benchmarks.md). The headers are the
 * same: both set them on the raw response in an onRequest hook, so errors and 404s carry them.
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
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error === undefined || error instanceof Error ? error : new Error(String(error))),
    );
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // Helmet has no Permissions-Policy: the portal uses none of these features.
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    // Whatever an API route or a signed-in request answers is the user's own: never cached.
    if (isApiRoute(request) || request.user) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/** On the root instance: every answer carries the headers, 404s and static files included. */
export const securityHeadersPlugin = fp(securityHeaders, { name: 'portal-security-headers' });
