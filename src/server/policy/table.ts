import type { Role } from '../../contract/session';
import { REVIEWERS } from '../../contract/session';
import { ALL_ROLES, type ObjectRule, type RouteLimits, type RoutePolicy } from './types';

/**
 * The role model: what each role is for. Which routes each role may call is the table below;
 * docs/bff-api.md shows both, generated (scripts/policy-docs.ts).
 */
export const roleModel: Record<Role, string> = {
  investor:
    'Acts on their own linked accounts only: invests, deposits into and moves money out of custody, opens IRA accounts, and reads public market data.',
  issuer_staff:
    "Acts for their linked issuers: reads those issuers' offerings and purchase history, stores the issuer's financial account, and sets the trading hours of their linked securities.",
  compliance:
    "A reviewer: reads across accounts, fund moves and the audit log, and reveals one masked value at a time with a stated, audited reason. Changes nothing on the platform; writes review records in the portal: its notes on accounts, and the register's settlement of requests whose outcome was unknown.",
  admin:
    "Everything a reviewer reads, the trading hours of any security, and the portal's users (create, link, change role, set a new password, disable, reset second factors) on the Users page or with npm run users.",
};

const MINUTE = 60;

/**
 * `perUser` requests of one user and `global` of all users together a minute; with `atOnce`, at
 * most `atOnce.most` of one user's running at the same time on one instance, named as `what`.
 */
function perMinute(
  perUser: number,
  global: number,
  atOnce?: { most: number; what: string },
): RouteLimits {
  return {
    perUser: { max: perUser, windowSeconds: MINUTE },
    global: { max: global, windowSeconds: MINUTE },
    ...(atOnce && { concurrentPerUser: atOnce.most, concurrentWhat: atOnce.what }),
  };
}

/*
 * Limits beside the routes they guard. Expensive reads cost the upstream many calls (an
 * order-book day is about two dozen pages, §4.1 and §8) or the store a long scan (a CSV export);
 * money routes each create something upstream. The per-user numbers sit well above what a person
 * clicking through the portal does; the global ones keep one route from taking the whole upstream.
 */
const ORDER_BOOK_DAY = perMinute(30, 600, { most: 2, what: 'order-book days' });
/*
 * Reads that walk every page of an upstream collection for one answer, on the one platform-wide
 * key every user shares: an account's timeline (its fund moves, up to TIMELINE_MAX_FUND_MOVES,
 * 10,000, §4.3; its trades, up to 5,000, from the GET trades collection, §4.16), an offering's
 * purchase history (its trades, up to 20,000) and holdings (the trades of each of the person's
 * accounts). A person reloads such a page every few seconds at most, in a tab or two; more is a
 * script spending the key for everyone. Two at once per person, as order-book days: a third
 * waits its turn (Retry-After: 1, which the page waits out by itself).
 */
const ACCOUNT_TIMELINE = perMinute(30, 300, { most: 2, what: 'account timelines' });
const PURCHASE_HISTORY: RouteLimits = {
  ...ACCOUNT_TIMELINE,
  concurrentWhat: 'purchase histories',
};
/** Holdings are read on every offering page an investor opens, besides their own page. */
const HOLDINGS = perMinute(60, 1200, { most: 2, what: 'reads of holdings' });
const EXPORT = perMinute(10, 60);
const SEARCH = perMinute(60, 1200);
/**
 * Revealing a masked value shows one SSN, EIN or bank number in full: a reviewer checks a few
 * records a minute with a reason each, never a list. Its own allowance, well under a search's, so
 * a reviewer's session (or a script in it) cannot read the values out by the hundred.
 */
const REVEAL = perMinute(10, 120);
const MONEY = perMinute(30, 1200);

/**
 * Changing one's own password checks the current one: a session left open is not a way to guess
 * it. A person changes it once; a few mistakes are room enough.
 */
const PASSWORD_GUESSES: RouteLimits = {
  perUser: { max: 10, windowSeconds: 15 * MINUTE },
  global: { max: 600, windowSeconds: MINUTE },
};

/** The object check of most account and issuer routes: the id in the path is the caller's own. */
const OWN_ACCOUNT_IN_PATH: readonly ObjectRule[] = [
  { from: 'params', field: 'accountId', kind: 'account', check: 'own' },
];
/** A page of one account, read by its own investor or by a reviewer. */
const ACCOUNT_PAGE = {
  roles: ['investor', ...REVIEWERS],
  objects: OWN_ACCOUNT_IN_PATH,
} satisfies Partial<RoutePolicy>;
const OWN_ISSUER_IN_PATH: readonly ObjectRule[] = [
  { from: 'params', field: 'issuerId', kind: 'issuer', check: 'own' },
];
const OWN_SECURITY_IN_PATH: readonly ObjectRule[] = [
  { from: 'params', field: 'securityId', kind: 'security', check: 'own' },
];
/**
 * Who sets a security's trading hours. Compliance reviews; changing when a security trades is the
 * issuer's (and an admin's) act. Whoever may save the hours also checks a save of theirs whose
 * answer was lost.
 */
const SECURITY_HOURS_SETTERS = {
  roles: ['issuer_staff', 'admin'],
  objects: OWN_SECURITY_IN_PATH,
} satisfies Partial<RoutePolicy>;
/** An offering named in the path is public market data: any offering may be named (`any`). */
const OFFERING_IN_PATH: ObjectRule = {
  from: 'params',
  field: 'offeringId',
  kind: 'offering',
  check: 'any',
};

/**
 * Who may call each BFF route, and how every object id in the request is checked.
 * A route missing here cannot be registered: the app refuses to boot.
 * Keys are `METHOD /path` exactly as the route declares them.
 */
export const policyTable: Record<string, RoutePolicy> = {
  'GET /healthz': { roles: 'public', objects: [], note: 'Liveness.' },
  'GET /readyz': {
    roles: 'public',
    objects: [],
    note: 'Readiness: the store answers and the upstream answered ping (checked at most every few seconds); no upstream details.',
  },
  'GET /api/config': {
    roles: 'public',
    objects: [],
    note: "Whether the portal runs on the sandbox; the session limits (`sessionIdleMinutes`, `sessionAbsoluteHours`) the sign-in page names; whom to contact for support (`supportContact`, SUPPORT_CONTACT); the platform's time zone (`platformTimeZone`, TRANSACT_TIME_ZONE); single sign-on's button label when it is set up (`singleSignOn`); the most one disbursement may be (`disbursementMaxAmount`, DISBURSEMENT_MAX_AMOUNT, 100000 unless set).",
  },
  'GET /api/openapi.json': { roles: 'public', objects: [], note: 'This API described.' },
  'GET /api/session': {
    roles: 'public',
    objects: [],
    note: 'The signed-in user, or `{ signedIn: false }` when nobody is signed in (not a 401); `ended: true` when the cookie names no live session.',
  },
  'POST /api/session': { roles: 'public', objects: [], note: 'Sign in (rate limited).' },
  'DELETE /api/session': { roles: 'public', objects: [], note: 'Sign out: revokes the session.' },

  'GET /api/offerings': {
    roles: ALL_ROLES,
    objects: [],
    note: 'Offerings are public to every signed-in user.',
  },
  'GET /api/offerings/:offeringId': {
    roles: ALL_ROLES,
    objects: [OFFERING_IN_PATH],
    note: 'One offering, public to every signed-in user.',
  },

  'POST /api/offerings/:offeringId/investments': {
    roles: ['investor'],
    objects: [
      OFFERING_IN_PATH,
      { from: 'body', field: 'accountId', kind: 'account', check: 'own' },
    ],
    note: "Invest in an offering (createTrade) from one of my accounts; Idempotency-Key required. Step-up when it, or the person's investments of the last 24 hours with it, come above STEP_UP_INVESTMENT_ABOVE.",
    stepUp: 'conditional',
    limits: MONEY,
  },
  'GET /api/accounts': {
    roles: ['investor'],
    objects: [],
    note: "The investor's own linked accounts with review statuses.",
  },
  'GET /api/accounts/:accountId': {
    ...ACCOUNT_PAGE,
    note: "One account: profile and reviews, tax id masked in the form the account's type gives it (an entity's EIN, an individual's SSN, taxIdKind); reviewer reads are audited. The investor's answer leaves out what the platform keeps for staff (the approval principal, the suitability approver, associatedAccount, syndicate, tags, notes, customFields: null).",
  },
  'GET /api/accounts/:accountId/notes': {
    roles: REVIEWERS,
    objects: OWN_ACCOUNT_IN_PATH,
    note: "Reviewers' notes on an account, newest first.",
  },
  'POST /api/accounts/:accountId/notes': {
    roles: REVIEWERS,
    objects: OWN_ACCOUNT_IN_PATH,
    note: 'Add a note to an account review; audited (the note text is not copied into the audit log). The account is looked up first (getAccount, §4.10): one the platform does not know is refused with a 404 naming it, and when the platform cannot be asked nothing is saved.',
    reviewRecord: true,
  },
  'GET /api/accounts/:accountId/custody-account': {
    ...ACCOUNT_PAGE,
    note: 'The custody account, or why it cannot be shown (missing permission, not opened).',
  },
  'GET /api/accounts/:accountId/fund-moves': {
    ...ACCOUNT_PAGE,
    note: 'Fund moves of the account (in, out, or direction not stated), paged; bank and routing numbers masked.',
  },
  'GET /api/accounts/:accountId/fund-moves/:referenceNumber': {
    ...ACCOUNT_PAGE,
    note: 'One fund move; 404 unless it belongs to the account in the path.',
  },
  'GET /api/accounts/:accountId/disbursements/approval-total': {
    roles: ['investor'],
    objects: OWN_ACCOUNT_IN_PATH,
    note: "The total of my account's disbursements of the last 24 hours that count toward DISBURSEMENT_APPROVAL_ABOVE (sent, being sent, of unknown outcome or held), and whether my sign-in is one an admin holds, so that mine wait whatever their amount: `{ earlier, heldSignIn }`; the review before Confirm says whether a new one will wait for a second person, and why, in the words its answer would give.",
  },
  'POST /api/accounts/:accountId/disbursements': {
    roles: ['investor'],
    objects: OWN_ACCOUNT_IN_PATH,
    note: "Move money out of my custody account (ACH or wire); Idempotency-Key required. One that takes the account's disbursements of the last 24 hours (sent, being sent, of unknown outcome or held) above DISBURSEMENT_APPROVAL_ABOVE waits for a second person; the answer's `why` says which total it crossed. Whatever the amount, one asked from a sign-in an admin holds (created, password set, role changed, second factors reset or this account linked by an admin in the last 30 days, or a password an admin chose still in use) waits too, `why` saying so.",
    stepUp: 'always',
    limits: MONEY,
  },
  'POST /api/accounts/:accountId/ira-supplement': {
    roles: ['investor'],
    objects: OWN_ACCOUNT_IN_PATH,
    note: "Request a custodial (IRA) account for my account; Idempotency-Key required. Refused with 409 when the account's custody account is already there (approved, or requested and not approved yet), and naming our reference while an earlier IRA request of the account stands (being sent, accepted or of unknown outcome).",
    limits: MONEY,
  },
  'GET /api/accounts/:accountId/linked-bank': {
    ...ACCOUNT_PAGE,
    note: 'The bank ACH uses for the account (getExternalAccount), numbers masked to the last four; with none, the link waiting on the platform page, if one was started.',
  },
  'POST /api/accounts/:accountId/linked-bank': {
    roles: ['investor'],
    objects: OWN_ACCOUNT_IN_PATH,
    note: 'Link a bank account for ACH to my account (linkExternalAccount); audited. The pending link is kept per account; a bank already linked (715) is answered as that bank.',
    // A platform write that routes money (the bank ACH pulls from and pays to): limited as the
    // money routes are, and a fresh second factor first, as a disbursement asks: a session taken
    // from its owner would otherwise link its own bank, to which the owner's next ACH
    // disbursement (or one approved later) pays out.
    stepUp: 'always',
    limits: MONEY,
  },
  'POST /api/accounts/:accountId/deposits': {
    roles: ['investor'],
    objects: OWN_ACCOUNT_IN_PATH,
    note: 'Deposit from my linked bank into my custody account (fundCustodyAccount), recorded in the register with our reference; Idempotency-Key required.',
    // It pulls money by ACH from the investor's bank: the same limits as a disbursement.
    limits: MONEY,
  },
  'GET /api/holdings': {
    roles: ['investor'],
    objects: [{ from: 'query', field: 'accountId', kind: 'account', check: 'own', optional: true }],
    note: 'My trades (GET trades collection) across my accounts or one of them, with totals per offering.',
    limits: HOLDINGS,
  },
  'GET /api/offerings/:offeringId/preflight': {
    roles: ['investor'],
    objects: [
      OFFERING_IN_PATH,
      { from: 'query', field: 'accountId', kind: 'account', check: 'own' },
    ],
    note: 'Why I can or cannot invest from one of my accounts: reviews, offering state, units, bounds.',
  },
  'GET /api/accounts/:accountId/money-requests': {
    ...ACCOUNT_PAGE,
    note: 'Money requests the portal sent for the account, with outcome and our reference.',
  },
  'GET /api/money-requests': {
    roles: ['investor'],
    // No id in the request: the rows are read for the caller's own linked accounts only.
    objects: [],
    note: 'My requests still being sent or of unknown outcome across my accounts (standing=true; kind=investment for My investments), with our reference: not yet a trade or fund move the platform lists; and in `recentlyEnded` those a reviewer or reconciliation settled in the last 7 days (at most 20), so each is found where it stood.',
  },
  'GET /api/accounts/:accountId/timeline': {
    ...ACCOUNT_PAGE,
    note: 'Fund moves, investments, disbursements (each with its own fund move) and IRA requests of the account, with state and next step; every page of fund moves up to TIMELINE_MAX_FUND_MOVES (10,000), `fundMovesBound` saying how many of how many when there are more.',
    limits: ACCOUNT_TIMELINE,
  },
  'GET /api/compliance/money-requests': {
    roles: REVIEWERS,
    objects: [],
    note: 'Every money request the portal sent, filtered by kind, outcome, account, our reference and dates, with who sent it.',
  },
  'GET /api/compliance/money-requests/export.csv': {
    roles: REVIEWERS,
    objects: [],
    note: "The filtered register as CSV with formula cells neutralized (amounts in US dollars with cents, `amount_usd`; times in UTC, `created_at_utc`; the outcome in the page's words, its code in `outcome_code`), every row the filters select (written a page at a time as it is read; a read that fails midway aborts the answer, so no shorter file is saved); the export is audited with its row count.",
    limits: EXPORT,
  },
  'GET /api/order-book/:date': {
    roles: ALL_ROLES,
    objects: [],
    note: 'The order book of a day (public market data); member and account fields only for reviewers and issuer staff on their own securities, the IP addresses orders and matches were made from only for reviewers. Orders the platform sent unreadable are counted and named (their place in the day, order id and security where readable, and which parts could not be read, never a value).',
    limits: ORDER_BOOK_DAY,
  },
  'GET /api/orders/:orderId': {
    roles: ALL_ROLES,
    objects: [],
    note: "One order with its matches; hidden fields as in the order book, and `fields` saying which view it is (`public`, `parties`, `all`). The order's page shows reviewers alone the platform's raw fields (PND, §2.1).",
  },
  'GET /api/market-hours': {
    roles: ALL_ROLES,
    objects: [],
    note: "The week's global trading hours and the market status (public).",
  },
  'GET /api/securities': {
    roles: ALL_ROLES,
    objects: [],
    note: 'Securities with their names (public market data): issuer staff their own, listed by id when the names cannot be read; everyone else those of the latest order book, or, when it cannot be read, the last list read (else the securities linked to issuer staff, by id), with the failure said in `gaps`.',
  },
  'GET /api/securities/:securityId/market-hours': {
    roles: ALL_ROLES,
    objects: [],
    note: 'The trading hours of one security (public market data, like the order book: investors need them to know when it trades).',
  },
  'PUT /api/securities/:securityId/market-hours': {
    ...SECURITY_HOURS_SETTERS,
    note: 'Set the trading hours of a security (issuer staff: their own securities only; admin any).',
  },
  'POST /api/securities/:securityId/market-hours/check': {
    ...SECURITY_HOURS_SETTERS,
    note: 'Check a trading-hours save whose answer was lost (named by its support id, or by its id in the changes list after a reload) against the hours the platform holds; the finding settles it in the audit log, once.',
  },
  'GET /api/securities/:securityId/market-hours/changes': {
    // Who changed a security's hours, from the audit log: its issuer's staff (their own securities
    // only, as they set them) and reviewers (any); investors read the hours, not who set them.
    roles: ['issuer_staff', ...REVIEWERS],
    objects: OWN_SECURITY_IN_PATH,
    note: "The changes of a security's trading hours made from the portal, newest first, 50 at a time (`before` reads older ones): when, who (their email), the days changed before → after, and the outcome (saved; refused, with the platform's words; answer lost, with what a later check found).",
  },
  'GET /api/issuer/offerings': {
    roles: ['issuer_staff', ...REVIEWERS],
    objects: [],
    note: 'Offerings of the issuers linked to me (issuer staff); every offering for reviewers.',
  },
  'GET /api/offerings/:offeringId/purchase-history': {
    roles: ['issuer_staff', ...REVIEWERS],
    objects: [{ from: 'params', field: 'offeringId', kind: 'offering', check: 'own' }],
    note: "Who bought what in an offering of my issuer, with the upstream's summary and each trade's status (GET trades collection); reviewers any offering. Whose offering it is comes from the offerings catalogue (§4.8; no read of one offering is named); while that cannot be read, from its last answer if no older than 15 minutes, else a 503 naming the catalogue as the cause.",
    limits: PURCHASE_HISTORY,
  },
  'GET /api/issuers/:issuerId/issuer-account': {
    roles: ['issuer_staff'],
    objects: OWN_ISSUER_IN_PATH,
    note: 'The issuer account as the portal saved it (masked), so it shows after a reload; null before the first save; with the saves whose answer was lost, each with what it sent (EIN and SSN masked), until someone records what the platform said; and `sending`, the saves still on their way (or cut off on it until the sweep finds out), which hold the form back. A save answered while the store was down is recorded from the spool when this is read.',
  },
  'POST /api/issuers/:issuerId/issuer-account': {
    roles: ['issuer_staff'],
    objects: OWN_ISSUER_IN_PATH,
    note: 'Store the financial account details of my issuer, with `checkedNoIssuerAccount: true` (the person checked the platform holds none: no read of one is named, §4.6, §4.16; audited); IP filled in by the BFF; tax id, SSN, DOB masked in the reply; Idempotency-Key required.',
    limits: MONEY,
  },
  'POST /api/issuers/:issuerId/issuer-account/settle': {
    roles: ['issuer_staff'],
    objects: OWN_ISSUER_IN_PATH,
    note: 'Record what the platform said about saves of my issuer account whose answer was lost: it holds the details, or it does not (taken once the quiet period, RECONCILE_NOT_SENT_AFTER_MS, has passed since the latest lost save was sent: the platform may create it late; the form may then be sent again); the reason goes to the audit log.',
  },
  'GET /api/compliance/search': {
    roles: REVIEWERS,
    objects: [],
    note: "Accounts and entity parties matching a keyword (2+ characters), tax ids (by each account's type) and EINs masked.",
    limits: SEARCH,
  },
  'GET /api/compliance/fund-moves': {
    roles: REVIEWERS,
    objects: [],
    note: 'Fund moves across all accounts or of one (`accountId`; in, out, or direction not stated), filtered by status and approval status (the §3 values, any letter case; any other value refused under its field), paged; an account the platform does not hold, or an id it refuses, is refused with a 400 on `query.accountId`; bank numbers masked. The newest up to COMPLIANCE_MAX_FUND_MOVES (10,000) are searched, `bound` saying how many of how many when there are more.',
    limits: SEARCH,
  },
  'GET /api/compliance/fund-moves/export.csv': {
    roles: REVIEWERS,
    objects: [],
    note: "The filtered fund moves as CSV with formula cells neutralized and bank numbers masked, as the page lists them (amounts in US dollars with cents, times in UTC, statuses in the page's words with their codes beside); a move the platform sent unreadable is a row of its own, its reference where it could be read and a `not_read` note, whatever the filters; the newest up to COMPLIANCE_MAX_FUND_MOVES are searched, as on the page. The export is audited (fund_moves_export) with its filters, row count and, when more moves exist, how many were searched of how many.",
    limits: EXPORT,
  },
  'POST /api/personal-data/reveal': {
    roles: REVIEWERS,
    objects: [],
    note: 'Reveal one masked value (tax id, EIN, bank or routing number) of any account, entity or fund move, read fresh upstream; a reason is required and every reveal is audited; 10 a minute per reviewer.',
    stepUp: 'always',
    readsOnly: true,
    limits: REVEAL,
  },
  'POST /api/compliance/money-requests/reconcile': {
    roles: REVIEWERS,
    objects: [],
    note: 'Settle unknown money requests now by asking the upstream (fund moves), after recording the outcomes that wait in the spool (answered while the store was down); each settlement is audited; what cannot be decided stays unknown.',
    reviewRecord: true,
  },
  'GET /api/compliance/money-requests/:reference/candidates': {
    roles: REVIEWERS,
    objects: [],
    note: 'What the platform holds that could be one unknown request (for an investment, the unclaimed trades of its account in its offering), to settle it by hand.',
  },
  'POST /api/compliance/money-requests/:reference/settle': {
    roles: REVIEWERS,
    objects: [],
    note: 'Settle one unknown money request by hand (created, with the platform id, or never arrived) after checking the platform; a reason is required and the settlement is audited. "Never arrived" is refused 409 until the quiet period (RECONCILE_NOT_SENT_AFTER_MS, 30 minutes by default) has passed since the request was sent, as reconciliation waits it: the platform may create a request after its answer was lost. "Never arrived" for an investment is refused 409 on `confirmNotTrade`, naming the trade, while the platform holds one that is probably it (the probable trade, or one of the same units and amount no other request accounts for), unless `confirmNotTrade` names that trade as checked to be another investment; refused 503 when the trades cannot be read just now. "Never arrived" for a deposit or disbursement is refused 409, naming the fund move, while the account\'s fund moves hold one carrying its reference its way (settle it as created with that move), and 503 when they cannot be read just now. "Never arrived" for an IRA request is refused 409 while the account\'s custody account stands at the platform (settle it as created with the account), and 503 when it cannot be read just now.',
    reviewRecord: true,
  },
  'GET /api/audit-events': {
    roles: REVIEWERS,
    objects: [],
    note: 'The audit log, filtered by user, object (an account, our reference), action and dates; never holds revealed values.',
  },
  'GET /api/audit-events/export.csv': {
    roles: REVIEWERS,
    objects: [],
    note: 'The filtered audit log as CSV, every event the filters select (written as it is read; a read that fails midway aborts the answer, so no shorter file is saved); the export itself is audited (audit_export) with its row count.',
    limits: EXPORT,
  },

  // Single sign-on: browser navigations outside /api that answer with redirects.
  'GET /auth/oidc/start': {
    roles: 'public',
    objects: [],
    note: 'Starts single sign-on with the OpenID provider (code + PKCE, state, nonce).',
  },
  'GET /auth/oidc/callback': {
    roles: 'public',
    objects: [],
    note: 'The provider returns here; the flow cookie, state, nonce and code are checked once.',
  },

  // Second factor: proving one (sign-in second step, step-up) and managing my own.
  'POST /api/session/second-factor/passkey-options': {
    roles: ALL_ROLES,
    objects: [],
    ownIdentity: true,
    pendingAllowed: true,
    note: 'WebAuthn options for my passkeys; also while sign-in waits for the second factor.',
  },
  'POST /api/session/second-factor': {
    roles: ALL_ROLES,
    objects: [],
    ownIdentity: true,
    pendingAllowed: true,
    note: 'Prove a second factor: finishes sign-in or makes step-up fresh, under a new session id (a new cookie: after a sign-in the one before names no session; after a step-up it opens the session for reads only, for 30 seconds, so a read on its way meanwhile is answered); 10 attempts per 15 minutes, a user’s for sign-ins waiting for their second factor and a session’s own for step-up, each counted before its code is checked; audited.',
  },
  'GET /api/me/second-factors': {
    roles: ALL_ROLES,
    objects: [],
    pendingAllowed: true,
    note: 'My own second factors (never secrets), recovery codes left.',
  },
  'POST /api/me/second-factors/totp': {
    roles: ALL_ROLES,
    objects: [],
    ownIdentity: true,
    pendingAllowed: true,
    stepUp: 'conditional',
    note: 'A new authenticator-app secret for me; while sign-in waits, only when I have no factor yet; step-up when I already have one; with none, within 15 minutes of signing in (else reauthentication_required).',
  },
  'POST /api/me/second-factors/totp/confirm': {
    roles: ALL_ROLES,
    objects: [],
    ownIdentity: true,
    pendingAllowed: true,
    note: 'Confirms my authenticator app with a code; the first factor comes with recovery codes. The code proves the app: the sign-in waiting for it is complete, or step-up is fresh in this session, under a new session id (a new cookie).',
  },
  'POST /api/me/second-factors/passkey-options': {
    roles: ALL_ROLES,
    objects: [],
    ownIdentity: true,
    pendingAllowed: true,
    stepUp: 'conditional',
    note: 'WebAuthn options to create a passkey for me; step-up when I already have a factor; with none, within 15 minutes of signing in (else reauthentication_required).',
  },
  'POST /api/me/second-factors/passkeys': {
    roles: ALL_ROLES,
    objects: [],
    ownIdentity: true,
    pendingAllowed: true,
    note: 'Stores my verified passkey; its registration proves it, as an authenticator app’s first code does (a new session id, step-up fresh in this session).',
  },
  'DELETE /api/me/second-factors/:factorId': {
    roles: ALL_ROLES,
    objects: [],
    ownIdentity: true,
    stepUp: 'always',
    note: 'Removes one of my own factors (another user’s id is not found).',
  },
  'POST /api/me/recovery-codes': {
    roles: ALL_ROLES,
    objects: [],
    ownIdentity: true,
    stepUp: 'always',
    note: 'New recovery codes for me; the old ones stop working.',
  },
  'GET /api/me/sessions': {
    roles: ALL_ROLES,
    objects: [],
    note: 'My active sessions (never their cookies), with the second factor each signed in with and the sign-ins still waiting for one (password accepted), with their wrong codes; never another user’s.',
  },
  'DELETE /api/me/sessions': {
    roles: ALL_ROLES,
    objects: [],
    ownIdentity: true,
    note: 'Ends every other session of mine and every sign-in of mine waiting for its second factor, each audited; the session that asks stays.',
  },
  'DELETE /api/me/sessions/:sessionId': {
    roles: ALL_ROLES,
    objects: [],
    ownIdentity: true,
    note: 'Ends one of my sessions, or a sign-in of mine waiting for its second factor (another user’s id is not found); its next request is refused.',
  },
  'GET /api/me/password': {
    roles: ALL_ROLES,
    objects: [],
    note: 'Whether I have a password of the portal’s to change; one who signs in only through single sign-on has theirs with their identity provider.',
  },
  'PUT /api/me/password': {
    roles: ALL_ROLES,
    objects: [],
    ownIdentity: true,
    stepUp: 'always',
    note: 'Changes my own password: the current one must be given (a wrong one is refused with a 400 on `currentPassword`, audited, and nothing changes); the new one follows the rule of user creation. Every other session of mine, and every sign-in waiting for its second factor, ends; audited. Refused with a 409 to a user who signs in only through single sign-on.',
    limits: PASSWORD_GUESSES,
  },

  // Users in the browser (admin); every change audited.
  'GET /api/admin/users': {
    roles: ['admin'],
    objects: [],
    note: 'One page of 50 users, by email, found by part of an email or name in any letter case (`q`), a role and a state (disabled, second factor pending, linked or not); each with role, sign-in methods, number of second factors and upstream links, and how many match. A find text over 254 characters, a role or state outside the list, or a page outside 1 to 10000 is refused with a 400 naming it.',
  },
  'POST /api/admin/users': {
    roles: ['admin'],
    objects: [],
    stepUp: 'always',
    note: 'Creates a user (needs a fresh second factor: a new user is new power, the more so with a password the admin chose or a privileged role); without a password only where single sign-on is set up (else refused with a 400 on `password`: the user could not sign in).',
  },
  'PUT /api/admin/users/:userId/role': {
    roles: ['admin'],
    objects: [],
    stepUp: 'always',
    note: 'Changes a role (not my own); the user’s sessions end, and their links the new role does not act on are removed with it, audited.',
  },
  'PUT /api/admin/users/:userId/disabled': {
    roles: ['admin'],
    objects: [],
    stepUp: 'always',
    note: 'Disables (sessions end at once) or enables a user, not myself.',
  },
  'POST /api/admin/users/:userId/links': {
    roles: ['admin'],
    objects: [],
    stepUp: 'always',
    note: 'Links a user to an upstream id of a kind their role acts on (an investor an account, issuer staff an issuer or a security; compliance and admins none): another kind is refused with a 400 on `kind`. An account is looked up first (getAccount, §4.10) and a security too (getSecurityMarketHours, real-world notes §4.2): one the platform does not know is refused with a 400 on `upstreamId`. An issuer no offering names is refused the same way unless `confirmIssuerWithoutOfferings` is sent (§4.16 names no read of an issuer). An account already linked to another user is refused with a 400 on `upstreamId` and `confirmAccountOfOtherUser`, naming the holder on the platform and the users linked to it, unless `confirmAccountOfOtherUser` is sent (audited with `alsoLinkedTo`); an account link is audited with the holder’s name. Nothing is linked when the id cannot be checked.',
  },
  'GET /api/admin/accounts/:accountId/holder': {
    roles: ['admin'],
    objects: [{ from: 'params', field: 'accountId', kind: 'account', check: 'own' }],
    note: 'Whose an account is, for the Users page before and after linking it: the holder’s name as the platform gives it (getAccount, §4.10) and the portal users linked to it (email and name). One the platform does not know is a 404.',
  },
  'DELETE /api/admin/users/:userId/links/:kind/:upstreamId': {
    roles: ['admin'],
    objects: [],
    stepUp: 'always',
    note: 'Removes a link to an upstream id; one the user does not have is refused with a 404 and not audited as unlinked. Removing issuer staff’s last issuer removes their securities with it (each audited, withLastIssuer): no security can be theirs then.',
  },
  'PUT /api/admin/users/:userId/password': {
    roles: ['admin'],
    objects: [],
    stepUp: 'always',
    note: 'Sets a new password for another user (never my own: I change mine in Security settings, with my current one); the old one is never shown. Their sessions end; audited.',
  },
  'DELETE /api/admin/users/:userId/second-factors': {
    roles: ['admin'],
    objects: [],
    stepUp: 'always',
    note: 'Resets the second factors of another user; their sessions end.',
  },

  // Maker-checker on large disbursements.
  'GET /api/disbursement-approvals': {
    roles: ['investor', ...REVIEWERS],
    objects: [{ from: 'query', field: 'accountId', kind: 'account', check: 'own', optional: true }],
    note: "Held disbursements: investors those of their linked accounts only, reviewers all; in two sections, `waiting` for a decision (the longest wait first) and `decided` (the latest decision first), each `{ approvals, total, offset, limit }` and paged on its own with `waitingOffset`, `decidedOffset` and `limit` (1 to 200, default 50). Both sections are narrowed alike by `accountId`, `minAmount` and `maxAmount` (dollars and cents, inclusive; refused under the field when the first is above the second), `maker` (a part of the maker's email, any letter case), `reference` (our MR- reference) and `approval` (an approval id); a bad value is refused with a 400 naming the field. A held wire carries its `destination` for the approver to check: the routing number or SWIFT/BIC as typed, the account masked to its last four characters, and the additional details (opened from the sealed request; an investor reads only their own accounts'). An investor reads no staff email and no platform request id (`checker` and `requestId` null): our reference is what they quote. Staff also read `staffMessage` where the message's words differ for them: an unknown outcome's next step sends the investor to support, and staff, the desk it sends them to, are told to settle it in the money requests register once its outcome is known.",
  },
  'POST /api/disbursement-approvals/:approvalId/approve': {
    roles: ['admin'],
    objects: [],
    stepUp: 'always',
    note: "Approves and sends a held disbursement once; never the maker (compliance stays read-only), nor an admin not independent of the maker: one who linked the account to them, created them, set their password, changed their role or reset their second factors in the last 30 days, or chose the password they still sign in with, nor an admin tied to such an admin by the same acts on admins (one set up the other, directly or through admins they set up, or a third set up both) (refused 403 naming what was done and when; rejecting stays open to them). The answer is what the platform said (`sent` with its request id, `not_sent`, or `unknown` with our reference), also when the store fails after the platform answered (then the outcome waits in the spool). Approving one already decided is refused 409 naming who decided it (`You` for the caller's own decision) and with `submitted` as its money went: `yes` once sent, `unknown` while its outcome is, else `no`. Refused 409 `submitted: no`, nothing sent, while the investor who asked for it is disabled or no longer holds the account (rejecting it stays open). Approving or rejecting is refused 409 while its register row is not held: still being recorded (`submitted: no`), or settled not sent, which closes the approval too (docs/deploy.md, Reconciliation).",
  },
  'POST /api/disbursement-approvals/:approvalId/reject': {
    roles: ['admin'],
    objects: [],
    note: 'Rejects a held disbursement with `{ reason }` (10 to 500 characters, which the investor reads with the outcome of their request); nothing is sent; never the maker.',
  },
};
