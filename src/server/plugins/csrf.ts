import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { HttpError } from '../lib/http-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether the route the router matched is a BFF API route. Checks key on the matched route, never
 * on the raw request target: the router decodes `/%61pi/…` to `/api/…`, so a test of the raw URL
 * would let an encoded path reach an API handler unchecked.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') ?? false;
}

/**
 * Every /api request carries `X-CSRF: 1` (a header a cross-site form or image cannot send), and
 * mutating requests an Origin of this site. GET never changes anything.
 *
 * Only origin-form request targets (`/path?query`) are served: absolute-form
 * (`http://host/path`), authority-form and asterisk-form (`*`) are meant for proxies and for
 * server-wide OPTIONS, and they let the host part and the path disagree with what the checks saw.
 */
async function csrf(app: FastifyInstance, { config }: { config: Config }) {
  // The one origin browsers use (PUBLIC_URL). Never the Host header: a proxy or a client sets it.
  const publicOrigin = new URL(config.publicUrl).origin;
  // A callback hook: nothing here waits, so no promise a request.
  app.addHook('onRequest', (request, _reply, done) => done(refusalOf(request, publicOrigin)));
}

/** Why a request is refused before its route runs, or undefined. */
function refusalOf(request: FastifyRequest, publicOrigin: string): HttpError | undefined {
  if (!request.raw.url?.startsWith('/')) {
    return new HttpError(
      'bad_request',
      'The request target must be a path starting with / (origin-form).',
      { submitted: 'no' },
    );
  }
  if (!isApiRoute(request)) return undefined;
  if (request.headers['x-csrf'] !== '1') {
    return new HttpError('forbidden', 'The request is missing the X-CSRF: 1 header.', {
      submitted: 'no',
    });
  }
  if (SAFE_METHODS.has(request.method)) return undefined;
  if (request.headers.origin !== publicOrigin) {
    return new HttpError(
      'forbidden',
      'The request must come from this site (Origin header mismatch).',
      {
        submitted: 'no',
      },
    );
  }
  return undefined;
}

/** On the root instance: the checks run before every route, the SPA's included. */
export const csrfPlugin = fp(csrf, { name: 'portal-csrf' });
