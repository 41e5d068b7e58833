/**
 * Responses may echo the developer key and client id (getExternalFundMoveInfo's ACHDetails, the
 * docs-era trade rows: real-world notes §4.3, §6). They are removed right after parsing, before
 * any schema, log line or caller sees the payload.
 */
const credentialKeys = new Set(['developerapikey', 'clientid', 'apikey']);

const REDACTED = '[redacted]';
const credentialKeyText = /apikey|clientid/iu;

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
  // Case-insensitive without a lower-cased copy of the page; `u` folds the Kelvin sign to k as
  // toLowerCase() does in isCredentialKey.
  if (credentialKeyText.test(text)) return true;
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

/** Keys whose value is the wire protocol's, not a person's (§3: statusCode, the 101 family). */
const PROTOCOL_KEY = /^"(?:statusCode|status_code)"/i;

/** A key with its colon, a quoted value (possibly cut off), or a run of text outside quotes. */
const TOKEN = /("(?:[^"\\]|\\.)*"\s*:)|("(?:[^"\\]|\\.)*"?)|([^"]+)/g;

/**
 * Text outside quotes (JSON numbers and literals, an HTML page, plain text): markup and the JSON
 * literals stay; email addresses, digit groups of four or more (SSNs, tax ids, bank numbers,
 * dates) and every word (a name) are masked, keeping only their length.
 */
function maskText(text: string): string {
  return text
    .split(/(<[^<>]*>)/)
    .map((part) =>
      part.startsWith('<') && part.endsWith('>')
        ? part
        : part
            .replace(/[^\s"'<>()[\]{},;:]+@[^\s"'<>()[\]{},;:]+/g, '•@•')
            .replace(/\d[\d\s./-]{2,}\d/g, (digits) => digits.replace(/\d/g, '•'))
            .replace(/\p{L}[\p{L}\p{M}'-]*/gu, (word) =>
              /^(?:true|false|null)$/.test(word) ? word : '•'.repeat(word.length),
            ),
    )
    .join('');
}

/**
 * Raw response text made safe for a log line (it is logged only when a response cannot be
 * understood): the shape stays, the values go. Keys are kept and every quoted value becomes
 * `"•"`, except a short statusCode; outside quotes only markup and JSON literals stay (see
 * maskText). So names, emails, tax ids, SSNs, account numbers and dates of birth of a malformed
 * answer never reach the log, while "an HTML page", "JSON without
 * statusCode" or "a cut-off answer" can still be told apart.
 */
export function redactRawBody(text: string, secrets: readonly string[], maxLength = 2000): string {
  // Only the start is logged: a huge answer is not scanned to the end.
  const head = replaceSecrets(text.slice(0, maxLength + 200), secrets);
  let protocolValue = false;
  const masked = head.replace(
    TOKEN,
    (_whole, key: string | undefined, quoted: string | undefined, other: string | undefined) => {
      if (key !== undefined) {
        protocolValue = PROTOCOL_KEY.test(key);
        return key;
      }
      if (quoted !== undefined) {
        const keep = protocolValue && /^"\d{1,4}"$/.test(quoted);
        protocolValue = false;
        return keep ? quoted : '"•"';
      }
      const plain = other ?? '';
      if (protocolValue && /^\s*\d{1,4}\s*[,}]/.test(plain)) {
        protocolValue = false;
        return plain.replace(
          /^(\s*\d{1,4})([\s\S]*)$/,
          (_m, code: string, rest: string) => `${code}${maskText(rest)}`,
        );
      }
      protocolValue = false;
      return maskText(plain);
    },
  );
  const total = text.length;
  return total > maxLength
    ? `${masked.slice(0, maxLength)}… [${total - maxLength} more characters]`
    : masked;
}
