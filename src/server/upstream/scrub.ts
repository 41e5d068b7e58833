/**
 * Responses may echo the developer key and client id (getExternalFundMoveInfo's ACHDetails, the
 * docs-era trade rows: real-world notes §4.3, §6). They are removed right after parsing, before
 * any schema, log line or caller sees the payload (architecture decision 2).
 */
const credentialKeys = new Set(['developerapikey', 'clientid', 'apikey']);

export const REDACTED = '[redacted]';

function isCredentialKey(key: string): boolean {
  return credentialKeys.has(key.trim().toLowerCase());
}

function replaceSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    // includes() first: nearly every string holds no secret, and split/join would copy it.
    if (secret.length >= 4 && out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}

/** A copy of `value` without credential keys, and with the secrets replaced anywhere in text. */
export function scrubCredentials(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return replaceSecrets(value, secrets);
  if (Array.isArray(value)) return value.map((item) => scrubCredentials(item, secrets));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (!isCredentialKey(key)) out[key] = scrubCredentials(item, secrets);
    }
    return out;
  }
  return value;
}

/** Raw response text made safe for a log line: credentials masked, length bounded. */
export function redactRawBody(text: string, secrets: readonly string[], maxLength = 2000): string {
  const masked = replaceSecrets(text, secrets).replace(
    /("(?:developerAPIKey|clientID|clientId|apiKey)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi,
    `$1"${REDACTED}"`,
  );
  return masked.length > maxLength
    ? `${masked.slice(0, maxLength)}… [${masked.length - maxLength} more characters]`
    : masked;
}
