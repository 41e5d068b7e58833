import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { isApiRoute } from './csrf';

/**
 * Security headers from @fastify/helmet. No inline script anywhere (the SPA is built to external
 * modules). Styles allow inline because the component library injects its own style elements at
 * run time. HSTS only when the portal is served over HTTPS (PUBLIC_URL), since a browser ignores
 * it over plain HTTP and a local run must stay reachable.
 */
async function securityHeaders(app: FastifyInstance, { config }: { config: Config }) {
  await app.register(helmet, {
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
