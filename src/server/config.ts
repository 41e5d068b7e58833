import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Boot configuration, read once from the environment and validated before anything listens.
 * A missing or malformed value stops the server with one sentence that names it.
 */
const authModeSchema = z.enum(['header', 'body']);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('.data/portal'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  TRANSACT_BASE_URL: z.url().optional(),
  TRANSACT_CLIENT_ID: z.string().min(1).optional(),
  TRANSACT_API_KEY: z.string().min(1).optional(),
  TRANSACT_AUTH: authModeSchema.default('header'),
  TRANSACT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  TRANSACT_MAX_SOCKETS: z.coerce.number().int().min(1).max(1024).default(32),
  TRANSACT_BREAKER_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  TRANSACT_BREAKER_RESET_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(8091),
  SANDBOX_DATA_DIR: z.string().min(1).default('.data/sandbox'),
  DEMO_PASSWORD: z.string().min(8).default('demo-password-2026'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  TRUST_PROXY: z.string().trim().default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FILE: z.string().optional(),
});

export type AuthMode = z.infer<typeof authModeSchema>;

export interface UpstreamSettings {
  baseUrl: string;
  clientId: string;
  apiKey: string;
  auth: AuthMode;
  timeoutMs: number;
  maxSockets: number;
  /** Consecutive failures that open the circuit, and how long it stays open (decision 10). */
  breaker?: { failureThreshold: number; resetAfterMs: number };
}

export interface Config {
  port: number;
  host: string;
  /** The origin browsers use; mutating requests must carry it as Origin. */
  publicUrl: string;
  secureCookies: boolean;
  /**
   * Which proxies may tell the client address, scheme and host (X-Forwarded-*): none, the number
   * of proxy hops in front of the portal, or their addresses and CIDR ranges. Never every hop.
   */
  trustProxy: TrustProxy;
  dataDir: string;
  databaseUrl?: string;
  /** Set when a real upstream is configured; undefined means the embedded sandbox. */
  upstream?: UpstreamSettings;
  upstreamAuth: AuthMode;
  upstreamTimeoutMs: number;
  upstreamMaxSockets: number;
  upstreamBreaker: { failureThreshold: number; resetAfterMs: number };
  sandboxPort: number;
  sandboxDataDir: string;
  demoPassword: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  logLevel: string;
  logFile?: string;
}

export type TrustProxy = false | number | string[];

export class ConfigError extends Error {}

/** proxy-addr's names for well-known ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: `false`, a hop count, or a comma-separated list of proxy addresses. `true`
 * (trust every hop) is refused: any client could then pick its own address for the sign-in
 * limits, the audit log and what the upstream is told, and its own host.
 */
export function parseTrustProxy(value: string): TrustProxy {
  if (value === 'false' || value === '0') return false;
  if (value === 'true') {
    throw new ConfigError(
      'Configuration error: TRUST_PROXY=true would trust every hop, so any client could choose its own address; set the number of proxies in front of the portal (such as 1) or their addresses (such as 10.0.0.5,10.0.0.0/24).',
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) {
      throw new ConfigError('Configuration error: TRUST_PROXY must be at most 10 proxy hops.');
    }
    return hops;
  }
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !isProxyAddress(e));
  if (bad !== undefined) {
    throw new ConfigError(
      `Configuration error: TRUST_PROXY must be false, a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges; "${bad}" is none of these.`,
    );
  }
  return entries;
}

function describe(issue: z.core.$ZodIssue): string {
  const name = issue.path.join('.') || 'configuration';
  switch (issue.code) {
    case 'invalid_type':
      return `${name} must be a ${issue.expected}`;
    case 'invalid_value':
      return `${name} must be one of ${issue.values.map(String).join(', ')}`;
    case 'too_small':
      return `${name} must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return `${name} must be at most ${String(issue.maximum)}`;
    default:
      return `${name} ${issue.message.replace(/^Invalid input: /, '').toLowerCase()}`;
  }
}

function breakerOf(e: { TRANSACT_BREAKER_FAILURES: number; TRANSACT_BREAKER_RESET_MS: number }) {
  return {
    failureThreshold: e.TRANSACT_BREAKER_FAILURES,
    resetAfterMs: e.TRANSACT_BREAKER_RESET_MS,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Configuration error: ${describe(issue)}.`);
  }
  const e = parsed.data;

  const realKeys = ['TRANSACT_BASE_URL', 'TRANSACT_CLIENT_ID', 'TRANSACT_API_KEY'] as const;
  const setKeys = realKeys.filter((k) => e[k] !== undefined);
  if (setKeys.length > 0 && setKeys.length < realKeys.length) {
    const missing = realKeys.find((k) => e[k] === undefined);
    throw new ConfigError(
      `Configuration error: ${missing} is required when ${setKeys.join(' and ')} ${setKeys.length > 1 ? 'are' : 'is'} set (all three point the portal at the real API).`,
    );
  }
  if (e.TRANSACT_BASE_URL && !/^https?:\/\//.test(e.TRANSACT_BASE_URL)) {
    throw new ConfigError('Configuration error: TRANSACT_BASE_URL must be an http(s) URL.');
  }

  const publicUrl = (
    e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`
  ).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    upstream: e.TRANSACT_BASE_URL
      ? {
          baseUrl: e.TRANSACT_BASE_URL.replace(/\/$/, ''),
          clientId: e.TRANSACT_CLIENT_ID!,
          apiKey: e.TRANSACT_API_KEY!,
          auth: e.TRANSACT_AUTH,
          timeoutMs: e.TRANSACT_TIMEOUT_MS,
          maxSockets: e.TRANSACT_MAX_SOCKETS,
          breaker: breakerOf(e),
        }
      : undefined,
    upstreamBreaker: breakerOf(e),
    upstreamAuth: e.TRANSACT_AUTH,
    upstreamTimeoutMs: e.TRANSACT_TIMEOUT_MS,
    upstreamMaxSockets: e.TRANSACT_MAX_SOCKETS,
    sandboxPort: e.SANDBOX_PORT,
    sandboxDataDir: e.SANDBOX_DATA_DIR,
    demoPassword: e.DEMO_PASSWORD,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    logLevel: e.LOG_LEVEL,
    logFile: e.LOG_FILE,
  };
}
