import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One log line a request, when it is answered: its method, path (the logger's request
 * serializer drops the query string), status and time, under its request id. Fastify's own
 * request logging writes two lines, one as the request arrives; that one is kept at `debug`.
 * Each line is a synchronous write to the log, a cost the benchmark measures (docs/benchmarks.md,
 * "Logging"), and the answered line says all the arrival line did.
 */
async function requestLog(app: FastifyInstance) {
  if (app.log.level === 'debug' || app.log.level === 'trace') {
    app.addHook('onRequest', (request, _reply, done) => {
      request.log.debug({ req: request }, 'incoming request');
      done();
    });
  }
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
    done();
  });
}

export const requestLogPlugin = fp(requestLog, { name: 'request-log' });
