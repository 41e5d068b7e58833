import { ACCESS_REFUSED_OUTCOME_UNKNOWN } from '../../contract/money-requests';

/**
 * The one error type of the upstream client. Everything that goes wrong between the BFF and the
 * upstream becomes an UpstreamError with a kind the routes map to HTTP answers, a plain sentence
 * for the user, and whether anything may have been submitted (architecture decisions 9 and 10).
 */
export type UpstreamErrorKind =
  | 'misconfigured'
  | 'permission'
  | 'rejected'
  | 'not_found'
  | 'unavailable'
  | 'timeout'
  | 'bad_response'
  | 'circuit_open';

/** `no`: nothing changed upstream; `unknown`: a write was sent and its outcome is not known. */
export type UpstreamSubmitted = 'no' | 'unknown';

/**
 * What a refusal is about: `request`, what the person asked (changing it is the way on);
 * `state`, something outside what they entered (an offering closed for now, an account under
 * review, a request already in process), which may pass while the request stays as it is.
 */
export type RefusalCause = 'request' | 'state';

/** A refused parameter put on the field of ours it came from. */
export interface RefusedField {
  field: string;
  message: string;
}

export interface UpstreamErrorInit {
  kind: UpstreamErrorKind;
  submitted: UpstreamSubmitted;
  operation: string;
  message: string;
  userMessage: string;
  statusCode?: string;
  httpStatus?: number;
  permission?: string;
  /** A `rejected` refusal's cause, when its code or the parameters it names tell it. */
  refusal?: RefusalCause;
  /** The fields of ours a `rejected` refusal names. */
  fields?: RefusedField[];
  /**
   * Why the platform refused it, in the portal's words and on its own (no "nothing was
   * submitted"): what the register keeps as a refused request's reason.
   */
  reason?: string;
  /**
   * A fault that sent nothing, on a write: what to do, the sentence `userMessage` ends with after
   * its reason (the portal's sentence pair, http-error `notSentRefusal`).
   */
  nextStep?: string;
  /**
   * The platform's own words (its statusDesc and `Error(s)`, cleaned), for the start-up check's
   * sentence to operators: never part of `message`.
   */
  upstreamText?: string;
  cause?: unknown;
}

/*
 * A logged error never carries the platform's words. They may echo what the request sent (a
 * name, a date of birth, a phone or bank number in a form the masking does not know, §3, §7),
 * and routes log errors as they are (`{ err }`; a logger writes an error's message, stack and
 * every enumerable property). So `message` says the operation, the code and what happened, and
 * the properties that hold the platform's words for the person (`userMessage`, `reason`,
 * `fields`, `upstreamText`) are not enumerable: read where they are used, never written to a log.
 */
const WORDS_OF_THE_PLATFORM = ['userMessage', 'reason', 'fields', 'upstreamText'] as const;

export class UpstreamError extends Error {
  readonly kind: UpstreamErrorKind;
  readonly submitted: UpstreamSubmitted;
  readonly operation: string;
  readonly statusCode?: string;
  readonly httpStatus?: number;
  readonly permission?: string;
  readonly refusal?: RefusalCause;
  declare readonly fields?: RefusedField[];
  declare readonly reason?: string;
  readonly nextStep?: string;
  declare readonly userMessage: string;
  declare readonly upstreamText?: string;

  constructor(init: UpstreamErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'UpstreamError';
    this.kind = init.kind;
    this.submitted = init.submitted;
    this.operation = init.operation;
    this.statusCode = init.statusCode;
    this.httpStatus = init.httpStatus;
    this.permission = init.permission;
    this.refusal = init.refusal;
    this.nextStep = init.nextStep;
    for (const key of WORDS_OF_THE_PLATFORM) {
      Object.defineProperty(this, key, { value: init[key], enumerable: false });
    }
  }
}

export function isUpstreamError(value: unknown): value is UpstreamError {
  return value instanceof UpstreamError;
}

/**
 * The client refused to send a GET because the portal sends its credentials in request bodies
 * (§5 rules 4 and 6): the portal's configuration, said as such on the page. A 103 from the
 * platform (credentials refused, §5 rule 8) is `misconfigured` too, but carries its status code and is a
 * service fault.
 */
export function needsHeaderCredentials(value: unknown): boolean {
  return isUpstreamError(value) && value.kind === 'misconfigured' && !value.statusCode;
}

/** The sentence that tells the user whether anything happened. */
export function submittedSentence(submitted: UpstreamSubmitted): string {
  return submitted === 'no'
    ? 'Nothing was submitted.'
    : 'We could not confirm whether your request was submitted; check before trying again.';
}

/**
 * What a fault (no answer, a 5xx, an answer we cannot read) means for the person, and what to do.
 * A read changed nothing, so it may simply be asked again. A write says whether it was
 * submitted, and invites a retry only when nothing was: where the outcome is unknown, money may
 * have moved, so the one advice is to check first (architecture decision 9).
 */
function faultSentence(effect: 'read' | 'write', submitted: UpstreamSubmitted): string {
  if (effect === 'read') return 'Please try again in a moment.';
  return submitted === 'no' ? SEND_AGAIN_IN_A_MOMENT : submittedSentence('unknown');
}

/**
 * What to do after a fault that sent nothing: the second sentence of the pair. The outcome ("Not
 * submitted", "Not sent") already says that nothing was sent, so the pair does not.
 */
export const SEND_AGAIN_IN_A_MOMENT =
  'Nothing in your request needs to change: send it again in a moment.';

/**
 * A fault's words: what happened (`lead`), then faultSentence. Where nothing was sent, the lead
 * is also the reason on its own, and a write's next step travels apart, so the form, the register
 * and the timeline say the pair once (http-error `notSentRefusal`). An unknown outcome keeps its
 * one advice, to check first, and carries neither.
 */
export function faultWords(
  lead: string,
  effect: 'read' | 'write',
  submitted: UpstreamSubmitted,
): Pick<UpstreamErrorInit, 'userMessage' | 'reason' | 'nextStep'> {
  const userMessage = `${lead} ${faultSentence(effect, submitted)}`;
  if (submitted !== 'no') return { userMessage };
  return effect === 'write'
    ? { userMessage, reason: lead, nextStep: SEND_AGAIN_IN_A_MOMENT }
    : { userMessage, reason: lead };
}

/**
 * A read the portal stopped waiting for, to answer with what else was ready (lib/in-time.ts):
 * it may still answer, but too late for this page.
 */
export function lateReadError(operation: string): UpstreamError {
  return new UpstreamError({
    kind: 'timeout',
    submitted: 'no',
    operation,
    message: `${operation}: not answered while the rest of the page was ready`,
    ...faultWords('The service did not answer in time.', 'read', 'no'),
  });
}

/**
 * The portal's own access to the platform is wrong: its credentials refused (103, §5 rule 8) or
 * a GET it cannot send with body credentials (§5 rule 6). Only an operator can fix that, so the
 * person is sent to support, never told to try again in a moment.
 */
const PORTAL_ACCESS_NOT_SET_UP = 'The portal’s access to the platform is not set up correctly.';
// Pages offer no Try again for it (its own code, upstream_misconfigured): support is the way on.
const CONTACT_SUPPORT = 'Please contact support.';
export const SEND_AGAIN_ONCE_FIXED =
  'Nothing in your request needs to change: contact support, and send it again once they have fixed it.';

/*
 * A write the platform answered by refusing the portal's own access says so in one statement
 * (contract ACCESS_REFUSED_OUTCOME_UNKNOWN). A money request adds its register's next step
 * (unknownMoneyMessage); any other write, to check and to call support.
 */
const CHECK_THEN_SUPPORT =
  'Check whether it took effect before sending it again, and contact support.';

/** A misconfiguration's words: as faultWords, with support as the one way on. */
export function misconfiguredWords(
  effect: 'read' | 'write',
  submitted: UpstreamSubmitted,
): Pick<UpstreamErrorInit, 'userMessage' | 'reason' | 'nextStep'> {
  if (submitted !== 'no') {
    return { userMessage: `${ACCESS_REFUSED_OUTCOME_UNKNOWN} ${CHECK_THEN_SUPPORT}` };
  }
  return effect === 'write'
    ? {
        userMessage: `${PORTAL_ACCESS_NOT_SET_UP} ${SEND_AGAIN_ONCE_FIXED}`,
        reason: PORTAL_ACCESS_NOT_SET_UP,
        nextStep: SEND_AGAIN_ONCE_FIXED,
      }
    : {
        userMessage: `${PORTAL_ACCESS_NOT_SET_UP} ${CONTACT_SUPPORT}`,
        reason: PORTAL_ACCESS_NOT_SET_UP,
      };
}

/**
 * Codes that mean "the thing you named does not exist" (real-world notes §5): the 14xx family's
 * 1404 and the legacy per-resource codes. A 14xx code under HTTP 404 is treated the same way.
 */
const notFoundCodes = new Set([
  '404',
  '135',
  '136',
  '138',
  '148',
  '149',
  '152',
  '162',
  '188',
  '189',
  '198',
  '212',
  '233',
  '1404',
]);

export type StatusClass = 'success' | 'misconfigured' | 'permission' | 'not_found' | 'rejected';

/** Interface document §7 (101, 103, 110) and the codes real traffic shows (real-world notes §5). */
export function classifyStatusCode(statusCode: string, httpStatus: number): StatusClass {
  if (statusCode === '101') return 'success';
  // 103 is bad or missing credentials (§5 rule 8); the 14xx style answers 1401 for the same.
  // Neither §5 nor §7 says the operation was then left undone: for a write the client reports
  // an unknown outcome (faultSentence 'unknown'), not "nothing was submitted".
  if (statusCode === '103' || statusCode === '1401') return 'misconfigured';
  if (statusCode === '110' || statusCode === '1403') return 'permission';
  if (notFoundCodes.has(statusCode)) return 'not_found';
  if (/^14\d\d$/.test(statusCode) && httpStatus === 404) return 'not_found';
  return 'rejected';
}

/*
 * The cause of a refusal by its code. The interface document lists 101, 103 and 110 only, and
 * says other codes and their conditions, validation failures included, are not shown (§7); these
 * are the codes real traffic shows (real-world notes §5). Any other code has no known cause (on
 * a write, not even a refusal's: client.ts).
 */
const requestRefusalCodes = new Set([
  '106', // data or parameter missing or invalid
  '194', // the trade named is not an ACH trade
  '239', // a parameter out of its accepted range
  '240', // a parameter not a number (1422 since)
  '1400', // bad request
  '1422', // invalid request semantics
]);
const stateRefusalCodes = new Set([
  '116', // the account already has an external financial account
  '150', // an external fund move already in process for the trade
  '190', // the trade is no longer in CREATED
  '206', // the link already exists
  '210', // the ACH request was already sent for the trade
  '224', // the trade is no longer pending
  '710', // the card is already linked
  '715', // the bank account is already linked
]);

/*
 * The codes whose meaning real traffic shows (real-world notes §5), said as the portal says them:
 * a refusal's statusDesc is the platform's own spelling ("Data/parameter missing"), never shown
 * (nor logged: the log names the code).
 */
const codeReasons: Record<string, string> = {
  '116': 'the account already has an external financial account',
  '150': 'a fund move for this trade is already in process',
  '190': 'the trade can no longer be changed',
  '194': 'the trade is not paid by ACH',
  '206': 'that link already exists',
  '210': 'the ACH request for this trade was already sent',
  '224': 'the trade is no longer pending',
  '239': 'a value is outside the range it accepts',
  '240': 'a value is not a number',
  '710': 'the card is already linked',
  '715': 'the bank account is already linked',
};

/**
 * Decimals as the platform writes them ("5.000000") read as a person writes them ("5"): zeros
 * after the second decimal place say nothing. Cents ("100.50") are left as they are.
 */
function plainNumbers(text: string): string {
  return text.replace(/\b(\d+)\.(\d{3,})\b/g, (whole, units: string, decimals: string) => {
    const kept = decimals.replace(/0+$/, '');
    if (kept.length === decimals.length) return whole;
    return kept === '' ? units : `${units}.${kept}`;
  });
}

/**
 * Why the platform refused a request, in the portal's words, as one sentence of its own: what
 * it named (each parameter with its message, a parameter of ours by our field's name), the
 * meaning of a code real traffic shows, or that it named nothing. Never the statusDesc.
 */
export function refusalReason(
  statusCode: string,
  payload: Record<string, unknown>,
  ourField: (parameter: string) => string | undefined = () => undefined,
  /** The request's personal values (personalValuesOf), masked wherever they are echoed. */
  sent: readonly string[] = [],
): string {
  const items = refusedParameters(payload, sent).map(
    ({ field, message }) => `${ourField(field) ?? field}: ${plainNumbers(message)}`,
  );
  if (items.length > 0) return `It did not accept ${items.join('; ')}.`;
  const known = codeReasons[statusCode];
  if (known) return `Its reason: ${known}.`;
  for (const key of ['Error(s)', 'Errors', 'errors', 'error']) {
    const value = payload[key];
    const text = typeof value === 'string' ? cleanUpstreamText(value) : '';
    if (text !== '')
      return `It said: ${plainNumbers(maskEchoedValues(text, sent)).replace(/[.;:\s]+$/, '')}.`;
  }
  return 'It named nothing in the request that it could not accept.';
}

export function refusalCauseOf(statusCode: string): RefusalCause | undefined {
  if (requestRefusalCodes.has(statusCode)) return 'request';
  if (stateRefusalCodes.has(statusCode)) return 'state';
  return undefined;
}

const namedEntities: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/**
 * Turns the upstream's error text into a plain sentence. 106 answers carry HTML in `Error(s)`
 * (`<br />accountIdu0026nbsp;u0026nbsp; : Missing`): tags separate items, and entities arrive
 * either proper or with the backslash of a `\u0026` escape lost (real-world notes §5, §6).
 */
export function cleanUpstreamText(text: string): string {
  return text
    .replace(/\\?u0026(#\d+;|#x[0-9a-f]+;|[a-z]+;)/gi, '&$1')
    .replace(/<br\s*\/?>/gi, '; ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, entity: string) => {
      if (entity.startsWith('#x') || entity.startsWith('#X'))
        return String.fromCodePoint(parseInt(entity.slice(2), 16));
      if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
      return namedEntities[entity.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .replace(/\s+([:;,.])/g, '$1')
    .replace(/^[\s;]+|[\s;]+$/g, '')
    .replace(/(;\s*)+/g, '; ')
    .trim();
}

/**
 * What an upstream refusal may echo of the request that identifies a person: the request's own
 * personal values wherever they stand (`sent`: personalValuesOf), and, whatever was sent, email
 * addresses, SSN- and EIN-shaped groups (with dashes or spaces), phone numbers and runs of nine
 * digits or more (bank and routing numbers, an SSN or tax id without dashes). The refusal's
 * sentence goes to the user and is kept with a refused request, which reviewers read in the
 * register and its export without a reveal, so the echoed value is masked (the user has it in
 * the form); the rest of the sentence (a rule's figures, an offering's dates) is kept. Names
 * cannot be told from other words; the log never holds the sentence (UpstreamError keeps it off
 * its message and its written fields).
 */
function maskEchoedValues(text: string, sent: readonly string[] = []): string {
  const bullets = (value: string) => value.replace(/[0-9A-Za-z]/g, '•');
  let out = text;
  for (const value of sent) {
    out = out.split(value).join(bullets(value));
    // A number sent whole may come back in groups (0001 2345 678, 0001-2345-678).
    const digits = value.replace(/[\s-]/g, '');
    if (/^\d{4,}$/.test(digits)) {
      out = out.replace(new RegExp(`(?<!\\d)${[...digits].join('[\\s-]?')}(?!\\d)`, 'g'), bullets);
    }
  }
  return out
    .replace(/[^\s"'<>()[\]{},;:]+@[^\s"'<>()[\]{},;:]+\.[A-Za-z]{2,}/g, '•@•')
    .replace(
      /\b\d{3}[- ]\d{2}[- ]\d{4}\b|\b\d{2}-\d{7}\b|\b\d{3}[-. ]\d{3}[-. ]\d{4}\b|\d{9,}/g,
      (value) => value.replace(/\d/g, '•'),
    );
}

/**
 * Parameters whose value is a person's (§2.5, §2.10, §4.5, §4.6: dates of birth, SSN and tax
 * ids, phone numbers, bank account, routing, IBAN and SWIFT numbers).
 */
const PERSONAL_PARAMETER =
  /birth|dob|ssn|social|taxid|tax_id|^ein$|phone|bankaccount|accountnumber|routing|iban|swift|bankid/i;

/**
 * The values of a request's personal parameters, as sent, that a refusal may echo (a U.S.
 * account number of 6 to 17 digits, §8, is shorter than the nine the general rule masks; a date
 * of birth has no shape of its own). Values of fewer than four characters are left: masking
 * them would hide figures of the sentence that are not theirs.
 */
export function personalValuesOf(body: Record<string, unknown> | undefined): string[] {
  if (!body) return [];
  const values = Object.entries(body)
    .filter(([key, value]) => PERSONAL_PARAMETER.test(key) && typeof value === 'string')
    .map(([, value]) => (value as string).trim())
    .filter((value) => value.length >= 4);
  return [...new Set(values.flatMap((value) => [value, ...otherRenderingsOfDate(value)]))].sort(
    (a, b) => b.length - a.length,
  );
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A date sent (a date of birth: YYYY-MM-DD, or MM-DD-YYYY as §2.5 writes it) in the other ways a
 * refusal may write it back: with slashes or dots, month or day first, unpadded, the month named.
 * Only the date sent: an offering's dates in the same sentence are kept.
 */
function otherRenderingsOfDate(value: string): string[] {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const us = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(value);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : [];
  if (!y || !m || !d) return [];
  const month = MONTHS[Number(m) - 1];
  const [mm, dd] = [String(Number(m)), String(Number(d))];
  return [
    `${y}-${m}-${d}`,
    `${y}/${m}/${d}`,
    `${m}-${d}-${y}`,
    `${m}/${d}/${y}`,
    `${mm}/${dd}/${y}`,
    `${d}.${m}.${y}`,
    `${d}/${m}/${y}`,
    `${y}${m}${d}`,
    ...(month ? [`${month} ${dd}, ${y}`, `${dd} ${month} ${y}`] : []),
  ].filter((rendering) => rendering !== value);
}

/** statusDesc and `Error(s)` (or `errors`) combined into one cleaned sentence. */
export function upstreamMessage(
  payload: Record<string, unknown>,
  sent: readonly string[] = [],
): string {
  const parts: string[] = [];
  const desc = payload.statusDesc;
  if (typeof desc === 'string' && desc.trim() !== '') parts.push(cleanUpstreamText(desc));
  for (const key of ['Error(s)', 'Errors', 'errors', 'error']) {
    const value = payload[key];
    if (typeof value === 'string' && value.trim() !== '') {
      const cleaned = cleanUpstreamText(value);
      if (cleaned !== '' && !parts.includes(cleaned)) parts.push(cleaned);
    }
  }
  return parts
    .map((part) => maskEchoedValues(part, sent).replace(/[.;:\s]+$/, ''))
    .filter((part) => part !== '')
    .join(': ');
}

/**
 * The parameters a refusal names, one per `Error(s)` item (`<br />units&nbsp;&nbsp; : Must be a
 * positive number`, real-world notes §5), with their messages; items naming none are left out.
 */
export function refusedParameters(
  payload: Record<string, unknown>,
  sent: readonly string[] = [],
): RefusedField[] {
  const named: RefusedField[] = [];
  for (const key of ['Error(s)', 'Errors', 'errors']) {
    const value = payload[key];
    if (typeof value !== 'string') continue;
    for (const item of value.split(/<br\s*\/?>/i)) {
      const match = /^([A-Za-z][A-Za-z0-9_]*)\s*:\s*(.+)$/.exec(cleanUpstreamText(item));
      if (match)
        named.push({ field: match[1], message: plainNumbers(maskEchoedValues(match[2], sent)) });
    }
  }
  return named;
}
