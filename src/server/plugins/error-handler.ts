import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error';
import { fromUpstream, isUpstreamError } from '../lib/upstream-errors';
import { isStoreFailure, storeFailureOf, storeUnavailableForRead } from '../lib/store-errors';
import { fromValidation, summarize } from '../lib/zod-issues';
import { contractIssues } from '../lib/contract-issues';

/** One place turns every failure into `{ error }` with a plain sentence; no stack traces leave. */
async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | Error, request, reply) => {
    let httpError: HttpError;
    let logged = false;
    if (err instanceof HttpError) httpError = err;
    else if (isUpstreamError(err)) httpError = fromUpstream(err);
    else if (isStoreFailure(err)) {
      // "Nothing was changed" only if nothing was: a write may have reached the platform or the
      // store before the store failed, or the failure met the write itself (it may have been
      // saved), and the route says how the person sees what became of it.
      // A read changed nothing and says only why and when to look again.
      httpError =
        request.method === 'GET' || request.method === 'HEAD'
          ? storeUnavailableForRead()
          : storeFailureOf(request, request.routeOptions.config.afterChange, err);
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      // The route's contract refused the request (Fastify's validation step, before any handler).
      const fields = fromValidation(err.validation, err.validationContext);
      httpError = new HttpError('bad_request', summarize(fields), { fields, submitted: 'no' });
    } else if (isReplyContractError(err)) {
      // The reply does not match its contract: a fault of ours, never shown as it is. The log
      // names the fields and rules only (the values may be personal data).
      request.log.error(
        { route: request.routeOptions.url, issues: contractIssues(err.cause) },
        'reply does not match its contract',
      );
      logged = true;
      httpError = new HttpError(
        'internal',
        'Something went wrong on our side. Nothing was changed.',
      );
    } else httpError = fromFastify(err as FastifyError);
    // Every error of a money route says whether anything was submitted. Errors that reach here
    // without one were raised before the request was claimed (the claim path sets its own).
    const config = request.routeOptions.config as { idempotent?: boolean } | undefined;
    if (config?.idempotent && !httpError.extra.submitted) {
      httpError = new HttpError(httpError.code, httpError.message, {
        ...httpError.extra,
        submitted: 'no',
      });
    }

    if (logged) {
      // Already logged above, without the error object (its cause holds the reply).
    } else if (httpError.status >= 500) request.log.error({ err }, 'request failed');
    else {
      // A refusal is logged by its code and the fields it names, not its words: they may name
      // people (an account's holder, another user's email), and the log keeps no personal data.
      const { refusal, fields } = httpError.extra;
      request.log.info(
        {
          code: httpError.code,
          status: httpError.status,
          ...(refusal ? { refusal } : {}),
          ...(fields?.length ? { fields: fields.map((issue) => issue.field) } : {}),
        },
        'request refused',
      );
    }
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

/** Decorates the root instance: every route, plugin and 404 answers in the portal's shape. */
export const errorHandlerPlugin = fp(errorHandler, { name: 'portal-error-handler' });

function isReplyContractError(err: unknown): err is Error & { cause: unknown } {
  return (
    err instanceof Error &&
    (err as FastifyError).code === 'FST_ERR_RESPONSE_SERIALIZATION' &&
    isResponseSerializationError(err as never)
  );
}

function fromFastify(err: FastifyError): HttpError {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError('bad_request', 'The request body is too large.', { submitted: 'no' });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(
        'bad_request',
        'Send the request as JSON (Content-Type: application/json).',
        { submitted: 'no', status: 415 },
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
