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

/**
 * Whether a raw response could hold a credential key or a secret. Without \u or \/ escapes every
 * key and string of the parsed JSON appears literally in the text, so a miss here is proof and
 * the deep copy of large pages (500 orders) can be skipped.
 */
export function mayHoldCredentials(text: string, secrets: readonly string[]): boolean {
  if (text.includes('\\u') || text.includes('\\/')) return true;
  const lower = text.toLowerCase();
  if (lower.includes('apikey') || lower.includes('clientid')) return true;
  return secrets.some((secret) => secret.length >= 4 && text.includes(secret));
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

/** Keys whose values are personal or bank data: never written to a log, even as raw text. */
const SENSITIVE_RAW_KEYS =
  /("(?:developerAPIKey|clientID|clientId|apiKey|taxID|companyTaxID|ein|socialSecurityNumber|dob|bankId|bankAccountId|accountNumber|routingNumber|bankAccountNumber\d?|internationalAccountNumber)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi;

/**
 * Raw response text made safe for a log line (it is logged only when a response cannot be
 * understood): credentials and sensitive values masked, digit runs that could be bank numbers,
 * tax ids or SSNs cut to their last four, length bounded.
 */
export function redactRawBody(text: string, secrets: readonly string[], maxLength = 2000): string {
  const masked = replaceSecrets(text, secrets)
    .replace(SENSITIVE_RAW_KEYS, `$1"${REDACTED}"`)
    .replace(/\b\d{3}-\d{2}-(\d{4})\b/g, '•••-••-$1')
    .replace(/\d{6,}/g, (digits) => `${'•'.repeat(digits.length - 4)}${digits.slice(-4)}`);
  return masked.length > maxLength
    ? `${masked.slice(0, maxLength)}… [${masked.length - maxLength} more characters]`
    : masked;
}
