import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { HttpError } from '../lib/http-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every /api request carries `X-CSRF: 1` (a header a cross-site form or image cannot send), and
 * mutating requests an Origin of this site (decision 8). GET never changes anything.
 */
export function csrfPlugin(app: FastifyInstance, config: Config) {
  const configured = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    if (request.headers['x-csrf'] !== '1') {
      throw new HttpError('forbidden', 'The request is missing the X-CSRF: 1 header.', {
        submitted: 'no',
      });
    }
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const own = `${request.protocol}://${request.host}`;
    if (!origin || (origin !== configured && origin !== own)) {
      throw new HttpError(
        'forbidden',
        'The request must come from this site (Origin header mismatch).',
        { submitted: 'no' },
      );
    }
  });
}
