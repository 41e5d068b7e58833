import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationAsyncHookHandler,
} from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Db } from '../store/db';
import { hit } from '../store/rate-limits';
import { HttpError } from '../lib/http-error';
import type { Rate, RouteLimits } from '../policy/types';

/**
 * Rate and concurrency limits of the routes that declare them in the policy table. The counting
 * is @fastify/rate-limit's, with a store on the portal's own database (PostgreSQL or PGlite), so
 * every instance counts against the same limits. Two limits apply to one route (the
 * user's and everyone's), so the hooks come from `createRateLimit`, which returns the verdict and
 * lets one hook answer with the portal's own error shape.
 */
async function rateLimits(
  app: FastifyInstance,
  { db, now = Date.now }: { db: Db; now?: () => number },
): Promise<void> {
  await app.register(rateLimit, { global: false, store: storeOn(db, now) });
}

/** On the root instance, so every route's hooks can call `createRateLimit`. */
export const rateLimitPlugin = fp(rateLimits, { name: 'portal-rate-limit' });

/**
 * A @fastify/rate-limit store on the `rate_limits` table: one atomic upsert per request. A window
 * starts at its key's first request and is stored, so every instance agrees on when it ends.
 */
function storeOn(db: Db, clock: () => number) {
  return class StoreOnDatabase {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void {
      const now = new Date(clock());
      hit(db, `limit:${key}`, max, timeWindow, now).then(
        (r) => callback(null, { current: r.count, ttl: r.resetAt.getTime() - now.getTime() }),
        (error: Error) => callback(error),
      );
    }
    child() {
      return new StoreOnDatabase();
    }
  };
}

function userKey(request: FastifyRequest): string {
  return request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
}

function tooMany(seconds: number): HttpError {
  const wait = Math.max(1, seconds);
  return new HttpError(
    'rate_limited',
    `Too many requests of this kind right now. Nothing was sent; try again in ${wait} second${wait > 1 ? 's' : ''}.`,
    { retryAfterSeconds: wait, submitted: 'no' },
  );
}

/**
 * The preValidation hooks that enforce `limits` on the route `routeKey`. They run after the
 * session hook (so the per-user count knows the user) and the role check, and before the input is
 * validated, so bad input counts too. `scale` multiplies every count (tests that send thousands of
 * generated requests on purpose).
 */
export function limitHooks(
  app: FastifyInstance,
  routeKey: string,
  limits: RouteLimits,
  scale = 1,
): preValidationAsyncHookHandler[] {
  const limiter = (rate: Rate, key: (request: FastifyRequest) => string) =>
    app.createRateLimit({
      max: rate.max * scale,
      timeWindow: rate.windowSeconds * 1000,
      keyGenerator: (request) => `${routeKey}:${key(request)}`,
    });
  const perUser = limiter(limits.perUser, userKey);
  const global = limiter(limits.global, () => 'everyone');
  const hooks: preValidationAsyncHookHandler[] = [
    async function rateLimits(request: FastifyRequest) {
      for (const check of [perUser, global]) {
        const verdict = await check(request);
        if (!verdict.isAllowed && verdict.isExceeded) throw tooMany(verdict.ttlInSeconds);
      }
    },
  ];
  if (limits.concurrentPerUser) {
    hooks.push(
      concurrencyHook(limits.concurrentPerUser * scale, limits.concurrentWhat ?? 'of these'),
    );
  }
  return hooks;
}

/**
 * At most `max` requests of one user in flight on this instance. The slot is held until the reply
 * is over (streamed replies included): a walk over a day of upstream pages is what it guards.
 */
function concurrencyHook(max: number, what: string): preValidationAsyncHookHandler {
  const running = new Map<string, number>();
  return async function concurrencyLimit(request: FastifyRequest, reply: FastifyReply) {
    const key = userKey(request);
    const inFlight = running.get(key) ?? 0;
    if (inFlight >= max) {
      throw new HttpError(
        'rate_limited',
        // A read: the page waits for the Retry-After and asks again by itself, so these words
        // show only if the others are still loading after several turns.
        `You already have ${max} ${what} loading. This one waits until one of them has finished: try again in a moment.`,
        { retryAfterSeconds: 1, submitted: 'no' },
      );
    }
    running.set(key, inFlight + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (running.get(key) ?? 1) - 1;
      if (left <= 0) running.delete(key);
      else running.set(key, left);
    };
    reply.raw.once('finish', release);
    reply.raw.once('close', release);
  };
}
