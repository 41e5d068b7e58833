import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config, UpstreamSettings } from './config';
import { storeIdOf, type Db } from './store/db';
import { recordAudit } from './store/audit';
import { OutcomeSpool } from './store/spool';
import { SPOOL_FILE } from './store/data-folder-files';
import { Sealer, dataKeyFor } from './lib/sealed-values';
import { createUpstreamClient } from './upstream/client';
import { OrderBookCache } from './lib/order-book-cache';
import type { WeekHours } from '../contract/market-hours';
import { CoalescingCache } from './lib/coalescing-cache';
import { OfferingOwners } from './lib/offering-owners';
import { readOfferingCatalog, type OfferingCatalog } from './lib/offering-catalog';
import type { Deps } from './deps';
import { logDestination, loggerOptions, RequestLogController } from './logger';
import { csrfPlugin } from './plugins/csrf';
import { errorHandlerPlugin } from './plugins/error-handler';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityHeadersPlugin } from './plugins/security-headers';
import { sessionPlugin, sessionTimes } from './plugins/session';
import { SessionCache } from './store/session-cache';
import { registerRoutes, type RouteSpec } from './routes/define';
import { announcePresence } from './store/instances';
import { allRoutes } from './routes';
import { systemRoutes } from './routes/system';
import { OidcClient } from './lib/oidc';
import { openApiPlugin } from './plugins/openapi';
import { replySerializerCompiler } from './lib/reply-serializer';

export interface AppOptions {
  config: Config;
  db: Db;
  upstream: UpstreamSettings;
  sandbox: boolean;
  /** Folder of the built SPA to serve; omitted in API-only tests and in dev (Vite serves it). */
  spaDir?: string;
  /** This process's name in claim leases; a fresh one by default. */
  instanceId?: string;
  /** The outcome spool file; default `<DATA_DIR>/outcome-spool.ndjson`. */
  spoolFile?: string;
  /** Override the logger (tests pass false or a stream). */
  logger?: boolean | Record<string, unknown>;
  /** Multiplies every route limit of the policy table (fuzz tests send thousands of requests). */
  limitScale?: number;
  /** The clock of time-based caches (tests inject one); `Date.now` by default. */
  now?: () => number;
  /** Seals stored secrets; by default with DATA_ENCRYPTION_KEY or the key file in DATA_DIR. */
  sealer?: Sealer;
}

export interface BuiltApp {
  app: FastifyInstance;
  deps: Deps;
  routes: RouteSpec[];
  /** The session cache (tests wait on it for another instance's change to arrive). */
  sessions: SessionCache;
}

/** Assembles plugins and routes; starting the process is server.ts's job. */
export async function buildApp(options: AppOptions): Promise<BuiltApp> {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? {
      ...(loggerOptions(config.logLevel) as Record<string, unknown>),
      stream: logDestination(config.logFile),
    },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    logController: new RequestLogController(),
    // A hop count as a function: what Fastify does with a number, which its types do not allow.
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 64 * 1024,
    // Bounded waits on the HTTP side: a client that trickles its request, or an idle keep-alive
    // socket, does not hold a connection forever.
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    connectionTimeout: config.requestTimeoutMs * 4,
  });

  const upstream = createUpstreamClient({
    ...options.upstream,
    logger: app.log.child({ component: 'upstream' }),
  });
  const offerings = new CoalescingCache<OfferingCatalog>(5_000);
  // Every catalogue read that succeeds tells who owns which offering: kept for a short while, so
  // an outage of the catalogue alone does not take down what depends on it only for ownership.
  const owners = new OfferingOwners(options.now ?? Date.now);
  const loadOfferings = async () => {
    const catalog = await readOfferingCatalog(upstream, options.upstream.auth);
    owners.remember(catalog.offerings);
    return catalog;
  };
  const deps: Deps = {
    config,
    db,
    upstream,
    offerings,
    orderBook: new OrderBookCache(upstream),
    globalHours: new CoalescingCache<WeekHours>(60_000, 1),
    sandbox: options.sandbox,
    oidc: config.oidc ? new OidcClient(config.oidc) : undefined,
    instanceId: options.instanceId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    spool: new OutcomeSpool(options.spoolFile ?? path.join(config.dataDir, SPOOL_FILE), {
      storeId: storeIdOf(db),
      log: app.log.child({ component: 'spool' }),
    }),
    sealer: options.sealer ?? new Sealer(dataKeyFor(config)),
    loadOfferings,
    audit: (event) => recordAudit(db, event),
    ownership: owners.resolver(() => offerings.get('all', loadOfferings)),
  };

  // A request's upstream calls, logged with it (logger.ts).
  app.decorateRequest('upstreamCalls', null);
  // A callback hook, not an async one: no promise to settle for each reply.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  // The API takes JSON only: Fastify's own text/plain parser would hand a route a string, which
  // its form's rules then called missing fields (415 instead, error-handler.ts).
  app.removeContentTypeParser('text/plain');
  await app.register(cookie);
  await app.register(compress, compressOptions);
  await app.register(securityHeadersPlugin, { config });
  await app.register(csrfPlugin, { config });
  // This instance is alive while this presence lasts: its approved sends read "being sent" on
  // every instance, and "outcome unknown" at once should it be killed mid-call.
  const presence = await announcePresence(db, deps.instanceId);
  app.addHook('onClose', () => presence.close());
  const sessions = await SessionCache.open(db, sessionTimes(config), { now: options.now });
  app.addHook('onClose', () => sessions.close());
  await app.register(sessionPlugin, { config, sessions });
  await app.register(rateLimitPlugin, { db, now: options.now });
  await app.register(errorHandlerPlugin);
  await app.register(openApiPlugin);

  const routes: RouteSpec[] = [...allRoutes, ...systemRoutes({ now: options.now ?? Date.now })];
  // The BFF's routes in their own context: the contract's zod schemas validate requests
  // (fastify-type-provider-zod) and serialize replies there (lib/reply-serializer.ts), and
  // nowhere else (the SPA's files).
  await app.register(async function bff(api) {
    api.setValidatorCompiler(validatorCompiler);
    api.setSerializerCompiler(replySerializerCompiler({ checkReplies: config.replyCheck }));
    registerRoutes(api, routes, deps, options.limitScale ?? config.routeLimitScale);
  });

  if (options.spaDir && existsSync(path.join(options.spaDir, 'index.html'))) {
    await serveSpa(app, options.spaDir);
  }
  return { app, deps, routes, sessions };
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/*
 * Replies above 1 KB are compressed, brotli first, gzip otherwise: JSON and the order book's NDJSON
 * stream alike. Each write is flushed through the compressor, so the order book's progress lines
 * still reach the browser as they happen. Brotli runs at quality 4: 11 costs tens of times the CPU
 * for a few per cent less.
 */
const compressOptions = {
  global: true,
  threshold: 1024,
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  customTypes: /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|\/x-ndjson(?:;|$)/u,
  zlib: {
    createBrotliCompress: (options: zlib.BrotliOptions) =>
      zlib.createBrotliCompress({ ...options, flush: zlib.constants.BROTLI_OPERATION_FLUSH }),
    createGzip: (options: zlib.ZlibOptions) =>
      zlib.createGzip({ ...options, flush: zlib.constants.Z_SYNC_FLUSH }),
  },
};

async function serveSpa(app: FastifyInstance, spaDir: string) {
  await app.register(fastifyStatic, {
    root: path.resolve(spaDir),
    // The build writes .br and .gz next to each asset (vite.config.ts); they are sent as they are.
    preCompressed: true,
    wildcard: false,
    // A route for each file, not for its .br and .gz beside it: preCompressed finds those on
    // disk for the file's own address. Two thirds fewer routes to register (a few hundred ms of
    // start-up on a small machine).
    globIgnore: ['**/*.br', '**/*.gz'],
    index: false,
    setHeaders(reply, filePath) {
      // Hashed assets never change; index.html must always be fresh.
      reply.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  // Not part of the API: left out of the OpenAPI document.
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const url = request.url.split('?')[0];
    // With `wildcard: false` the plugin has a route for each file the build held at start. A
    // rebuild under a running server writes new hashed names, which the fresh index.html asks
    // for: look those up on disk rather than answer 404 until a restart. Only a plain file name
    // under assets/ is looked up, so no path reaches the disk that could leave the build.
    if (/^\/assets\/[\w-]+(?:\.[\w-]+)+$/u.test(url)) return reply.sendFile(url.slice(1));
    if (url.startsWith('/api/') || path.extname(url)) {
      return reply.callNotFound();
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
