/**
 * Control endpoints under /__sandbox/ (only in the sandbox, no credentials, loopback callers only,
 * by a loopback name and from no other site's page):
 * reset, clock, approval batch, faults, call counts, the manifest, the bank-linking mode and the
 * hosted bank-linking page.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context.js';
import type { CallCounter, FaultRule, Faults } from '../http/faults.js';
import { nextBatchAfter } from '../domain/batch-schedule.js';
import { buildManifest } from './manifest.js';
import { registerBankLinkPage } from './bank-link-page.js';
import { BANK_LINKING_MODES, type BankLinkingMode } from '../domain/bank-linking.js';

export interface ControlDeps {
  ctx: SandboxContext;
  faults: Faults;
  calls: CallCounter;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** The names this machine calls itself by, with any port: a Host or an Origin's host. */
const LOOPBACK_HOST = /^(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?$/i;

/** An Origin header of a page served from this machine (the bank-linking page's own form). */
function loopbackOrigin(origin: string): boolean {
  try {
    const { protocol, host } = new URL(origin);
    return (protocol === 'http:' || protocol === 'https:') && LOOPBACK_HOST.test(host);
  } catch {
    // "null" (a sandboxed frame, a file) or anything else that is not an origin.
    return false;
  }
}

/**
 * Why a control request is refused, or null. A loopback address is not enough: a web page the
 * demo operator opens is loopback too when their browser sends its requests to the sandbox
 * (a cross-site form posting to /__sandbox/reset, a DNS name rebound to 127.0.0.1). So a request
 * must also name the sandbox by a loopback Host, and may carry no Origin but a loopback one. The
 * portal and the test helpers send no Origin; the bank-linking page's form sends its own.
 */
function refusal(request: FastifyRequest): string | null {
  if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) {
    return 'control endpoints answer loopback callers only';
  }
  if (!LOOPBACK_HOST.test(request.headers.host ?? '')) {
    return 'control endpoints answer requests to a loopback name only (127.0.0.1, localhost, [::1])';
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !loopbackOrigin(origin)) {
    return 'control endpoints answer no request from a web page of another site';
  }
  return null;
}

function clockView(ctx: SandboxContext) {
  const now = ctx.clock.now();
  return {
    now: new Date(now).toISOString(),
    frozen: ctx.clock.isFrozen(),
    nextBatchAt: new Date(nextBatchAfter(now)).toISOString(),
  };
}

function parseFault(body: Record<string, unknown>): FaultRule | string {
  const operation = body.operation;
  if (typeof operation !== 'string' || operation === '')
    return 'operation (a name or "*") is required';
  const rule: FaultRule = { operation };
  if (body.latencyMs !== undefined) {
    if (typeof body.latencyMs !== 'number' || body.latencyMs < 0)
      return 'latencyMs must be a non-negative number';
    rule.latencyMs = body.latencyMs;
  }
  if (body.httpStatus !== undefined) {
    if (typeof body.httpStatus !== 'number' || body.httpStatus < 500 || body.httpStatus > 599)
      return 'httpStatus must be 5xx';
    rule.httpStatus = body.httpStatus;
  }
  if (body.drop !== undefined) rule.drop = body.drop === true;
  if (body.malformedJson !== undefined) rule.malformedJson = body.malformedJson === true;
  if (body.statusCode !== undefined) {
    if (typeof body.statusCode !== 'string' || !/^\d{3,4}$/.test(body.statusCode))
      return 'statusCode must be a string such as "103"';
    rule.statusCode = body.statusCode;
  }
  if (body.oddRecord !== undefined) {
    const odd = body.oddRecord as { position?: unknown; fields?: unknown } | null;
    if (
      !odd ||
      !Number.isInteger(odd.position) ||
      (odd.position as number) < 0 ||
      !odd.fields ||
      typeof odd.fields !== 'object' ||
      Array.isArray(odd.fields)
    )
      return 'oddRecord must be { position: a whole number from 0, fields: an object }';
    rule.oddRecord = {
      position: odd.position as number,
      fields: odd.fields as Record<string, string | number | boolean | null>,
    };
  }
  if (body.when !== undefined) {
    const when = body.when as Record<string, unknown> | null;
    if (
      !when ||
      typeof when !== 'object' ||
      Array.isArray(when) ||
      Object.values(when).some((value) => typeof value !== 'string')
    )
      return 'when must be an object of parameter names to string values';
    rule.when = when as Record<string, string>;
  }
  if (body.times !== undefined) {
    if (!Number.isInteger(body.times) || (body.times as number) < 1)
      return 'times must be a positive integer';
    rule.times = body.times as number;
  }
  return rule;
}

export function registerControlRoutes(app: FastifyInstance, deps: ControlDeps): void {
  const { ctx, faults, calls } = deps;

  app.register(
    async (control) => {
      control.addHook('onRequest', async (request, reply) => {
        const refused = refusal(request);
        if (refused) return reply.code(403).send({ error: refused });
      });

      control.post('/reset', async () => {
        ctx.store.reset(ctx.clock.now());
        ctx.lifecycle.invalidate();
        ctx.orders.clear();
        faults.clear();
        calls.reset();
        ctx.bankLinking.reset();
        return { ok: true, manifest: buildManifest(ctx.store.state) };
      });

      control.get('/clock', async () => clockView(ctx));
      control.post('/clock', async (request, reply) => {
        const body = (request.body ?? {}) as {
          at?: unknown;
          advanceMs?: unknown;
          freeze?: unknown;
        };
        if (body.at !== undefined) {
          const at =
            typeof body.at === 'string' || typeof body.at === 'number'
              ? new Date(body.at).getTime()
              : NaN;
          if (Number.isNaN(at))
            return reply.code(400).send({ error: 'at must be an ISO instant or epoch ms' });
          ctx.clock.set(at, body.freeze === true);
        }
        if (body.advanceMs !== undefined) {
          if (typeof body.advanceMs !== 'number' || body.advanceMs < 0) {
            return reply.code(400).send({ error: 'advanceMs must be a non-negative number' });
          }
          ctx.clock.advance(body.advanceMs);
        }
        ctx.lifecycle.invalidate();
        if (ctx.lifecycle.tick(ctx.clock.now())) ctx.store.changed();
        return clockView(ctx);
      });

      control.post('/batch/run', async () => {
        const decided = ctx.lifecycle.runNow(ctx.clock.now());
        ctx.store.changed();
        return { decided, at: new Date(ctx.clock.now()).toISOString() };
      });

      control.get('/faults', async () => ({ faults: faults.list() }));
      control.post('/faults', async (request, reply) => {
        const rule = parseFault((request.body ?? {}) as Record<string, unknown>);
        if (typeof rule === 'string') return reply.code(400).send({ error: rule });
        const added = faults.add(rule);
        return { id: added.id, faults: faults.list() };
      });
      control.delete<{ Params: { id: string } }>('/faults/:id', async (request, reply) => {
        if (!faults.remove(Number(request.params.id)))
          return reply.code(404).send({ error: `no fault rule ${request.params.id}` });
        return { faults: faults.list() };
      });
      control.delete('/faults', async () => {
        faults.clear();
        return { faults: [] };
      });

      control.get<{ Querystring: { accountId?: string } }>('/calls', async (request) =>
        calls.snapshot(request.query.accountId),
      );
      control.post('/calls/reset', async () => {
        calls.reset();
        return calls.snapshot();
      });

      control.get('/manifest', async () => buildManifest(ctx.store.state));

      control.get('/bank-linking', async () => ctx.bankLinking.view());
      control.post('/bank-linking', async (request, reply) => {
        const body = (request.body ?? {}) as { mode?: unknown; accountId?: unknown };
        if (!BANK_LINKING_MODES.includes(body.mode as BankLinkingMode))
          return reply
            .code(400)
            .send({ error: `mode must be one of ${BANK_LINKING_MODES.join(', ')}` });
        if (body.accountId !== undefined && (typeof body.accountId !== 'string' || !body.accountId))
          return reply.code(400).send({ error: 'accountId, when given, must be an account id' });
        ctx.bankLinking.setMode(body.mode as BankLinkingMode, body.accountId as string | undefined);
        return ctx.bankLinking.view();
      });
      registerBankLinkPage(control, ctx);
    },
    { prefix: '/__sandbox' },
  );
}
