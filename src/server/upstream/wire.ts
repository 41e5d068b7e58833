import Big from 'big.js';
import { z } from 'zod';
import { compare, toFixed6, type DecimalString } from '../../contract/decimal';
import type { UpstreamClient, UpstreamPayload, UpstreamRequest } from './client';
import { UpstreamError, faultWords } from './errors';
import { readReferenceNote, type ReferenceNote } from './reference-note';

/*
 * Building blocks of the raw (wire) schemas. Each one absorbs a quirk of the interface document
 * or of real traffic and hands clean values to the normalizers; nothing above
 * src/server/upstream sees the upstream's spellings or formats.
 */

/** Compares keys whatever their spaces, underscores and letter case. */
function keyForm(key: string): string {
  return key.replace(/[\s_]/g, '').toLowerCase();
}

/** A JSON object: neither null nor a list. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Keys that the same record carried twice under different spellings with different values,
 * collected while decodeAnswer parses one answer (parsing is synchronous, so one collector is
 * enough). Only key names are kept: the values may be personal data.
 */
let keyConflicts: string[] | null = null;

/** What a field's plain reading gives for a value that does not fit. */
const REFUSED: unique symbol = Symbol('refused');

/** A field's schema as a plain function: the value it reads, or REFUSED. */
type FieldReader = (value: unknown) => unknown;

/**
 * The plain reading of each field schema that has one (the scalar fields below, and looseObject's
 * records): the same functions its zod schema runs, without zod's result and issue objects.
 * looseObject reads a record whose every field has one in a single pass.
 */
const fieldReaders = new WeakMap<object, FieldReader>();

/** Why a value does not fit a field, in the words zod's schema reports. */
class Refusal {
  constructor(readonly message: string) {}
}

/** A reading's value, or its refusal reported as zod's issue. */
function orIssue<T>(value: T | Refusal, ctx: z.RefinementCtx): T {
  if (!(value instanceof Refusal)) return value;
  ctx.addIssue({ code: 'custom', message: value.message });
  return z.NEVER;
}

/** A field schema with its plain reading (fieldReaders) beside it. */
function withReader<Schema extends z.ZodType>(schema: Schema, read: FieldReader): Schema {
  fieldReaders.set(schema, read);
  return schema;
}

/**
 * A field the portal only shows, whose format the interface document does not fix: a value that
 * does not fit reads as null ("not stated") rather than failing its whole record. Read in one pass
 * as zod reads it (`.catch(null)`).
 */
export function unreadableAsNull<Out>(field: z.ZodType<Out, unknown>) {
  const read = fieldReaders.get(field);
  const schema = field.nullable().catch(null);
  if (read) {
    fieldReaders.set(schema, (value) => {
      const out = read(value);
      return out === REFUSED ? null : out;
    });
  }
  return schema;
}

/**
 * An object schema whose keys are matched loosely: `Contingencies ` (trailing space, §2.1),
 * `executedTotal Commitment` (inner space), `KYCstatus`/`kycStatus` (casing drift, real-world
 * notes §4.1), `mondayclosed`/`mondayClosed` (§2.7, §2.8), `order_Id`, `custodyAccount` for
 * `custody_account` (§2.12). Unknown keys are dropped.
 *
 * Duplicate-key rule (one rule for every record): the shape is written with the spelling the
 * interface document uses for that record (§2.5 `kycStatus` for accounts, §2.6 `KYCstatus` for
 * entity parties, §2.12 `custody_account`). When an answer carries two spellings of one key:
 * 1. a blank value (missing, null, empty text) never hides a non-blank one;
 * 2. otherwise the document's spelling wins; between two undocumented spellings, the first in
 *    the answer wins;
 * 3. when both are non-blank and differ, the kept value follows 2. and the conflict is logged
 *    with the key names only (decodeAnswer does it), so a silent drop cannot happen.
 */
export function looseObject<Shape extends z.ZodRawShape>(
  shape: Shape,
): z.ZodType<z.output<z.ZodObject<Shape>>, unknown> {
  const keys = Object.keys(shape);
  // Each key as the answer may spell it → the documented key. Exact keys first, so that a
  // documented key is never taken for another one's loose form.
  const byForm = new Map<string, string>();
  for (const key of keys) byForm.set(keyForm(key), key);
  const byKey = new Map<string, string>(keys.map((key) => [key, key]));
  // Every documented key present (undefined), so blank-tolerant fields yield null. Copied per
  // record from one object built once: a copy of a fast object is one step, where 40 keyed
  // stores into a fresh object cost a third of reading an account (docs/benchmarks.md).
  const blank = Object.fromEntries(keys.map((key) => [key, undefined])) as Record<string, unknown>;
  const gather = (input: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = { ...blank };
    // The key each kept value came from, only where it differs from the documented key (rare):
    // rule 3 names both keys of a conflict.
    let spelledAs: Record<string, string> | null = null;
    // for...in with hasOwn rather than Object.entries: no array a key on 10,000-record pages.
    for (const key in input) {
      if (!Object.hasOwn(input, key)) continue;
      const value = input[key];
      let target = byKey.get(key);
      if (target === undefined) {
        target = byForm.get(keyForm(key));
        if (target === undefined) continue;
      }
      const current = out[target];
      if (isBlank(current)) {
        out[target] = value;
        if (key !== target || spelledAs) (spelledAs ??= {})[target] = key;
        continue;
      }
      if (isBlank(value)) continue;
      if (String(current) !== String(value)) {
        keyConflicts?.push(`${spelledAs?.[target] ?? target}/${key}`);
      }
      if (target === key) {
        out[target] = value;
        if (spelledAs) spelledAs[target] = key;
      }
    }
    return out;
  };
  const checked = z.preprocess(
    (input) => (isPlainObject(input) ? gather(input) : input),
    z.object(shape),
  );
  const fields = keys.map((key) => fieldReaders.get(shape[key]));
  if (!fields.every((read) => read !== undefined)) return checked;

  // Every field has a plain reading (fieldReaders): the record is read in one pass over the
  // gathered copy, in place, with the same functions zod's schemas run. zod's object machinery
  // (a result object and an issue list a field) was most of reading an account
  // (docs/benchmarks.md). Whatever one pass refuses, zod's schema reads again, so an answer that
  // does not fit is told with the same paths and messages as ever.
  const readers = fields as FieldReader[];
  const read: FieldReader = (input) => {
    if (!isPlainObject(input)) return REFUSED;
    const out = gather(input);
    for (let i = 0; i < keys.length; i += 1) {
      const value = readers[i](out[keys[i]]);
      if (value === REFUSED) return REFUSED;
      out[keys[i]] = value;
    }
    return out;
  };
  const schema = z.unknown().transform((input, ctx) => {
    const out = read(input);
    if (out !== REFUSED) return out as z.output<z.ZodObject<Shape>>;
    // Conflicts were collected by the pass above; the second reading must not count them again.
    const outer = keyConflicts;
    keyConflicts = null;
    let again: z.ZodSafeParseResult<z.output<z.ZodObject<Shape>>>;
    try {
      again = checked.safeParse(input);
    } finally {
      keyConflicts = outer;
    }
    if (again.success) return again.data;
    for (const issue of again.error.issues) ctx.issues.push(issue as never);
    return z.NEVER;
  });
  fieldReaders.set(schema, read);
  return schema;
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
 * Strips a create call's `[true, [ ... ]]` (real-world notes §4.1), however deeply it is nested
 * (`[true, [true, [ {...} ]]]`, real-world notes §3, reinvest), and JSON held in strings (§2.1).
 */
function unwrapTuples(input: unknown): unknown {
  let value = unwrapJsonString(input);
  for (let depth = 0; depth < 5; depth += 1) {
    if (!(Array.isArray(value) && value.length === 2 && typeof value[0] === 'boolean')) break;
    value = unwrapJsonString(value[1]);
  }
  return value;
}

function listValue(input: unknown): unknown {
  const value = unwrapTuples(input);
  if (value === null || value === '') return [];
  if (isPlainObject(value)) return [value];
  if (!Array.isArray(value)) return value;
  // `[{}]` means "none" (§2.1 matched orders).
  return value.filter((entry) => !(isPlainObject(entry) && Object.keys(entry).length === 0));
}

/**
 * A list nested inside a record, whichever way the upstream wraps it: a plain array, a string
 * holding the array (§2.1), a create call's tuple, a lone object, or null/missing (none).
 */
export function wireList<Item extends z.ZodType>(item: Item) {
  return z.preprocess((input) => (input === undefined ? [] : listValue(input)), z.array(item));
}

/**
 * A list that must hold at least one record: what a write answers with the record it made.
 * `missing` says what was absent, for the log.
 */
export function wireNonEmptyList<Item extends z.ZodType>(item: Item, missing: string) {
  return wireList(item).refine((list) => list.length > 0, { message: missing });
}

/**
 * The list an answer exists to carry (`offeringDetails`, `custodyTransactions`, ...). Same
 * wrappings as wireList, but the key must be there: a 101 answer without it is not "no records"
 * (§4: every listed response key is part of the answer). The records are left unparsed so that
 * readRecords can judge them one by one.
 */
export const wireRecords = z.preprocess(
  (input) => (input === undefined ? input : listValue(input)),
  z.array(z.unknown(), { error: 'the list is missing' }),
);

/** One object, delivered as the object, as a one-element list or inside a tuple (§2.5). */
export function wireOne<Item extends z.ZodType>(item: Item) {
  return z.preprocess((input) => {
    const value = unwrapTuples(input);
    if (Array.isArray(value) && value.length === 1) return unwrapTuples(value[0]);
    return value;
  }, item);
}

/**
 * A JSON scalar (or missing), checked in one test: a union of five schemas tried in turn cost
 * more than the rest of a field's reading (forty fields an account; docs/benchmarks.md).
 */
type Scalar = string | number | boolean | null | undefined;

function isScalar(value: unknown): value is Scalar {
  return (
    value === null ||
    value === undefined ||
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean'
  );
}

const scalar = z.custom<Scalar>(isScalar, {
  message: 'expected text, a number, true/false or null',
});

/** A field that takes a JSON scalar (or nothing) and reads it with `read`. */
function scalarField<T>(read: (value: Scalar) => T | Refusal) {
  return withReader(
    scalar.transform((value, ctx) => orIssue(read(value), ctx)),
    (value) => {
      if (!isScalar(value)) return REFUSED;
      const out = read(value);
      return out instanceof Refusal ? REFUSED : out;
    },
  );
}

/** Text or a finite number: what z.union([z.string(), z.number()]) lets through. */
function isTextOrNumber(value: unknown): value is string | number {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

function isBlank(value: unknown): value is null | undefined | '' {
  return (
    value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
  );
}

/** Text that may be missing; blank becomes null. Numbers become their text. */
export const wireText = scalarField((value) => (isBlank(value) ? null : String(value)));

/** Text that must be present (identifiers): numbers become text (§2.1 integer ids). */
export const wireId = withReader(
  z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .pipe(z.string().min(1)),
  (value) => {
    if (!isTextOrNumber(value)) return REFUSED;
    const text = String(value).trim();
    return text.length >= 1 ? text : REFUSED;
  },
);

const decimalPattern = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
/** Already as big.js writes it: no sign but a minus, no leading or trailing zero, no exponent. */
const canonicalPattern = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;

const notADecimal = new Refusal('not a decimal number');

function canonicalDecimal(value: string | number): string | Refusal {
  const text = typeof value === 'number' ? String(value) : value.trim();
  // Most values arrive canonical (four a record, a busy order-book day has 10,000 records): they
  // are their own answer. A negative below one takes the long way, since big.js writes -0 as 0.
  if (canonicalPattern.test(text) && !text.startsWith('-0')) return text;
  if (typeof value === 'number' ? !Number.isFinite(value) : !decimalPattern.test(text)) {
    return notADecimal;
  }
  // big.js keeps the digits exact; toFixed() without places never uses exponent notation. It
  // refuses a leading plus, which the pattern above accepts.
  return new Big(text.startsWith('+') ? text.slice(1) : text).toFixed();
}

/** A decimal given as a string or a number (§2 Conventions, §2.1), as an exact decimal string. */
export const wireDecimal = withReader(
  z
    .union([z.string(), z.number()])
    .transform((value, ctx) => orIssue(canonicalDecimal(value), ctx)),
  (value) => {
    if (!isTextOrNumber(value)) return REFUSED;
    const out = canonicalDecimal(value);
    return out instanceof Refusal ? REFUSED : out;
  },
);

/** A decimal that may be missing; blank becomes null. */
export const wireOptionalDecimal = scalarField((value) => {
  if (isBlank(value)) return null;
  if (typeof value === 'boolean') return notADecimal;
  return canonicalDecimal(value);
});

/** A non-negative integer given as a number or a numeric string (pagination, §4.3). */
const wireCount = z
  .union([z.number().int().nonnegative(), z.string().regex(/^\s*\d+\s*$/)])
  .transform((value) => Number(value));

/** An inclusive end index (§4.3): -1 or more, since an empty page ends before it starts. */
export const wireIndex = z
  .union([z.number().int().min(-1), z.string().regex(/^\s*-?\d+\s*$/)])
  .transform((value) => Number(value))
  .pipe(z.number().int().min(-1));

/** A status in whatever letter case (§3): lower-cased, blank → null. */
export const wireStatus = scalarField((value) =>
  isBlank(value) ? null : String(value).trim().toLowerCase(),
);

/** Zero-filled placeholders mean "never" (§2.1 updateDate; real getAccount answers). */
function isZeroDate(text: string): boolean {
  return /^0000-00-00/.test(text) || /^00-00-0000/.test(text);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether a year, month (1–12) and day name a day of the calendar. Counted, not built as a Date:
 * several dates a record, and a Date each was a tenth of reading an account. Years below 100
 * stay refused, as Date.UTC (which reads them as 19xx) refused them.
 */
function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 100 || month < 1 || month > 12 || day < 1) return false;
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= DAYS_IN_MONTH[month - 1] + (leap ? 1 : 0);
}

/**
 * A zone-less `YYYY-MM-DD HH:mm:ss` (§2 Conventions) as `YYYY-MM-DDTHH:mm:ss`, still zone-less.
 * Blank or zero-filled → null.
 */
const notATimestamp = new Refusal('not a YYYY-MM-DD HH:mm:ss timestamp');

function readLocalDateTime(value: Scalar): string | null | Refusal {
  if (isBlank(value)) return null;
  const text = String(value).trim();
  if (isZeroDate(text)) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d+)?$/.exec(text);
  if (!match || !isCalendarDate(+match[1], +match[2], +match[3]) || +match[4] > 23) {
    return notATimestamp;
  }
  return `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}`;
}

export const wireLocalDateTime = scalarField(readLocalDateTime);

/**
 * A fund-move timestamp: documented zone-less (§2.9), but some answers carry ISO 8601 with a zone
 * (`...T14:03:11.000Z`). A zone-less value stays a wall time of the platform's zone; a zoned one is
 * an instant and stays one (`...Z`), so it is never read again as a wall time of another zone.
 * Either way the record stays readable instead of being dropped (contract: upstreamTimeSchema).
 */
export const wireLocalOrZonedDateTime = scalarField((value) => {
  if (isBlank(value)) return null;
  const text = String(value).trim();
  if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    const local = readLocalDateTime(value);
    if (!(local instanceof Refusal)) return local;
  } else {
    const parsed = new Date(text);
    if (!Number.isNaN(parsed.getTime())) return parsed.toISOString();
  }
  return new Refusal('not a timestamp');
});

/**
 * An instant. Order timestamps are ISO 8601 UTC (§2.1 createdDate); one given without a zone is
 * read as UTC for that reason. Blank or zero-filled → null (§2.1 updateDate).
 */
/** Already as toISOString() writes it: UTC, milliseconds, a Z. */
const isoInstantPattern = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

export const wireInstant = scalarField((value) => {
  if (isBlank(value)) return null;
  const text = String(value).trim();
  if (isZeroDate(text)) return null;
  // Orders carry their timestamps in toISOString()'s own form (§2.1): such a value on a real
  // calendar day is its own answer, without a Date built and written back (two a record, 10,000
  // records on a busy order-book day).
  const iso = isoInstantPattern.exec(text);
  if (iso && isCalendarDate(+iso[1], +iso[2], +iso[3])) return text;
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(\.\d+)?)(Z|[+-]\d{2}:?\d{2})?$/i.exec(
    text,
  );
  const parsed = match ? new Date(`${match[1]}T${match[2]}${match[4] ?? 'Z'}`) : null;
  if (!parsed || Number.isNaN(parsed.getTime())) return new Refusal('not an ISO 8601 timestamp');
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

/** ISO `YYYY-MM-DD` as the upstream's `MM-DD-YYYY` (for example `dob`, §4.6). */
export function formatUsDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match || !isCalendarDate(+match[1], +match[2], +match[3])) {
    throw new RangeError('not a calendar date YYYY-MM-DD');
  }
  return `${match[2]}-${match[3]}-${match[1]}`;
}

/**
 * An amount as the upstream takes it: six decimal places (§2 Conventions, "Decimal amounts are
 * usually strings with six decimal places"; §2.9 "Decimal with six places"), `12.3` →
 * `12.300000`. Money is never rounded to be sent: an amount with more places is refused before
 * anything is sent. Form amounts never have more (the contract's amount rules allow at most six).
 */
export function formatWireAmount(amount: DecimalString): string {
  const sent = toFixed6(amount, 'down');
  if (compare(sent, amount) !== 0) {
    throw new RangeError('an amount with more than six decimal places is never rounded to send it');
  }
  return sent;
}

export const wireUsDate = scalarField((value) => {
  const date = parseUsDate(value);
  return date === undefined ? new Refusal('not a MM-DD-YYYY date') : date;
});

/** Like wireUsDate, but a value that is not a date becomes null (the offering contract says so). */
export const wireLenientUsDate = scalarField((value) => parseUsDate(value) ?? null);

const notADateOrTimestamp = new Refusal('not a date or timestamp');

/** A date or a timestamp, whichever the upstream sent (review dates, §2.5). */
export const wireReviewDate = scalarField((value) => {
  const date = parseUsDate(value);
  if (date !== undefined) return date;
  const stamp = readLocalDateTime(value);
  return stamp instanceof Refusal ? notADateOrTimestamp : stamp;
});

/**
 * An approval date on a create answer (createTrade `RRApprovalDate`, `PrincipalDate`): MM-DD-YYYY
 * in the samples, a `YYYY-MM-DD hh:mm:ss` timestamp in others (createTrade__slj-101.json). The day
 * is kept; anything else becomes null, because a create answer must never be misread as failed
 * for a side field when it holds the new id.
 */
export const wireLenientApprovalDate = scalarField((value) => {
  const date = parseUsDate(value);
  if (date !== undefined) return date;
  const stamp = readLocalDateTime(value);
  return stamp instanceof Refusal || stamp === null ? null : stamp.slice(0, 10);
});

/** Yes/No text as a boolean; blank → null. */
export const wireYesNo = scalarField((value) => {
  if (isBlank(value)) return null;
  if (typeof value === 'boolean') return value;
  const text = String(value).trim().toLowerCase();
  if (['yes', 'y', '1', 'true'].includes(text)) return true;
  if (['no', 'n', '0', 'false'].includes(text)) return false;
  // §4.14: `<day>Closed` is "Null when hours are given"; some answers carry it as the text.
  if (text === 'null') return null;
  return new Refusal('not yes or no');
});

/**
 * A SWIFT/BIC as an international wire's bankId carries it (§2.9, §4.5: 8 or 11 characters): a
 * bank's four letters, a country's two, then two of place and three of branch. Eight such
 * characters can also be read as base64 ("QUJDREVG" decodes to "ABCDEF"), but base64 of a
 * number never takes this shape (every fourth character of it is w–z or a digit).
 */
const SWIFT_BIC = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/**
 * A bank account or routing number: plain digits, or base64 of the number (§2.9; real-world notes
 * §4.1). Base64 is decoded only when the result is plain digits or letters, so masked or unusual
 * values are kept as received, and never when the value is shaped as a SWIFT/BIC. The clear
 * value goes up; the BFF masks it before the browser.
 */
export function decodeBankNumber(value: string | null): string | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text) || SWIFT_BIC.test(text)) return text;
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
    throw new Error('not a time of day');
  }
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** A record of a list that could not be understood: its position and what failed (no values). */
export interface SkippedRecord {
  /** Position in the upstream's list, from 0. */
  position: number;
  issues: string[];
  /**
   * The record's own keys that failed to read, as the platform spells them (no values); empty when
   * the record as a whole did not fit, or its reading failed past the schema (normalize).
   */
  fields: string[];
  /**
   * The record's own id where it could still be read (an offering's offeringId): a page about
   * that record can then say the platform sent it unreadable, not that it does not exist.
   */
  id?: string;
  /**
   * The record's name where it could still be read (an offering's issueName), so a list can say
   * which record it left out in the words people know it by. Never logged: only shown.
   */
  name?: string;
  /**
   * Our reference note in the record's free text (RecordKeys.note), where that text could be
   * read: the note, or null when the text carries none. Absent when the text could not be read
   * (not a string), so whether the record is one of the portal's requests cannot be told.
   */
  note?: ReferenceNote | null;
}

/** The ids of the records left out, where they could be read (contract/skipped). */
export const readableIds = (skipped: readonly SkippedRecord[]): string[] =>
  skipped.flatMap((record) => (record.id === undefined ? [] : [record.id]));

/**
 * The keys of a list's records whose values are kept for a record that cannot be read
 * (SkippedRecord.id and .name, and the reference note in .note).
 */
export interface RecordKeys {
  id: string;
  name?: string;
  /**
   * The free text our reference note rides in (a fund move's description, reference-note.ts): a
   * record left out still says whether it is one of the portal's requests (SkippedRecord.note).
   */
  note?: string;
}

/** The records of a list that could be understood, and how many were left out. */
export interface RecordsRead<T> {
  records: T[];
  skipped: SkippedRecord[];
}

/** The record's own keys whose values failed, once each (an issue at the record itself: none). */
function failedKeys(error: z.ZodError): string[] {
  const keys = error.issues.flatMap((issue) =>
    issue.path.length > 0 ? [String(issue.path[0])] : [],
  );
  return [...new Set(keys)];
}

function issueLines(error: z.ZodError): string[] {
  // Paths and messages only: the messages above never carry the received value.
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
}

/**
 * Per-record tolerance (an answer we cannot read is never a crash and never silent garbage, applied
 * to lists): each record is validated and
 * normalized on its own. One that does not fit is left out and reported with its position, so
 * one odd row never hides the others. decodeAnswer logs what was skipped.
 */
export function readRecords<Schema extends z.ZodType, Result>(
  list: readonly unknown[],
  schema: Schema,
  normalize: (raw: z.output<Schema>) => Result,
  keys?: RecordKeys,
): RecordsRead<Result> {
  const records: Result[] = [];
  const skipped: SkippedRecord[] = [];
  const withId = (entry: unknown, record: SkippedRecord): SkippedRecord => {
    const id = keys ? recordId(entry, keys.id) : undefined;
    // A name whose own key failed (a number where §2 gives text) is not a name to show: the
    // record is then named by its id alone, and its words say that part could not be read.
    const name =
      keys?.name && !record.fields.includes(keys.name) ? recordId(entry, keys.name) : undefined;
    const text = keys?.note ? ownValue(entry, keys.note) : undefined;
    return {
      ...record,
      ...(id === undefined ? {} : { id }),
      ...(name === undefined ? {} : { name }),
      ...(typeof text === 'string' ? { note: readReferenceNote(text) } : {}),
    };
  };
  list.forEach((entry, position) => {
    const parsed = schema.safeParse(entry);
    if (!parsed.success) {
      skipped.push(
        withId(entry, {
          position,
          issues: issueLines(parsed.error).slice(0, 10),
          fields: failedKeys(parsed.error),
        }),
      );
      return;
    }
    try {
      records.push(normalize(parsed.data));
    } catch (error) {
      if (error instanceof UpstreamError) throw error;
      skipped.push(
        withId(entry, {
          position,
          issues: [error instanceof Error ? error.message : 'not understood'],
          fields: [],
        }),
      );
    }
  });
  return { records, skipped };
}

/**
 * An unreadable record's id (or name) under `key`, when it is a plain string or number there.
 */
function recordId(entry: unknown, key: string): string | undefined {
  const value = ownValue(entry, key);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return undefined;
}

/** The value of an unreadable record under `key`, when the record is an object. */
function ownValue(entry: unknown, key: string): unknown {
  return entry === null || typeof entry !== 'object'
    ? undefined
    : (entry as Record<string, unknown>)[key];
}

/** The `pagination` object of a paged collection (§4.3, §4.16); absent on some answers. */
interface Pagination {
  totalRecords: number;
  startIndex: number;
  endIndex: number;
}

/**
 * The schema of a collection's `pagination`, counts as numbers or numeric strings. `endIndex` is
 * a count unless the collection says otherwise (§4.3 makes it an inclusive index).
 */
function wirePagination(endIndex: z.ZodType<number, unknown> = wireCount) {
  return looseObject({ totalRecords: wireCount, startIndex: wireCount, endIndex }).optional();
}

/** A page of records read one by one, with its indexes; `endIndex` is inclusive. */
export interface PageRead<T> extends RecordsRead<T> {
  totalRecords: number;
  startIndex: number;
  endIndex: number;
}

/** How a paged collection says where its page ends. */
interface PageEnd {
  /** The schema of `pagination.endIndex`: a count unless the collection says otherwise (§4.3). */
  endIndex?: z.ZodType<number, unknown>;
  /** An empty page ends just before it starts (§4.3), unless this is set. */
  emptyEndsAtStart?: boolean;
  /** The records' id (and name) keys, kept for the records that cannot be read (SkippedRecord). */
  keys?: RecordKeys;
}

/**
 * Reads one page of a paged collection. Without a `pagination` object the page is taken as what
 * was sent, from the requested offset. The counts are of what the upstream sent, skipped records
 * included.
 */
function readPage<Schema extends z.ZodType, Result>(
  list: readonly unknown[],
  pagination: Pagination | undefined,
  offset: number | undefined,
  schema: Schema,
  normalize: (raw: z.output<Schema>) => Result,
  emptyEndsAtStart: boolean,
  keys?: RecordKeys,
): PageRead<Result> {
  const { records, skipped } = readRecords(list, schema, normalize, keys);
  const received = list.length;
  const startIndex = pagination?.startIndex ?? offset ?? 0;
  const lastSent = startIndex + received - 1;
  return {
    records,
    skipped,
    totalRecords: pagination?.totalRecords ?? received,
    startIndex,
    endIndex:
      pagination?.endIndex ?? (emptyEndsAtStart ? Math.max(startIndex, lastSent) : lastSent),
  };
}

/** Answers whose lists were read with readRecords say so, for the log line. */
interface WithSkipped {
  skipped?: SkippedRecord[];
}

function skippedOf(result: unknown): SkippedRecord[] {
  if (result === null || typeof result !== 'object') return [];
  const skipped = (result as WithSkipped).skipped;
  return Array.isArray(skipped) ? skipped : [];
}

/**
 * What every operation does once its request is built: sends it and decodes the answer
 * (decodeAnswer below).
 */
export async function sendAndDecode<Schema extends z.ZodType, Result>(
  client: UpstreamClient,
  request: UpstreamRequest,
  schema: Schema,
  normalize: (raw: z.output<Schema>) => Result,
): Promise<Result> {
  const payload = await client.send(request);
  return decodeAnswer(client, request, payload, schema, normalize);
}

/**
 * An operation whose answer exists to carry one list under `key` (`offeringDetails`,
 * `accountDetails`, ...): sends the request and reads the records one by one (readRecords). The
 * key must be there (wireRecords).
 */
export function sendAndReadRecords<Schema extends z.ZodType, Result>(
  client: UpstreamClient,
  request: UpstreamRequest,
  key: string,
  schema: Schema,
  normalize: (raw: z.output<Schema>) => Result,
  keys?: RecordKeys,
): Promise<RecordsRead<Result>> {
  const answer = cached(recordsAnswers, key, () => z.object({ [key]: wireRecords }));
  return sendAndDecode(client, request, answer, (raw) =>
    readRecords(raw[key], schema, normalize, keys),
  );
}

/*
 * The answer schemas of the list operations, one a list key (and a page's end schema), built
 * once: zod compiles an object schema on its first parse, so one built at every call would be
 * compiled at every call.
 */
const recordsAnswers = new Map<string, z.ZodObject<Record<string, typeof wireRecords>>>();
const pageAnswers = new Map<string, Map<PageEnd['endIndex'], z.ZodObject>>();

function cached<K, V>(cache: Map<K, V>, key: K, build: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = build();
    cache.set(key, value);
  }
  return value;
}

/**
 * A paged collection (§4.3, §4.16) whose answer carries its records under `key` and a
 * `pagination` object: sends the request for the page from `offset` and reads its records one
 * by one (readPage). The key must be there (wireRecords).
 */
export function sendAndReadPage<Schema extends z.ZodType, Result>(
  client: UpstreamClient,
  request: UpstreamRequest,
  offset: number | undefined,
  key: string,
  schema: Schema,
  normalize: (raw: z.output<Schema>) => Result,
  { endIndex, emptyEndsAtStart = false, keys }: PageEnd = {},
): Promise<PageRead<Result>> {
  const byEnd = cached(pageAnswers, key, () => new Map());
  const answer = cached(byEnd, endIndex, () =>
    z.object({ [key]: wireRecords, pagination: wirePagination(endIndex) }),
  );
  return sendAndDecode(client, request, answer, (raw: Record<string, unknown>) => {
    // The list's key is known at run time only, so the answer's type cannot tell the list from
    // the pagination; the schema above has checked both.
    const list = raw[key] as unknown[];
    const pagination = raw.pagination as Pagination | undefined;
    return readPage(list, pagination, offset, schema, normalize, emptyEndsAtStart, keys);
  });
}

/**
 * Validates an answer against its raw schema and normalizes it. Anything that does not fit
 * becomes `bad_response`, logged with the paths that failed (never the values: they may hold
 * personal data). Never a crash, never silent garbage. Records of a
 * list that were skipped (readRecords) and conflicting duplicate keys (looseObject) are logged
 * as warnings, again with positions and key names only.
 */
function decodeAnswer<Schema extends z.ZodType, Result>(
  client: UpstreamClient,
  request: Pick<UpstreamRequest, 'operation' | 'effect'>,
  payload: UpstreamPayload,
  schema: Schema,
  normalize: (raw: z.output<Schema>) => Result,
): Result {
  // Conflicts are collected while the answer is parsed and while its records are read one by
  // one (readRecords runs inside normalize); both are synchronous.
  const conflicts: string[] = [];
  const outer = keyConflicts;
  keyConflicts = conflicts;
  let outcome: { ok: true; result: Result } | { ok: false; problem: string[] };
  try {
    const parsed = schema.safeParse(payload);
    if (parsed.success) {
      try {
        outcome = { ok: true, result: normalize(parsed.data as z.output<Schema>) };
        client.reportAnswer?.(payload, true);
      } catch (error) {
        if (error instanceof UpstreamError) {
          client.reportAnswer?.(payload, true);
          throw error;
        }
        outcome = { ok: false, problem: [error instanceof Error ? error.message : String(error)] };
      }
    } else {
      outcome = { ok: false, problem: issueLines(parsed.error) };
    }
  } finally {
    keyConflicts = outer;
  }
  if (conflicts.length > 0) {
    client.logger.warn(
      { operation: request.operation, keys: [...new Set(conflicts)].slice(0, 20) },
      `upstream ${request.operation}: a key came twice with different values; the documented spelling was kept`,
    );
  }
  if (outcome.ok) {
    const skipped = skippedOf(outcome.result);
    if (skipped.length > 0) {
      client.logger.warn(
        {
          operation: request.operation,
          // By position and what failed only: never a value of the record, its id included.
          skipped: skipped.slice(0, 20).map(({ position, issues }) => ({ position, issues })),
          count: skipped.length,
        },
        `upstream ${request.operation}: ${skipped.length} record(s) could not be understood and were left out`,
      );
    }
    client.reportAnswer?.(payload, true);
    return outcome.result;
  }
  const problem = outcome.problem;
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
    ...faultWords('The service gave an answer we could not understand.', request.effect, submitted),
  });
}
