import type { ColumnType, Generated } from 'kysely';
import type { UnknownBecause } from '../../contract/money-requests';

/** Tables of the portal's own store. */
export interface Database {
  users: UsersTable;
  user_links: UserLinksTable;
  sessions: SessionsTable;
  idempotency_records: IdempotencyTable;
  audit_events: AuditTable;
  rate_limits: RateLimitTable;
  second_factors: SecondFactorsTable;
  recovery_codes: RecoveryCodesTable;
  oidc_flows: OidcFlowsTable;
  disbursement_approvals: DisbursementApprovalsTable;
  money_requests: MoneyRequestsTable;
  auth_epoch: AuthEpochTable;
  saved_issuer_accounts: SavedIssuerAccountTable;
  account_notes: AccountNoteTable;
  pending_bank_links: PendingBankLinkTable;
  store_identity: StoreIdentityTable;
  sign_in_devices: SignInDevicesTable;
}

/** A browser that signed in with a user's password: the SHA-256 of the cookie it was given. */
interface SignInDevicesTable {
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** One row: the id this store was given when first opened (db.ts `storeIdOf`). */
interface StoreIdentityTable {
  singleton: ColumnType<boolean, boolean | undefined, never>;
  id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** A bank link started on the platform's hosted page and not yet reported linked, per account. */
interface PendingBankLinkTable {
  account_id: string;
  link_url: string;
  /** The user id of who started it. */
  started_by: string;
  started_at: Timestamp;
}

/** The issuer account as saved upstream (masked view), so it survives a reload (§4.6 has no read). */
interface SavedIssuerAccountTable {
  issuer_id: string;
  /** The records the upstream answered, already masked (savedIssuerAccountsSchema). */
  records: ColumnType<unknown, string, string>;
  saved_by: string;
  saved_at: Timestamp;
  /** Who recorded that the platform holds the details after a lost answer (no records then). */
  confirmed_by_hand: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A reviewer's note on an account (the upstream has no notes for reviewers). */
interface AccountNoteTable {
  id: Generated<string>;
  account_id: string;
  author_id: string;
  author_email: string;
  body: string;
  created_at: Timestamp;
}

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

interface UsersTable {
  id: string;
  email: string;
  name: string;
  role: 'investor' | 'issuer_staff' | 'compliance' | 'admin';
  password_hash: string;
  demo: ColumnType<boolean, boolean | undefined, boolean>;
  disabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  /** The OpenID provider's issuer and subject this user signs in as, when linked. */
  oidc_issuer: ColumnType<string | null, string | null | undefined, string | null>;
  oidc_subject: ColumnType<string | null, string | null | undefined, string | null>;
}

export type LinkKind = 'account' | 'issuer' | 'security';

interface UserLinksTable {
  user_id: string;
  kind: LinkKind;
  upstream_id: string;
}

interface SessionsTable {
  /** SHA-256 of the cookie token: a stolen database does not yield live cookies. */
  id_hash: string;
  user_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  idle_expires_at: Timestamp;
  absolute_expires_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  ip: string | null;
  user_agent: string | null;
  /** What the owner sees and names when ending the session; never the cookie or its hash. */
  public_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Password accepted, second factor still owed: only the second-factor routes answer. */
  pending_second_factor: ColumnType<boolean, boolean | undefined, boolean>;
  /** When a second factor was last proved in this session (sign-in or step-up). */
  second_factor_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  auth_method: ColumnType<string, string | undefined, string>;
  /** The OpenID provider's tokens, kept on the server only. */
  oidc_tokens: ColumnType<unknown, string | null | undefined, string | null>;
  /** The pending WebAuthn challenge of this session (registration or authentication). */
  webauthn_challenge: ColumnType<string | null, string | null | undefined, string | null>;
  /** A TOTP secret being enrolled, until its first code is confirmed. */
  pending_totp_secret: ColumnType<
    string | null,
    string | null | undefined,
    string | null
  >; /** The second factor that completed the sign-in; null while pending, or when none was asked. */
  sign_in_factor: ColumnType<
    SignInFactor | null,
    SignInFactor | null | undefined,
    SignInFactor | null
  >;
  /** Wrong second-factor codes tried in this session (at sign-in or step-up). */
  wrong_codes: ColumnType<number, number | undefined, number>;
  /** The id before the last step-up, good for reads until `previous_id_until` (sessions.ts). */
  previous_id_hash: Nullable<string>;
  previous_id_until: Nullable<Date>;
}

export type SignInFactor = 'totp' | 'passkey' | 'recovery';

interface SecondFactorsTable {
  id: string;
  user_id: string;
  kind: 'totp' | 'passkey';
  label: string;
  totp_secret: string | null;
  credential_id: string | null;
  public_key: string | null;
  counter: ColumnType<number, number | undefined, number>;
  transports: string | null;
  /** The last TOTP time step accepted: a code is never accepted twice. */
  last_step: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

interface RecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

interface OidcFlowsTable {
  /** SHA-256 of the flow cookie: the callback must come back to the browser that started. */
  id_hash: string;
  state: string;
  nonce: string;
  code_verifier: string;
  return_to: string | null;
  created_at: Timestamp;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type ApprovalState = 'pending' | 'sending' | 'sent' | 'not_sent' | 'unknown' | 'rejected';

interface DisbursementApprovalsTable {
  id: string;
  account_id: string;
  maker_user_id: string;
  maker_email: string;
  amount: string;
  type: string;
  request: ColumnType<unknown, string, string>;
  state: ApprovalState;
  checker_user_id: string | null;
  checker_email: string | null;
  created_at: Timestamp;
  decided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  outcome: ColumnType<unknown, string | null | undefined, string | null>;
  /** The money request the maker's disbursement opened (null for one held before 0011). */
  money_reference: ColumnType<string | null, string | null | undefined, string | null>;
  /** The instance sending an approved request (store/instances.ts); null before 0019. */
  sending_owner: ColumnType<string | null, string | null | undefined, string | null>;
}

interface IdempotencyTable {
  user_id: string;
  key: string;
  route: string;
  request_hash: string;
  state: 'pending' | 'done' | 'unknown';
  response_status: number | null;
  response_body: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  owner_instance: ColumnType<string | null, string | null | undefined, string | null>;
  lease_expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  reference: ColumnType<string | null, string | null | undefined, string | null>;
  /** The object the request is about (the first the route's policy checks): an issuer, an account. */
  subject_type: ColumnType<string | null, string | null | undefined, string | null>;
  subject_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** What was sent, personal data masked, for a save settled by hand (routes/define.ts keepSent). */
  sent: ColumnType<unknown, string | null | undefined, string | null>;
}

interface AuditTable {
  id: Generated<string>;
  at: Timestamp;
  user_id: string | null;
  user_email: string | null;
  role: string | null;
  action: string;
  object_type: string | null;
  object_id: string | null;
  reason: string | null;
  outcome: string;
  ip: string | null;
  request_id: string | null;
  details: ColumnType<unknown, string | null | undefined, string | null>;
}

interface RateLimitTable {
  key: string;
  window_start: Timestamp;
  count: number;
}

export type MoneyRequestKind = 'deposit' | 'disbursement' | 'investment' | 'ira_supplement';
export type MoneyRequestOutcome =
  'pending' | 'held' | 'created' | 'refused' | 'not_sent' | 'unknown';
/** How an outcome was learnt; `manual`: a reviewer checked the platform by hand. */
export type MoneyRequestSettledVia =
  'response' | 'lease_expired' | 'reconciliation' | 'spool' | 'manual';

/** What a disbursement's platform id names: the fund move it left (§4.4) or its request (§2.10). */
export type DisbursementIdKind = 'fund_move' | 'disbursement_request';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

interface MoneyRequestsTable {
  reference: string;
  user_id: string;
  account_id: string;
  kind: MoneyRequestKind;
  amount: Nullable<string>;
  currency: ColumnType<string, string | undefined, string>;
  offering_id: Nullable<string>;
  /** An investment's units and price per unit as asked (exact decimals as text). */
  units: Nullable<string>;
  unit_price: Nullable<string>;
  /** How the money goes: a disbursement's type or an investment's payment method; null for a deposit and for rows from before it was kept. */
  method: ColumnType<string | null, string | null | undefined, string | null>;
  idem_route: string;
  idem_key: string;
  /** SHA-256 of what the key's request asked (parameters and body); null on rows from before migration 0028. */
  request_hash: Nullable<string>;
  upstream_id: Nullable<string>;
  /** What a disbursement's upstream_id names, where recorded (migration 0025; MoneyRequest.upstreamIdKind). */
  upstream_id_kind: ColumnType<
    DisbursementIdKind | null,
    DisbursementIdKind | null | undefined,
    DisbursementIdKind | null
  >;
  /** The fund moves found carrying the reference when more than one (a JSON array of their reference numbers). */
  fund_moves_found: ColumnType<unknown, string | null | undefined, string | null>;
  outcome: MoneyRequestOutcome;
  /** Why an unknown outcome is unknown, where not "no answer came back" (contract UnknownBecause). */
  unknown_because: ColumnType<
    UnknownBecause | null,
    UnknownBecause | null | undefined,
    UnknownBecause | null
  >;
  message: Nullable<string>;
  /** What to do after a refusal of the portal's own (the second sentence of its pair). */
  next_step: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  sent_at: Nullable<Date>;
  /**
   * When the request passed the check of standing requests (admitUnlessStanding); null while it
   * has not, or never did. A request being sent stands in another's way only once admitted.
   */
  admitted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  settled_at: Nullable<Date>;
  settled_via: Nullable<MoneyRequestSettledVia>;
  settled_by: Nullable<string>;
}

/** One row (id 1): bumped by triggers whenever a session may have ended or narrowed. */
interface AuthEpochTable {
  id: number;
  epoch: ColumnType<string, string | number, string | number>;
}
