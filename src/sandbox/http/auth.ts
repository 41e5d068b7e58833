/**
 * Authentication exactly as §5: header `Authorization: Bearer <clientID>:<apiKey>` (case-insensitive
 * header name, rule 3) or body `clientID` + `developerAPIKey` on POST/PUT/DELETE only (rule 4); the
 * header wins when both are present (rule 5); GET needs the header and credentials in the URL are
 * never read (rule 6); each request stands alone (rule 7).
 */
import type { ApiKeyGrant } from '../config.js';

export interface AuthSettings {
  headerAuth: boolean;
  grants: ReadonlyMap<string, ApiKeyGrant>;
}

export interface AuthInput {
  method: string;
  /** Node lower-cases header names, which is what makes rule 3 hold. */
  authorization: string | undefined;
  body: Readonly<Record<string, string>>;
}

export type AuthResult = { ok: true; grant: ApiKeyGrant; via: 'header' | 'body' } | { ok: false };

const BEARER = /^Bearer ([^:\s]+):(\S+)$/;
const BODY_METHODS = new Set(['POST', 'PUT', 'DELETE']);

function verify(clientId: string, apiKey: string, settings: AuthSettings): ApiKeyGrant | null {
  const grant = settings.grants.get(apiKey);
  return grant && grant.clientId === clientId ? grant : null;
}

export function authenticate(input: AuthInput, settings: AuthSettings): AuthResult {
  // Rule 12: where header authentication is unavailable the header is simply not looked at.
  if (settings.headerAuth && input.authorization !== undefined) {
    const match = BEARER.exec(input.authorization);
    const grant = match ? verify(match[1], match[2], settings) : null;
    return grant ? { ok: true, grant, via: 'header' } : { ok: false };
  }
  if (!BODY_METHODS.has(input.method)) return { ok: false };
  const clientId = input.body.clientID;
  const apiKey = input.body.developerAPIKey;
  if (!clientId || !apiKey) return { ok: false };
  const grant = verify(clientId, apiKey, settings);
  return grant ? { ok: true, grant, via: 'body' } : { ok: false };
}
