import { auditActionLabel } from '../../../../contract/audit';
import type { ErrorCode } from '../../../../contract/errors';
import { methodLabel } from '../../../../contract/money-requests';
import { roleLabels } from '../../../../contract/session';
import { DAYS_FROM_SUNDAY } from '../../../../contract/time';
import { formatAmount, formatCode, formatInstant, formatWallTime } from '../../../lib/format';

/*
 * The details of an audit event in words, as a reviewer reads them on the audit log page. The
 * events keep machine-readable details (docs/audit-log.md), and the CSV export keeps them so; here
 * every key reads as a label, codes as the words the pages use (roles as on the Users page, links
 * as "Security 10001"), yes/no for flags, and nested records as phrases. A key or a code this
 * file does not know still reads as words, never as JSON.
 */

/** The labels of the keys the portal writes; any other key is turned into words. */
const keyLabels: Record<string, string> = {
  // Users (admin pages, `npm run users`, single sign-on).
  userId: 'User id',
  email: 'Email',
  role: 'Role',
  unlinked: 'Links removed with the role',
  roleChanged: 'Role change',
  heldBy: 'Security linked to the staff of issuers',
  confirmedSecurityOfOtherIssuer: 'Admin confirmed the security is of this user’s issuer',
  confirmedIssuerWithoutOfferings: 'Admin confirmed the issuer though no offering names it',
  unchecked: 'Linked without the platform’s check',
  disabled: 'Disabled',
  removed: 'Second factors removed',
  by: 'By',
  operator: 'Operator (system user)',
  // Sign-in and second factors.
  method: 'Method',
  secondFactor: 'Second factor',
  factorId: 'Factor id',
  kind: 'Kind',
  purpose: 'Purpose',
  // A sign-in or code refused because its window's attempts were spent (lib/too-many-attempts).
  refusedAttempts: 'Refused so far in this window',
  refusedUntil: 'Refused until',
  for: 'For',
  detail: 'Detail',
  issuer: 'Issuer',
  // Money and the platform.
  reference: 'Our reference',
  requestId: 'Platform request id',
  approvalId: 'Approval id',
  maker: 'Requested by',
  amount: 'Amount',
  units: 'Units',
  type: 'Type',
  tradeId: 'Trade id',
  accountId: 'Account',
  account: 'Account',
  security: 'Security',
  offering: 'Offering',
  referenceNumber: 'Platform reference number',
  statusCode: 'Platform status code',
  upstreamId: 'Platform id',
  settled: 'Settled as',
  was: 'Recorded before as',
  wasSettledVia: 'Recorded before by',
  wasSettledAt: 'Recorded before at',
  sentAgainAs: 'Sent again as',
  forUser: 'For user id',
  forUserEmail: 'For user',
  via: 'Via',
  owner: 'Instance',
  attempts: 'Saves settled (support ids)',
  records: 'Records',
  sent: 'What was sent',
  route: 'Request',
  code: 'What went wrong',
  reason: 'Reason',
  // Reviewers, exports and housekeeping.
  field: 'Field',
  noteId: 'Note id',
  length: 'Length (characters)',
  filters: 'Filters',
  rows: 'Rows',
  // A reviewer's search: how many matched, and the first ids of each kind.
  accounts: 'Accounts found',
  entities: 'Parties found',
  accountIds: 'Accounts shown',
  // A reviewer's read of an account's part, or a page of fund moves across accounts.
  read: 'Read',
  moves: 'Fund moves shown',
  page: 'Page',
  entityIds: 'Parties shown',
  // Exports of earlier versions stopped at 10,000 events; their events still say so.
  truncated: 'Cut at the export limit',
  deleted: 'Deleted',
  before: 'Before',
  after: 'After',
  from: 'From',
  to: 'To',
  user: 'User',
  action: 'Action',
  unchanged: 'Unchanged',
  // An issuer account save as sent (toSentIssuerAccount), as the form labels its fields.
  companyName: 'Company name',
  companyState: 'Company state',
  issuingCountry: 'Issuing country',
  accountType: 'Account type',
  entityType: 'Entity type',
  accountMiddleInitial: 'Middle initial',
  maskedCompanyTaxId: 'Company EIN (masked)',
  maskedSocialSecurityNumber: 'SSN (masked)',
  dateOfBirthGiven: 'Date of birth given',
  residentUs: 'US resident',
  citizenUs: 'US citizen',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  city: 'City',
  zip: 'ZIP code',
  country: 'Country',
  additionalInfo: 'Additional information',
  // Trading hours: a day's change, or the hours a save asked for.
  asked: 'Hours asked for',
  held: 'Hours the platform held',
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

const weekdayKeys = new Set<string>(DAYS_FROM_SUNDAY);

/** A day's place in the week as the pages list days: Monday first, Sunday last. */
const weekPlace = (day: string) => ((DAYS_FROM_SUNDAY as readonly string[]).indexOf(day) + 6) % 7;

/**
 * A record's entries with its days in week order, Monday first, each other key where it was: the
 * store's JSON column gives keys back sorted by name (Friday before Monday).
 */
function inWeekOrder(entries: [string, unknown][]): [string, unknown][] {
  const days = entries
    .filter(([key]) => weekdayKeys.has(key))
    .sort(([a], [b]) => weekPlace(a) - weekPlace(b));
  return entries.map((entry) => (weekdayKeys.has(entry[0]) ? days.shift()! : entry));
}

/** A day's hours as written ("09:30–16:00 ET"), as the hours pages show them: 9:30 AM – 4:00 PM ET. */
const DAY_HOURS = /^(\d{1,2}:\d{2})–(\d{1,2}:\d{2})( ET)?$/;

/**
 * A field of a nested record that holds nothing: not given in the form (null, empty), or a flag
 * saying a value was not given (`dateOfBirthGiven: false`). Such fields are named once, together.
 */
const notGiven = (key: string, value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (key.endsWith('Given') && value === false);

/** A label inside a phrase: lower-cased, save the names of days and a leading acronym ("US"). */
function inPhrase(key: string, label: string): string {
  if (weekdayKeys.has(key) || /^[A-Z]{2}/.test(label)) return label;
  return `${label.charAt(0).toLowerCase()}${label.slice(1)}`;
}

/** Codes the portal writes as values, in words; others read through formatCode. */
const codeWords: Record<string, string> = {
  command_line: 'the command line (npm run users)',
  single_sign_on: 'single sign-on',
  housekeeping: 'housekeeping',
  system: 'the portal',
  oidc: 'single sign-on',
  password: 'password',
  totp: 'authenticator app',
  passkey: 'passkey',
  recovery: 'recovery code',
  recovery_code: 'recovery code',
  sign_in: 'sign-in',
  step_up: 'step-up',
  maker_cannot_check: 'the person who requested it cannot approve it',
  approver_not_independent:
    'the approver created, linked, set the password of or changed the role of the person who requested it',
  no_second_factor: 'no second factor yet',
  sign_in_not_recent: 'the sign-in was not recent enough to add a first second factor',
  too_many_attempts: 'too many attempts: no code was checked',
  lease_expired: 'the request’s lease ran out',
  manual: 'a reviewer, by hand',
  // Why a sign-in was refused (routes/session.ts, routes/oidc.ts).
  account_disabled: 'the account is disabled',
  wrong_email_or_password: 'the email or password is not correct',
  too_many_failures_for_email:
    'too many failed sign-ins with this email: the password was not checked',
  too_many_failures_for_email_from_address:
    'too many failed sign-ins with this email from this address: the password was not checked',
  too_many_failures_for_email_from_device:
    'too many failed sign-ins with this email from a browser that signed in before: the password was not checked',
  too_many_from_address: 'too many sign-ins from this address: the password was not checked',
};

/**
 * The portal's error codes (contract/errors.ts), kept under `code` on an event that failed or
 * whose outcome is unknown: what went wrong, as a reviewer would say it.
 */
const errorWords: Record<ErrorCode, string> = {
  bad_request: 'the request broke a rule',
  unauthenticated: 'not signed in',
  forbidden: 'not allowed for this user',
  step_up_required: 'a fresh second factor was needed',
  second_factor_enrolment_required: 'no second factor set up yet',
  reauthentication_required: 'a fresh sign-in was needed',
  not_found: 'not found',
  conflict: 'it conflicted with another request',
  rate_limited: 'too many requests in a short time',
  upstream_rejected: 'the platform refused it',
  upstream_permission: 'the platform did not give the portal the permission it needs',
  upstream_unavailable: 'the platform could not be reached',
  upstream_misconfigured: 'the portal’s access to the platform is not set up correctly',
  upstream_timeout: 'the platform did not answer in time',
  store_unavailable: 'the portal’s store could not be reached',
  internal: 'an error in the portal',
};

/**
 * The requests the portal sends to the platform, as the pages name them: an event whose outcome
 * is unknown keeps the route it came through (`route`), which reads as what was asked. A route
 * not named here reads as written.
 */
const requestWords: Record<string, string> = {
  'POST /api/offerings/:offeringId/investments': 'Investment request',
  'POST /api/accounts/:accountId/deposits': 'Deposit request',
  'POST /api/accounts/:accountId/disbursements': 'Disbursement request',
  'POST /api/disbursement-approvals/:approvalId/approve': 'Disbursement approval',
  'POST /api/accounts/:accountId/ira-supplement': 'IRA request',
  'POST /api/accounts/:accountId/linked-bank': 'Linked bank account change',
  'POST /api/issuers/:issuerId/issuer-account': 'Issuer account save',
  'PUT /api/securities/:securityId/market-hours': 'Trading hours change',
};

/** What a reviewer's read of an account showed (account_viewed's `read`), as its page names it. */
const readWords: Record<string, string> = {
  'GET /api/accounts/:accountId': 'Profile and reviews',
  'GET /api/accounts/:accountId/notes': 'Reviewers’ notes',
  'GET /api/accounts/:accountId/custody-account': 'Custody account',
  'GET /api/accounts/:accountId/fund-moves': 'Fund moves',
  'GET /api/accounts/:accountId/fund-moves/:referenceNumber': 'One fund move',
  'GET /api/accounts/:accountId/linked-bank': 'Linked bank',
  'GET /api/accounts/:accountId/money-requests': 'Requests',
  'GET /api/accounts/:accountId/timeline': 'Timeline',
  'GET /api/disbursement-approvals': 'Held disbursements',
  'GET /api/admin/accounts/:accountId/holder': 'Holder and the users linked to it',
};

/** The fields a reveal names (docs/audit-log.md), as the account pages label them. */
const revealedFields: Record<string, string> = {
  taxId: 'Tax id',
  ein: 'EIN',
  bankAccountNumber: 'Bank account number',
  routingNumber: 'Routing number',
};

/**
 * Keys whose values were typed by a person or name something (an address, a search, a route, an
 * id): kept as written, never read as a code.
 */
const asWritten = new Set([
  'user',
  'email',
  'maker',
  'forUserEmail',
  'operator',
  'detail',
  'reference',
  'route',
  'for',
]);

/** A key as words: a known label, else its camelCase or snake_case parts, first one capitalised. */
export function detailLabel(key: string): string {
  const known = keyLabels[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isRole = (value: unknown): value is keyof typeof roleLabels =>
  typeof value === 'string' && Object.hasOwn(roleLabels, value);

/** A link as the Users page names it: "Security 10001". */
const isLink = (value: unknown): value is { kind: string; upstreamId: string } =>
  isRecord(value) &&
  Object.keys(value).length === 2 &&
  typeof value.kind === 'string' &&
  (typeof value.upstreamId === 'string' || typeof value.upstreamId === 'number');

/** A recorded change (a day's hours before and after a save; a role from and to). */
const changeOf = (value: unknown): [unknown, unknown] | null => {
  if (!isRecord(value) || Object.keys(value).length !== 2) return null;
  if ('before' in value && 'after' in value) return [value.before ?? 'not read', value.after];
  if ('from' in value && 'to' in value) return [value.from, value.to];
  return null;
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A value under its key, in words. */
function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return stringText(key, value);
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    return value.map((item) => valueText(key, item)).join(', ');
  }
  if (isLink(value)) return `${formatCode(value.kind)} ${value.upstreamId}`;
  const change = changeOf(value);
  if (change) return `${valueText(key, change[0])} → ${valueText(key, change[1])}`;
  if (isRecord(value)) {
    const entries = inWeekOrder(Object.entries(value));
    if (entries.length === 0) return 'none';
    // A nested record reads as a phrase: its keys lower-cased after the label it is under (the
    // names of days and acronyms keep their capitals). What holds nothing is named once, at
    // the end, rather than as "none" after each.
    const given = entries
      .filter(([k, v]) => !notGiven(k, v))
      .map(([k, v]) => {
        const word = inPhrase(k, detailLabel(k));
        // A flag that a value was given says so by its label alone ("date of birth given").
        return k.endsWith('Given') && v === true ? word : `${word} ${valueText(k, v)}`;
      });
    const missing = entries
      .filter(([k, v]) => notGiven(k, v))
      .map(([k]) => inPhrase(k, detailLabel(k)).replace(/ given$/, ''));
    if (missing.length === 0) return given.join(', ');
    const notGivenWords = `not given: ${missing.join(', ')}`;
    return given.length > 0 ? `${given.join(', ')}; ${notGivenWords}` : notGivenWords;
  }
  return String(value as string);
}

function stringText(key: string, value: string): string {
  // A role code reads as the role's name on the Users page, wherever it is kept.
  if (isRole(value) && (key === 'role' || key === 'from' || key === 'to' || key === 'roleChanged'))
    return roleLabels[value];
  if (key === 'action') return auditActionLabel(value);
  // What a sign-in still owes (second-factor-step.ts).
  if (key === 'secondFactor' && value === 'verify') return 'to be proved';
  if (key === 'secondFactor' && value === 'enrol') return 'to be added';
  if (key === 'amount') return formatAmount(value);
  // A disbursement's type (§4.5) as the register and the forms name it.
  if (key === 'type' && methodLabel(value)) return methodLabel(value)!;
  const hours = weekdayKeys.has(key) ? DAY_HOURS.exec(value) : null;
  if (hours) return `${formatWallTime(hours[1])} – ${formatWallTime(hours[2])}${hours[3] ?? ''}`;
  if (key === 'kind' && (value === 'account' || value === 'issuer' || value === 'security'))
    return formatCode(value);
  if (key === 'field' && Object.hasOwn(revealedFields, value)) return revealedFields[value];
  if (key === 'route' && Object.hasOwn(requestWords, value)) return requestWords[value];
  if (key === 'read' && Object.hasOwn(readWords, value)) return readWords[value];
  if (key === 'code' && Object.hasOwn(errorWords, value)) return errorWords[value as ErrorCode];
  if (asWritten.has(key) || /id$/i.test(key)) return value;
  const known = codeWords[value];
  if (known) return known;
  if (ISO_INSTANT.test(value)) return formatInstant(value, undefined, { seconds: true });
  // A code (snake_case) as words; addresses and sentences as written.
  return /^[a-z]+(_[a-z0-9]+)+$/.test(value) ? value.replaceAll('_', ' ') : value;
}

/**
 * Every detail of an event as "Label: value", joined by "; ". A role's change, kept at the top as
 * `from` and `to` (user_role_changed), reads as one "Role: Issuer staff → Investor".
 *
 * People read as their addresses where the event names them, not as user ids no reader can look
 * up: `by`, a person's id, is the one who acted (a reviewer settling a request by hand), whose
 * address the event's User column already shows (`actorEmail`); `forUser` is dropped when the
 * BFF added that user's address beside it (`forUserEmail`). Ids a reviewer looks things up by
 * (our reference, accounts, platform ids) stay.
 */
export function detailsText(
  details: Record<string, unknown> | null,
  actorEmail: string | null = null,
): string {
  if (!details) return '';
  const forUserNamed = typeof details.forUserEmail === 'string';
  const roleChange = isRole(details.from) && isRole(details.to);
  const parts: string[] = [];
  let roleSaid = false;
  // The store may keep the keys in any order (a JSON column sorts them).
  for (const [key, value] of inWeekOrder(Object.entries(details))) {
    if (roleChange && (key === 'from' || key === 'to')) {
      if (!roleSaid)
        parts.push(`Role: ${valueText('role', details.from)} → ${valueText('role', details.to)}`);
      roleSaid = true;
      continue;
    }
    if (key === 'forUser' && forUserNamed) continue;
    if (
      key === 'by' &&
      actorEmail &&
      typeof value === 'string' &&
      !Object.hasOwn(codeWords, value)
    ) {
      parts.push(`By: ${actorEmail}`);
      continue;
    }
    if (isRecord(value) && Object.keys(value).length > 0 && !isLink(value) && !changeOf(value)) {
      // A nested record: its label, then its own details in brackets.
      parts.push(`${detailLabel(key)} (${valueText(key, value)})`);
      continue;
    }
    // One issuer is "issuer", not "issuers".
    const label =
      key === 'heldBy' && Array.isArray(value) && value.length === 1
        ? 'Security linked to the staff of issuer'
        : detailLabel(key);
    parts.push(`${label}: ${valueText(key, value)}`);
  }
  return parts.join('; ');
}
