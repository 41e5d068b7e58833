import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error';
import { fromUpstream, isUpstreamError } from '../lib/upstream-errors';
import { isStoreFailure, storeUnavailable } from '../lib/store-errors';

/** One place turns every failure into `{ error }` with a plain sentence; no stack traces leave. */
export function errorHandlerPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | Error, request, reply) => {
    let httpError: HttpError;
    if (err instanceof HttpError) httpError = err;
    else if (isUpstreamError(err)) httpError = fromUpstream(err);
    else if (isStoreFailure(err)) httpError = storeUnavailable('Nothing was changed.');
    else httpError = fromFastify(err as FastifyError);
    // Every error of a money route says whether anything was submitted. Errors that reach here
    // without one were raised before the request was claimed (the claim path sets its own).
    const config = request.routeOptions.config as { idempotent?: boolean } | undefined;
    if (config?.idempotent && !httpError.extra.submitted) {
      httpError = new HttpError(httpError.code, httpError.message, {
        ...httpError.extra,
        submitted: 'no',
      });
    }

    if (httpError.status >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ code: httpError.code, status: httpError.status }, httpError.message);
    if (httpError.extra.retryAfterSeconds) {
      reply.header('retry-after', String(httpError.extra.retryAfterSeconds));
    }
    reply.code(httpError.status).send(httpError.toBody(request.id));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send(
        new HttpError(
          'not_found',
          `No such address: ${request.method} ${request.url.split('?')[0]}`,
        ).toBody(request.id),
      );
  });
}

function fromFastify(err: FastifyError): HttpError {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError('bad_request', 'The request body is too large.', { submitted: 'no' });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(
        'bad_request',
        'Send the request body as JSON (Content-Type: application/json).',
        { submitted: 'no' },
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new HttpError('bad_request', 'The request body is not valid JSON.', {
        submitted: 'no',
      });
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return new HttpError('bad_request', 'The request could not be read.', { submitted: 'no' });
  }
  return new HttpError('internal', 'Something went wrong on our side. Please try again.');
}
