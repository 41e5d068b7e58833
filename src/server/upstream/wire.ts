import Big from 'big.js';
import { z } from 'zod';
import type { UpstreamClient, UpstreamPayload, UpstreamRequest } from './client';
import { UpstreamError, submittedSentence } from './errors';

/*
 * Building blocks of the raw (wire) schemas. Each one absorbs a quirk of the interface document
 * or of real traffic and hands clean values to the normalizers; nothing above
 * src/server/upstream sees the upstream's spellings or formats.
 */

/** Compares keys whatever their spaces, underscores and letter case. */
function keyForm(key: string): string {
  return key.replace(/[\s_]/g, '').toLowerCase();
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * An object schema whose keys are matched loosely: `Contingencies ` (trailing space, §2.1),
 * `executedTotal Commitment` (inner space), `KYCstatus`/`kycStatus` (casing drift, real-world
 * notes §4.1), `mondayclosed`/`mondayClosed` (§2.7, §2.8), `order_Id`. The shape is written with
 * the documented spelling; an exact key wins over a variant. Unknown keys are dropped.
 */
export function looseObject<Shape extends z.ZodRawShape>(shape: Shape) {
  const byForm = new Map<string, string>();
  const keys = Object.keys(shape);
  for (const key of keys) byForm.set(keyForm(key), key);
  return z.preprocess((input) => {
    if (!isPlainObject(input)) return input;
    // Every documented key is present (possibly undefined) so blank-tolerant fields yield null.
    const out: Record<string, unknown> = {};
    for (const key of keys) out[key] = undefined;
    for (const [key, value] of Object.entries(input)) {
      const target = Object.hasOwn(shape, key) ? key : byForm.get(keyForm(key));
      if (target === undefined) continue;
      // The documented spelling wins, unless it is blank and a variant carries a value.
      if (isBlank(out[target]) || (target === key && !isBlank(value))) out[target] = value;
    }
    return out;
  }, z.object(shape));
}

/** A JSON value that some answers deliver as a string holding the JSON (§2.1 orderDetails). */
function unwrapJsonString(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (!trimmed.startsWith('[') && !trimmed.startsWith('{')) return value;
  try {
    return JSON.parse(trimmed);
  } catch {
    return value;
  }
}

/**
 * A list, whichever way the upstream wraps it: a plain array, a string holding the array (§2.1),
 * a create call's `[true, [ {...} ]]` (real-world notes §4.1), a lone object, or null. `[{}]`
 * means "none" (§2.1 matched orders), so empty objects are dropped.
 */
export function wireList<Item extends z.ZodType>(item: Item) {
  return z.preprocess((input) => {
    let value = unwrapJsonString(input);
    if (value === null || value === undefined || value === '') return [];
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'boolean') {
      value = unwrapJsonString(value[1]);
    }
    if (isPlainObject(value)) value = [value];
    if (!Array.isArray(value)) return value;
    return value.filter((entry) => !(isPlainObject(entry) && Object.keys(entry).length === 0));
  }, z.array(item));
}

/** One object, delivered as the object or as a one-element list (§2.5 accountDetails). */
export function wireOne<Item extends z.ZodType>(item: Item) {
  return z.preprocess((input) => {
    const value = unwrapJsonString(input);
    if (Array.isArray(value)) {
      const list =
        value.length === 2 && typeof value[0] === 'boolean' ? unwrapJsonString(value[1]) : value;
      if (Array.isArray(list) && list.length === 1) return list[0];
      return list;
    }
    return value;
  }, item);
}

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null(), z.undefined()]);

function isBlank(value: unknown): value is null | undefined | '' {
  return (
    value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
  );
}

/** Text that may be missing; blank becomes null. Numbers become their text. */
export const wireText = scalar.transform((value) => (isBlank(value) ? null : String(value)));

/** Text that must be present (identifiers): numbers become text (§2.1 integer ids). */
export const wireId = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .pipe(z.string().min(1));

const decimalPattern = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

function canonicalDecimal(value: string | number, ctx: z.RefinementCtx): string {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (typeof value === 'number' ? !Number.isFinite(value) : !decimalPattern.test(text)) {
    ctx.addIssue({ code: 'custom', message: `not a decimal number: ${JSON.stringify(value)}` });
    return z.NEVER;
  }
  // big.js keeps the digits exact; toFixed() without places never uses exponent notation.
  return new Big(text).toFixed();
}

/** A decimal given as a string or a number (§2 Conventions, §2.1), as an exact decimal string. */
export const wireDecimal = z
  .union([z.string(), z.number()])
  .transform((value, ctx) => canonicalDecimal(value, ctx));

/** A decimal that may be missing; blank becomes null. */
export const wireOptionalDecimal = scalar.transform((value, ctx) => {
  if (isBlank(value)) return null;
  if (typeof value === 'boolean') {
    ctx.addIssue({ code: 'custom', message: 'not a decimal number' });
    return z.NEVER;
  }
  return canonicalDecimal(value, ctx);
});

/** A non-negative integer given as a number or a numeric string (pagination, §4.3). */
export const wireCount = z
  .union([z.number().int().nonnegative(), z.string().regex(/^\s*\d+\s*$/)])
  .transform((value) => Number(value));

/** A status in whatever letter case (§3): lower-cased, blank → null. */
export const wireStatus = scalar.transform((value) =>
  isBlank(value) ? null : String(value).trim().toLowerCase(),
);

/** Zero-filled placeholders mean "never" (§2.1 updateDate; real getAccount answers). */
function isZeroDate(text: string): boolean {
  return /^0000-00-00/.test(text) || /^00-00-0000/.test(text);
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * A zone-less `YYYY-MM-DD HH:mm:ss` (§2 Conventions) as `YYYY-MM-DDTHH:mm:ss`, still zone-less
 * (architecture decision 6). Blank or zero-filled → null.
 */
export const wireLocalDateTime = scalar.transform((value, ctx) => {
  if (isBlank(value)) return null;
  const text = String(value).trim();
  if (isZeroDate(text)) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d+)?$/.exec(text);
  if (!match || !isCalendarDate(+match[1], +match[2], +match[3]) || +match[4] > 23) {
    ctx.addIssue({ code: 'custom', message: `not a YYYY-MM-DD HH:mm:ss timestamp: ${text}` });
    return z.NEVER;
  }
  return `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}`;
});

/**
 * An instant. Order timestamps are ISO 8601 UTC (§2.1 createdDate); one given without a zone is
 * read as UTC for that reason. Blank or zero-filled → null (§2.1 updateDate).
 */
export const wireInstant = scalar.transform((value, ctx) => {
  if (isBlank(value)) return null;
  const text = String(value).trim();
  if (isZeroDate(text)) return null;
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(\.\d+)?)(Z|[+-]\d{2}:?\d{2})?$/i.exec(
    text,
  );
  const parsed = match ? new Date(`${match[1]}T${match[2]}${match[4] ?? 'Z'}`) : null;
  if (!parsed || Number.isNaN(parsed.getTime())) {
    ctx.addIssue({ code: 'custom', message: `not an ISO 8601 timestamp: ${text}` });
    return z.NEVER;
  }
  return parsed.toISOString();
});

/** `MM-DD-YYYY` (§2 Conventions) as `YYYY-MM-DD`; an ISO date passes. Blank/zero → null. */
export function parseUsDate(value: unknown): string | null | undefined {
  if (isBlank(value)) return null;
  const text = String(value).trim();
  if (isZeroDate(text)) return null;
  let match = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(text);
  if (match && isCalendarDate(+match[3], +match[1], +match[2])) {
    return `${match[3]}-${match[1]}-${match[2]}`;
  }
  match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match && isCalendarDate(+match[1], +match[2], +match[3])) return text;
  return undefined;
}

export const wireUsDate = scalar.transform((value, ctx) => {
  const date = parseUsDate(value);
  if (date === undefined) {
    ctx.addIssue({ code: 'custom', message: `not a MM-DD-YYYY date: ${String(value)}` });
    return z.NEVER;
  }
  return date;
});

/** Like wireUsDate, but a value that is not a date becomes null (the offering contract says so). */
export const wireLenientUsDate = scalar.transform((value) => parseUsDate(value) ?? null);

/** A date or a timestamp, whichever the upstream sent (review dates, §2.5). */
export const wireReviewDate = scalar.transform((value, ctx) => {
  const date = parseUsDate(value);
  if (date !== undefined) return date;
  const stamp = wireLocalDateTime.safeParse(value);
  if (stamp.success) return stamp.data;
  ctx.addIssue({ code: 'custom', message: `not a date or timestamp: ${String(value)}` });
  return z.NEVER;
});

/** Yes/No text as a boolean; blank → null. */
export const wireYesNo = scalar.transform((value, ctx) => {
  if (isBlank(value)) return null;
  if (typeof value === 'boolean') return value;
  const text = String(value).trim().toLowerCase();
  if (['yes', 'y', '1', 'true'].includes(text)) return true;
  if (['no', 'n', '0', 'false'].includes(text)) return false;
  ctx.addIssue({ code: 'custom', message: `not yes or no: ${text}` });
  return z.NEVER;
});

/**
 * A bank account or routing number: plain digits, or base64 of the number (§2.9; real-world notes
 * §4.1). Base64 is decoded only when the result is plain digits or letters, so masked or unusual
 * values are kept as received. The clear value goes up; the BFF masks it before the browser.
 */
export function decodeBankNumber(value: string | null): string | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return text;
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(text) && text.length % 4 === 0) {
    const decoded = Buffer.from(text, 'base64').toString('utf8');
    if (/^[A-Za-z0-9]+$/.test(decoded)) return decoded;
  }
  return text;
}

export const wireBankNumber = wireText.transform(decodeBankNumber);

/** A time of day from separate, unpadded hour and minute strings (§2.7) as `HH:mm`. */
export function hoursAndMinutes(hours: string | null, minutes: string | null): string | null {
  if (hours === null) return null;
  const h = Number(hours);
  const m = minutes === null ? 0 : Number(minutes);
  if (!Number.isInteger(h) || !Number.isInteger(m) || h < 0 || h > 23 || m < 0 || m > 59) {
    throw new Error(`not a time: ${hours}:${minutes}`);
  }
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * Validates an answer against its raw schema and normalizes it. Anything that does not fit
 * becomes `bad_response`, logged with the paths that failed (never the values: they may hold
 * personal data). Architecture decision 3: never a crash, never silent garbage.
 */
export function decodeAnswer<Schema extends z.ZodType, Result>(
  client: UpstreamClient,
  request: Pick<UpstreamRequest, 'operation' | 'effect'>,
  payload: UpstreamPayload,
  schema: Schema,
  normalize: (raw: z.output<Schema>) => Result,
): Result {
  const parsed = schema.safeParse(payload);
  let problem: string[];
  if (parsed.success) {
    try {
      const result = normalize(parsed.data);
      client.reportAnswer?.(payload, true);
      return result;
    } catch (error) {
      if (error instanceof UpstreamError) {
        client.reportAnswer?.(payload, true);
        throw error;
      }
      problem = [error instanceof Error ? error.message : String(error)];
    }
  } else {
    problem = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
  }
  // A 101 answer that does not match the document is a failure of its operation's breaker.
  client.reportAnswer?.(payload, false);
  const submitted = request.effect === 'write' ? 'unknown' : 'no';
  client.logger.error(
    { operation: request.operation, issues: problem.slice(0, 20) },
    `upstream ${request.operation}: answer does not match the interface document`,
  );
  throw new UpstreamError({
    kind: 'bad_response',
    submitted,
    operation: request.operation,
    statusCode: '101',
    message: `${request.operation}: unexpected answer: ${problem.slice(0, 5).join('; ')}`,
    userMessage: `The service gave an answer we could not understand. ${submittedSentence(submitted)}`,
  });
}
