import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { Config, UpstreamSettings } from './config';
import type { Db } from './store/db';
import { recordAudit } from './store/audit';
import { OutcomeSpool } from './store/spool';
import { createUpstreamClient } from './upstream/client';
import { getAllOffers } from './upstream/get-all-offers';
import { CoalescingCache } from './lib/coalescing-cache';
import type { Offering } from '../contract/offerings';
import type { Deps } from './deps';
import { loggerOptions } from './logger';
import { csrfPlugin } from './plugins/csrf';
import { errorHandlerPlugin } from './plugins/error-handler';
import { securityHeadersPlugin } from './plugins/security-headers';
import { sessionPlugin } from './plugins/session';
import { registerRoutes, type RouteSpec } from './routes/define';
import { allRoutes } from './routes';
import { systemRoutes } from './routes/system';

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
}

export interface BuiltApp {
  app: FastifyInstance;
  deps: Deps;
  routes: RouteSpec[];
}

/** Assembles plugins and routes; starting the process is server.ts's job. */
export async function buildApp(options: AppOptions): Promise<BuiltApp> {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel, config.logFile),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
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
  const offerings = new CoalescingCache<Offering[]>(5_000);
  const deps: Deps = {
    config,
    db,
    upstream,
    offerings,
    sandbox: options.sandbox,
    instanceId: options.instanceId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    spool: new OutcomeSpool(options.spoolFile ?? path.join(config.dataDir, 'outcome-spool.ndjson')),
    loadOfferings: () => getAllOffers(upstream),
    audit: (event) => recordAudit(db, event),
    ownership: {
      async issuerOfOffering(offeringId) {
        const all = await offerings.get('all', () => getAllOffers(upstream));
        return all.find((o) => o.id === offeringId)?.issuerId ?? null;
      },
    },
  };

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    return payload;
  });
  await app.register(cookie);
  securityHeadersPlugin(app, config);
  csrfPlugin(app, config);
  sessionPlugin(app, config, db);
  errorHandlerPlugin(app);

  const routes: RouteSpec[] = [];
  routes.push(...allRoutes, ...systemRoutes(() => routes));
  registerRoutes(app, routes, deps);

  if (options.spaDir && existsSync(path.join(options.spaDir, 'index.html'))) {
    await serveSpa(app, options.spaDir);
  }
  return { app, deps, routes };
}

async function serveSpa(app: FastifyInstance, spaDir: string) {
  await app.register(fastifyStatic, {
    root: path.resolve(spaDir),
    wildcard: false,
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
  app.get('/*', (request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith('/api/') || path.extname(url)) {
      return reply.callNotFound();
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
