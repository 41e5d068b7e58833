/**
 * Sandbox settings and credentials. The defaults let `npm run sandbox` work with no setup; the BFF
 * documents the same variables in `.env.example`.
 */

/** Permission scopes (§5 rule 10). Only custody_account.read.pii_medium is named by the document. */
export const SCOPES = {
  custodyAccountRead: 'custody_account.read.pii_medium',
  disbursementWrite: 'custody_fund_disbursement.write',
} as const;
export type Scope = (typeof SCOPES)[keyof typeof SCOPES];

const ALL_SCOPES: readonly Scope[] = Object.values(SCOPES);

const DEFAULT_CREDENTIALS = {
  clientId: 'sandbox-client',
  apiKey: 'sandbox-key-full-access',
  limitedApiKey: 'sandbox-key-limited',
} as const;

export interface Credentials {
  clientId: string;
  apiKey: string;
  limitedApiKey: string;
}

export interface ApiKeyGrant {
  clientId: string;
  scopes: ReadonlySet<Scope>;
}

/** The limited key lacks the PII read scope and the disbursement write scope. */
export function keyGrants(credentials: Credentials): Map<string, ApiKeyGrant> {
  return new Map([
    [credentials.apiKey, { clientId: credentials.clientId, scopes: new Set(ALL_SCOPES) }],
    [credentials.limitedApiKey, { clientId: credentials.clientId, scopes: new Set<Scope>() }],
  ]);
}

export function credentialsFromEnv(env: NodeJS.ProcessEnv = process.env): Credentials {
  return {
    clientId: env.SANDBOX_CLIENT_ID || DEFAULT_CREDENTIALS.clientId,
    apiKey: env.SANDBOX_API_KEY || DEFAULT_CREDENTIALS.apiKey,
    limitedApiKey: env.SANDBOX_LIMITED_API_KEY || DEFAULT_CREDENTIALS.limitedApiKey,
  };
}

export const DEFAULT_PORT = 8091;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_DATA_DIR = '.data/sandbox';

/** Reads `SANDBOX_HEADER_AUTH=off` (§5 rule 12: header authentication may be unavailable). */
export function headerAuthFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = (env.SANDBOX_HEADER_AUTH ?? '').trim().toLowerCase();
  return !['off', 'false', '0', 'no'].includes(value);
}
