/**
 * The sandbox: a local emulator of Transact API v3, written from the interface document
 * (/work/shared/spec/upstream-interface.md) and real traffic notes. See docs/sandbox.md.
 */
import path from 'node:path';
import { buildApp } from './app.js';
import {
  DEFAULT_DATA_DIR,
  DEFAULT_HOST,
  DEFAULT_PORT,
  credentialsFromEnv,
  headerAuthFromEnv,
  keyGrants,
} from './config.js';
import { BankLinking, bankLinkingFromEnv } from './domain/bank-linking.js';
import { Lifecycle } from './domain/lifecycle.js';
import { OrderBook } from './domain/orders.js';
import { SandboxClock } from './state/clock.js';
import { Store } from './state/store.js';

export interface SandboxOptions {
  port?: number;
  host?: string;
  /** Folder of the persistent snapshot; null keeps state in memory only. */
  dataDir?: string | null;
  /** false turns header authentication off (§5 rule 12), as SANDBOX_HEADER_AUTH=off does. */
  headerAuth?: boolean;
  /** Initial reading of the sandbox clock (it keeps running from there). */
  now?: Date;
  logger?: boolean;
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:8091 — the TRANSACT_BASE_URL; legacy ops at `${url}/index.php/v3/op`. */
  url: string;
  close(): Promise<void>;
  credentials: { clientId: string; apiKey: string; limitedApiKey: string };
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const env = process.env;
  const credentials = credentialsFromEnv(env);
  const port = opts.port ?? (env.SANDBOX_PORT ? Number(env.SANDBOX_PORT) : DEFAULT_PORT);
  const host = opts.host ?? DEFAULT_HOST;
  const dataDir =
    opts.dataDir === null
      ? null
      : path.resolve(opts.dataDir ?? env.SANDBOX_DATA_DIR ?? DEFAULT_DATA_DIR);

  const clock = new SandboxClock(opts.now);
  const store = new Store(dataDir, clock.now());
  const lifecycle = new Lifecycle(() => store.state);
  const orders = new OrderBook({
    securities: () => store.state.securities,
    accountIds: () => Object.keys(store.state.accounts),
    now: () => clock.now(),
  });
  const ctx = {
    store,
    clock,
    lifecycle,
    orders,
    bankLinking: new BankLinking(bankLinkingFromEnv(env)),
  };
  if (lifecycle.tick(clock.now())) store.changed();

  const app = await buildApp({
    ctx,
    auth: { headerAuth: opts.headerAuth ?? headerAuthFromEnv(env), grants: keyGrants(credentials) },
    logger: opts.logger ?? false,
  });
  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;

  return {
    url: `http://${host}:${actualPort}`,
    credentials: { ...credentials },
    async close() {
      await app.close();
      await store.flush();
    },
  };
}
