import { isIP } from 'node:net';
import { z } from 'zod';
import { roleSchema, type Role } from '../contract/session';
import { DEPOSIT_MAX_AMOUNT } from '../contract/money-limits';
import { isTimeZone } from '../contract/dates';
import type { BreakerOptions } from './upstream/breaker';

/**
 * Boot configuration, read once from the environment and validated before anything listens.
 * A missing or malformed value stops the server with one sentence that names it.
 */
const authModeSchema = z.enum(['header', 'body']);

/** An amount setting: whole dollars, or dollars and cents (up to 12 digits before the point). */
const AMOUNT_SETTING = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * A bound on how many fund moves a list reads: whole pages of 500, the largest the platform gives
 * (real-world notes §2), from one page to 200.
 */
const fundMovesBound = () =>
  z.coerce
    .number()
    .int()
    .min(500)
    .max(100_000)
    .refine((value) => value % 500 === 0, 'must be a multiple of 500 (a page of fund moves)')
    .default(10_000);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('.data/portal'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /**
   * 32 random bytes, base64 (44 characters) or hex (64): seals second-factor secrets and held
   * bank details in the store. Without it the portal keeps a key file in DATA_DIR.
   */
  DATA_ENCRYPTION_KEY: z
    .string()
    .regex(
      /^(?:[A-Za-z0-9+/]{43}=|[0-9a-fA-F]{64})$/,
      'must be 32 bytes as base64 (44 characters, such as the output of `openssl rand -base64 32`) or as 64 hex digits',
    )
    .optional(),
  TRANSACT_BASE_URL: z.url().optional(),
  TRANSACT_CLIENT_ID: z.string().min(1).optional(),
  TRANSACT_API_KEY: z.string().min(1).optional(),
  TRANSACT_AUTH: authModeSchema.default('header'),
  /**
   * The zone of the upstream's zone-less `YYYY-MM-DD HH:mm:ss` timestamps (the document is silent,
   * §2 Conventions); the bundled sandbox writes them in UTC.
   */
  TRANSACT_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as UTC or America/New_York')
    .default('UTC'),
  TRANSACT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  TRANSACT_MAX_SOCKETS: z.coerce.number().int().min(1).max(1024).default(32),
  // How long a page's side read (the invest checklist's custody account and linked bank, a
  // purchase history's trade statuses, one of the timeline's two platform reads) may keep the
  // rest of the page waiting once its main part is in (lib/in-time.ts).
  TRANSACT_SIDE_READ_GRACE_MS: z.coerce.number().int().min(100).max(120_000).default(3_000),
  TRANSACT_BREAKER_FAILURE_RATE: z.coerce.number().gt(0).lt(1).default(0.7),
  TRANSACT_BREAKER_WINDOW_MS: z.coerce.number().int().min(1_000).max(600_000).default(10_000),
  TRANSACT_BREAKER_MIN_RPS: z.coerce.number().gt(0).max(10_000).default(1),
  TRANSACT_BREAKER_RESET_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
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
  REPLY_CHECK: z.enum(['on', 'off']).optional(),
  OIDC_ISSUER_URL: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_LABEL: z.string().min(1).max(60).default('single sign-on'),
  OIDC_SCOPES: z.string().min(1).default('openid email profile'),
  OIDC_ROLE_CLAIM: z.string().min(1).optional(),
  OIDC_GROUPS_CLAIM: z.string().min(1).default('groups'),
  OIDC_GROUP_ROLES: z.string().min(1).optional(),
  OIDC_ALLOWED_DOMAINS: z.string().min(1).optional(),
  OIDC_JIT_ROLE: z.optional(roleSchema),
  MFA_REQUIRED_ROLES: z.string().optional(),
  STEP_UP_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
  STEP_UP_WITHOUT_FACTOR: z.enum(['refuse', 'allow']).optional(),
  STEP_UP_INVESTMENT_ABOVE: z
    .string()
    .regex(AMOUNT_SETTING, 'must be an amount such as 10000 or 2500.50')
    .default('10000'),
  DISBURSEMENT_APPROVAL_ABOVE: z
    .string()
    .regex(AMOUNT_SETTING, 'must be an amount such as 50000 or 2500.50')
    .optional(),
  WEBAUTHN_RP_NAME: z.string().min(1).max(60).default('Transact Portal'),
  // Who people reach when a message says "contact support" (an email address, a phone number or
  // a few words): shown in every signed-in page's menu.
  SUPPORT_CONTACT: z.string().trim().min(3).max(120).optional(),
  DISBURSEMENT_MAX_AMOUNT: z
    .string()
    .regex(AMOUNT_SETTING, 'must be an amount in dollars, such as 100000 or 2500.50')
    .refine((value) => /[1-9]/.test(value), 'must be more than zero')
    // By default the documented ceiling of a deposit, the only one the interface document gives.
    .default(DEPOSIT_MAX_AMOUNT),
  CLAIM_LEASE_MS: z.coerce.number().int().min(1_000).max(600_000).default(15_000),
  // The interface document says nothing of how long the platform may take to create what it was
  // sent after we stopped waiting (§4.3, §2.9, §2.10): absence is only taken as "not sent" after
  // a long quiet period.
  RECONCILE_NOT_SENT_AFTER_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(7 * 86_400_000)
    .default(30 * 60_000),
  // Whether the platform lists the money a disbursement takes out among the account's fund moves,
  // its additionalDetails (which carry our reference) in the move's description. §4.3 and §2.9
  // do not say so (a fund move is a "deposit intent", §2.9), and no public traffic shows it; the
  // sandbox does it. Only where it holds can a disbursement's absence there, after the quiet
  // period, be taken as "not sent". Default: yes on the sandbox, no against the real API until
  // an operator has seen a disbursement's fund move there.
  DISBURSEMENTS_LISTED_AS_FUND_MOVES: z.enum(['yes', 'no']).optional(),
  // How long after a "not sent" settlement (a guess: absence at the platform, or a reviewer's)
  // the account's fund moves are still looked through for the request's reference, since the
  // platform may create it later still (§4.3 gives no bound). One day by default.
  RECONCILE_RECHECK_NOT_SENT_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .max(30 * 86_400_000)
    .default(86_400_000),
  // How long the same deposit, disbursement or investment (account, offering, amount or units)
  // is held at Confirm as a probable second tab; 0 turns the check off.
  SAME_REQUEST_WINDOW_MINUTES: z.coerce.number().int().min(0).max(1_440).default(10),
  // How many fund moves an account's timeline reads, in pages of 500 (the largest the platform
  // gives, real-world notes §2); past it the timeline says how many of how many it shows.
  TIMELINE_MAX_FUND_MOVES: fundMovesBound(),
  // How many fund moves across accounts the reviewers' Fund moves list reads and filters, in pages
  // of 500 (getCustodyFundMoves cannot filter by status, §4.3); past it the list says how many of
  // how many it searched.
  COMPLIANCE_MAX_FUND_MOVES: fundMovesBound(),
  ROUTE_LIMIT_SCALE: z.coerce.number().min(0.1).max(1_000).default(1),
  // Sign-in attempts from one address in 15 minutes: an office behind one address, or a test
  // suite, signs in more often than one person.
  SIGN_IN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(10).max(100_000).default(100),
  STORE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  STORE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  // Longer than the idle timeout of the load balancers and HTTP clients in front (60 s is common):
  // the side that closes an idle socket first must be the client, or a request sent on it as it
  // closes is lost with a reset.
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(72_000),
  SHUTDOWN_DEADLINE_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  HOUSEKEEPING_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(60_000),
  IDEMPOTENCY_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(72),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(0),
});

/** Every variable the portal's configuration reads: README and .env.example name each one. */
export const configVariables: readonly string[] = Object.keys(envSchema.shape);

type AuthMode = z.infer<typeof authModeSchema>;

export interface UpstreamSettings {
  baseUrl: string;
  clientId: string;
  apiKey: string;
  auth: AuthMode;
  timeoutMs: number;
  maxSockets: number;
  /** One breaker per operation: failure rate over a window, half-open after a pause. */
  breaker?: BreakerOptions;
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
  /** DATA_ENCRYPTION_KEY as bytes; null: the key file in DATA_DIR (lib/sealed-values.ts). */
  dataKey: Buffer | null;
  /** Set when a real upstream is configured; undefined means the embedded sandbox. */
  upstream?: UpstreamSettings;
  upstreamAuth: AuthMode;
  upstreamTimeZone: string;
  /** Whether TRANSACT_TIME_ZONE was set, rather than taken as UTC by default. */
  upstreamTimeZoneSet: boolean;
  upstreamTimeoutMs: number;
  upstreamMaxSockets: number;
  /** TRANSACT_SIDE_READ_GRACE_MS (lib/in-time.ts). */
  sideReadGraceMs: number;
  upstreamBreaker: BreakerOptions;
  sandboxPort: number;
  sandboxDataDir: string;
  demoPassword: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  logLevel: string;
  logFile?: string;
  /**
   * Every reply checked against its contract before it is written (lib/reply-serializer.ts): on
   * in tests (vitest's NODE_ENV) and `npm run dev`, off under `npm start` unless REPLY_CHECK=on.
   */
  replyCheck: boolean;
  /** Single sign-on through an OpenID provider; undefined when not configured. */
  oidc?: OidcSettings;
  identity: IdentitySettings;
  /** Per-request ceiling of a disbursement, a decimal string of dollars. */
  disbursementMaxAmount: string;
  /** SUPPORT_CONTACT: whom the portal's "contact support" means; undefined when not set. */
  supportContact?: string;
  /** Owner lease of an idempotency claim, renewed every third of it while the upstream call runs. */
  /**
   * A deposit, disbursement or investment identical to one the account made this recently (and
   * accepted, or held for approval) is refused until the person names it; 0: off.
   */
  sameRequestWindowMs: number;
  claimLeaseMs: number;
  /**
   * How long after its call began a deposit or disbursement the platform does not list may be
   * settled "not sent" by reconciliation; before that it stays unknown (it may still arrive).
   */
  reconcileNotSentAfterMs: number;
  /** DISBURSEMENTS_LISTED_AS_FUND_MOVES: a disbursement's absence there may mean "not sent". */
  disbursementsListedAsFundMoves: boolean;
  /** How many of an account's fund moves its timeline reads at most (a multiple of 500). */
  timelineMaxFundMoves: number;
  /** How many fund moves across accounts the reviewers' list reads at most (a multiple of 500). */
  complianceMaxFundMoves: number;
  /**
   * How long after a deposit or disbursement was settled "not sent" by a guess reconciliation
   * still looks for it at the platform (money_request_found_after_not_sent).
   */
  reconcileRecheckNotSentMs: number;
  /** Multiplies every route limit of the policy table (load tests, unusually busy desks). */
  routeLimitScale: number;
  /** SIGN_IN_LIMIT_PER_ADDRESS: sign-in attempts from one address per 15 minutes. */
  signInLimitPerAddress: number;
  store: { connectMs: number; statementMs: number; idleMs: number };
  /** Fastify: whole-request deadline and keep-alive idle time. */
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** After SIGTERM/SIGINT, in-flight requests get this long; then the process exits anyway. */
  shutdownDeadlineMs: number;
  housekeepingIntervalMs: number;
  /** Finished idempotency records are kept this long (replays of late retries), then pruned. */
  idempotencyRetentionMs: number;
  /** Audit events older than this are pruned (and the pruning audited); null keeps them forever. */
  auditRetentionMs: number | null;
}

export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  label: string;
  scopes: string;
  /** A claim that holds the portal role itself (such as `portal_role`). */
  roleClaim?: string;
  groupsClaim: string;
  /** Provider group → portal role; the first group of the user that maps wins. */
  groupRoles: Record<string, Role>;
  /** Lower-case email domains allowed to sign in; empty allows any verified email. */
  allowedDomains: string[];
  /** Unknown users are created with this role (or their mapped role); off when unset. */
  jitRole?: Role;
}

interface IdentitySettings {
  /** Roles that must prove a second factor at every sign-in. */
  mfaRequiredRoles: Role[];
  /** How long a proved second factor counts as fresh for step-up. */
  stepUpMs: number;
  /** A user without any second factor on a step-up route: refused, or let through. */
  stepUpWithoutFactor: 'refuse' | 'allow';
  /** Investments above this amount (USD) need a step-up. */
  stepUpInvestmentAbove: string;
  /** Disbursements above this amount wait for a second person; off when unset. */
  /** Approved by another admin: compliance stays a read-only role. */
  disbursementApprovalAbove?: string;
  /** WebAuthn relying party: the host of PUBLIC_URL, and the name authenticators show. */
  rpId: string;
  rpName: string;
  origin: string;
}

type TrustProxy = false | number | string[];

export class ConfigError extends Error {}

/**
 * WebAuthn needs a domain, never an IP address: a portal on a loopback address offers passkeys
 * at http://localhost on the same port (README, "Second factor and step-up").
 */
function relyingParty(publicUrl: string): { rpId: string; origin: string } {
  const url = new URL(publicUrl);
  if (url.hostname === '127.0.0.1' || url.hostname === '[::1]') {
    return {
      rpId: 'localhost',
      origin: `${url.protocol}//localhost${url.port ? `:${url.port}` : ''}`,
    };
  }
  return { rpId: url.hostname, origin: url.origin };
}

function roleList(name: string, text: string): Role[] {
  const roles = text
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  if (roles.length === 1 && roles[0] === 'none') return [];
  for (const role of roles) {
    if (!roleSchema.safeParse(role).success) {
      throw new ConfigError(
        `Configuration error: ${name} must list roles among ${roleSchema.options.join(', ')} (got ${role}).`,
      );
    }
  }
  return roles as Role[];
}

function groupRoles(text: string | undefined): Record<string, Role> {
  const map: Record<string, Role> = {};
  if (!text) return map;
  for (const pair of text.split(',')) {
    const [group, role] = pair.split('=').map((p) => p.trim());
    if (!group || !role || !roleSchema.safeParse(role).success) {
      throw new ConfigError(
        'Configuration error: OIDC_GROUP_ROLES must be group=role pairs separated by commas, such as portal-admins=admin,reviewers=compliance.',
      );
    }
    map[group] = role as Role;
  }
  return map;
}

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
function parseTrustProxy(value: string): TrustProxy {
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

/**
 * One issue in a sentence that names the variable and its rule. zod's own words ("Invalid URL",
 * "expected int") never reach the operator; a rule of ours (a regex's or a refine's message) is
 * kept as written.
 */
function describe(issue: z.core.$ZodIssue): string {
  const name = issue.path.join('.') || 'configuration';
  switch (issue.code) {
    case 'invalid_type':
      return `${name} must be ${issue.expected === 'int' ? 'a whole number' : issue.expected === 'number' ? 'a number' : `a ${issue.expected}`}`;
    case 'invalid_value':
      return `${name} must be one of ${issue.values.map(String).join(', ')}`;
    case 'too_small':
      return issue.inclusive === false
        ? `${name} must be more than ${String(issue.minimum)}`
        : `${name} must be at least ${String(issue.minimum)}${issue.origin === 'string' ? ' characters long' : ''}`;
    case 'too_big':
      return issue.inclusive === false
        ? `${name} must be less than ${String(issue.maximum)}`
        : `${name} must be at most ${String(issue.maximum)}${issue.origin === 'string' ? ' characters long' : ''}`;
    case 'invalid_format':
      return issue.format === 'url'
        ? `${name} must be a URL with its scheme, such as https://example.com`
        : `${name} ${issue.message}`;
    case 'custom':
      return `${name} ${issue.message}`;
    default:
      return `${name} is not valid (${issue.message})`;
  }
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

  const oidcKeys = ['OIDC_ISSUER_URL', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
  const oidcSet = oidcKeys.filter((k) => e[k] !== undefined);
  if (oidcSet.length > 0 && oidcSet.length < oidcKeys.length) {
    const missing = oidcKeys.find((k) => e[k] === undefined);
    throw new ConfigError(
      `Configuration error: ${missing} is required when ${oidcSet.join(' and ')} ${oidcSet.length > 1 ? 'are' : 'is'} set (all three configure single sign-on).`,
    );
  }
  const sandboxMode = e.TRANSACT_BASE_URL === undefined;
  // Instances sharing a PostgreSQL database each have a DATA_DIR of their own: a key file there
  // would differ per instance, and a secret sealed by one could not be opened by another.
  if (!sandboxMode && e.DATABASE_URL && !e.DATA_ENCRYPTION_KEY) {
    throw new ConfigError(
      'Configuration error: DATA_ENCRYPTION_KEY is required with DATABASE_URL and the real API (second-factor secrets and held bank details are sealed with it; every instance needs the same key: generate one with `openssl rand -base64 32`).',
    );
  }
  // Shorter than a call that may still be running would settle as "not sent" a request in flight.
  if (e.RECONCILE_NOT_SENT_AFTER_MS < e.TRANSACT_TIMEOUT_MS + e.CLAIM_LEASE_MS) {
    throw new ConfigError(
      `Configuration error: RECONCILE_NOT_SENT_AFTER_MS must be at least TRANSACT_TIMEOUT_MS + CLAIM_LEASE_MS (${e.TRANSACT_TIMEOUT_MS + e.CLAIM_LEASE_MS} here): a request is only taken as not sent once its call cannot still be running.`,
    );
  }
  // A window shorter than the time between passes could end before any pass looked again.
  if (e.RECONCILE_RECHECK_NOT_SENT_MS < e.HOUSEKEEPING_INTERVAL_MS) {
    throw new ConfigError(
      `Configuration error: RECONCILE_RECHECK_NOT_SENT_MS must be at least HOUSEKEEPING_INTERVAL_MS (${e.HOUSEKEEPING_INTERVAL_MS} here): a request settled as not sent must be looked for again by at least one pass.`,
    );
  }
  const mappedGroups = groupRoles(e.OIDC_GROUP_ROLES);
  const breaker: BreakerOptions = {
    failureRate: e.TRANSACT_BREAKER_FAILURE_RATE,
    windowMs: e.TRANSACT_BREAKER_WINDOW_MS,
    minimumRps: e.TRANSACT_BREAKER_MIN_RPS,
    halfOpenAfterMs: e.TRANSACT_BREAKER_RESET_MS,
  };

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
    dataKey: e.DATA_ENCRYPTION_KEY
      ? Buffer.from(e.DATA_ENCRYPTION_KEY, e.DATA_ENCRYPTION_KEY.length === 64 ? 'hex' : 'base64')
      : null,
    upstream: e.TRANSACT_BASE_URL
      ? {
          baseUrl: e.TRANSACT_BASE_URL.replace(/\/$/, ''),
          clientId: e.TRANSACT_CLIENT_ID!,
          apiKey: e.TRANSACT_API_KEY!,
          auth: e.TRANSACT_AUTH,
          timeoutMs: e.TRANSACT_TIMEOUT_MS,
          maxSockets: e.TRANSACT_MAX_SOCKETS,
          breaker,
        }
      : undefined,
    upstreamBreaker: breaker,
    upstreamAuth: e.TRANSACT_AUTH,
    upstreamTimeZone: e.TRANSACT_TIME_ZONE,
    upstreamTimeZoneSet: 'TRANSACT_TIME_ZONE' in present,
    upstreamTimeoutMs: e.TRANSACT_TIMEOUT_MS,
    upstreamMaxSockets: e.TRANSACT_MAX_SOCKETS,
    sideReadGraceMs: e.TRANSACT_SIDE_READ_GRACE_MS,
    sandboxPort: e.SANDBOX_PORT,
    sandboxDataDir: e.SANDBOX_DATA_DIR,
    demoPassword: e.DEMO_PASSWORD,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    disbursementMaxAmount: e.DISBURSEMENT_MAX_AMOUNT.replace(/^0+(?=\d)/, ''),
    supportContact: e.SUPPORT_CONTACT,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    logLevel: e.LOG_LEVEL,
    logFile: e.LOG_FILE,
    replyCheck: e.REPLY_CHECK ? e.REPLY_CHECK === 'on' : process.env.NODE_ENV === 'test',
    oidc: e.OIDC_ISSUER_URL
      ? {
          issuerUrl: e.OIDC_ISSUER_URL,
          clientId: e.OIDC_CLIENT_ID!,
          clientSecret: e.OIDC_CLIENT_SECRET!,
          label: e.OIDC_LABEL,
          scopes: e.OIDC_SCOPES,
          roleClaim: e.OIDC_ROLE_CLAIM,
          groupsClaim: e.OIDC_GROUPS_CLAIM,
          groupRoles: mappedGroups,
          allowedDomains: (e.OIDC_ALLOWED_DOMAINS ?? '')
            .split(',')
            .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
            .filter(Boolean),
          jitRole: e.OIDC_JIT_ROLE,
        }
      : undefined,
    identity: {
      // On the sandbox the demo users sign in with a password alone unless these are set
      // (README, "Second factor and step-up"); with a real upstream the strict defaults hold.
      mfaRequiredRoles: roleList(
        'MFA_REQUIRED_ROLES',
        e.MFA_REQUIRED_ROLES ?? (sandboxMode ? '' : 'compliance,admin'),
      ),
      stepUpMs: e.STEP_UP_MINUTES * 60_000,
      stepUpWithoutFactor: e.STEP_UP_WITHOUT_FACTOR ?? (sandboxMode ? 'allow' : 'refuse'),
      stepUpInvestmentAbove: e.STEP_UP_INVESTMENT_ABOVE,
      disbursementApprovalAbove: e.DISBURSEMENT_APPROVAL_ABOVE,
      ...relyingParty(publicUrl),
      rpName: e.WEBAUTHN_RP_NAME,
    },
    claimLeaseMs: e.CLAIM_LEASE_MS,
    reconcileNotSentAfterMs: e.RECONCILE_NOT_SENT_AFTER_MS,
    disbursementsListedAsFundMoves:
      (e.DISBURSEMENTS_LISTED_AS_FUND_MOVES ?? (sandboxMode ? 'yes' : 'no')) === 'yes',
    reconcileRecheckNotSentMs: e.RECONCILE_RECHECK_NOT_SENT_MS,
    sameRequestWindowMs: e.SAME_REQUEST_WINDOW_MINUTES * 60_000,
    timelineMaxFundMoves: e.TIMELINE_MAX_FUND_MOVES,
    complianceMaxFundMoves: e.COMPLIANCE_MAX_FUND_MOVES,
    routeLimitScale: e.ROUTE_LIMIT_SCALE,
    signInLimitPerAddress: e.SIGN_IN_LIMIT_PER_ADDRESS,
    store: {
      connectMs: e.STORE_CONNECT_TIMEOUT_MS,
      statementMs: e.STORE_STATEMENT_TIMEOUT_MS,
      idleMs: 30_000,
    },
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    shutdownDeadlineMs: e.SHUTDOWN_DEADLINE_MS,
    housekeepingIntervalMs: e.HOUSEKEEPING_INTERVAL_MS,
    idempotencyRetentionMs: e.IDEMPOTENCY_RETENTION_HOURS * 3_600_000,
    auditRetentionMs: e.AUDIT_RETENTION_DAYS > 0 ? e.AUDIT_RETENTION_DAYS * 86_400_000 : null,
  };
}

/**
 * What the console says at start-up about settings that work but are weak for real money. The
 * real API on PGlite without DATA_ENCRYPTION_KEY seals second-factor secrets and held bank
 * details with a key file in DATA_DIR, beside the store it protects (lib/sealed-values.ts).
 */
export function startNotes(config: Config): string[] {
  if (!config.upstream) return [];
  return [
    ...(config.databaseUrl || config.dataKey
      ? []
      : [
          `Note: DATA_ENCRYPTION_KEY is not set, so second-factor secrets and held bank details are sealed with the key file in ${config.dataDir}, beside the store: a copy of that folder carries both. Set DATA_ENCRYPTION_KEY from your secret store (README, Configuration).`,
        ]),
    // §2 Conventions: the platform's timestamps carry no zone, and the document names none. UTC
    // is the sandbox's; against a real platform a wrong zone moves every time shown by hours.
    ...(config.upstreamTimeZoneSet
      ? []
      : [
          "Note: TRANSACT_TIME_ZONE is not set, so the platform's zone-less timestamps are read as UTC. Set it to the zone the platform writes them in (an IANA name such as America/Denver): a wrong zone shows every platform time hours off, and dates near midnight on the wrong day.",
        ]),
    // §5 rule 6: every GET needs header credentials. The portal serves the rest, and each page
    // that needs a GET says why it cannot show it; the operator is told once, here.
    ...(config.upstreamAuth === 'body'
      ? [
          'Note: TRANSACT_AUTH=body: the platform operations read with GET (custody accounts, the trades collection behind My investments and trade statuses) cannot be made with body credentials (interface document §5 rule 6); their pages say so. Set TRANSACT_AUTH=header where the platform offers header authentication.',
        ]
      : []),
  ];
}
