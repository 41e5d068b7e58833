import type { ColumnType, Generated } from 'kysely';

/** Tables of the portal's own store (architecture decision 7). */
export interface Database {
  users: UsersTable;
  user_links: UserLinksTable;
  sessions: SessionsTable;
  idempotency_records: IdempotencyTable;
  audit_events: AuditTable;
  rate_limits: RateLimitTable;
  auth_epoch: AuthEpochTable;
  saved_issuer_accounts: SavedIssuerAccountTable;
  account_notes: AccountNoteTable;
}

/** The issuer account as saved upstream (masked view), so it survives a reload (§4.6 has no read). */
export interface SavedIssuerAccountTable {
  issuer_id: string;
  /** The records the upstream answered, already masked (savedIssuerAccountsSchema). */
  records: ColumnType<unknown, string, string>;
  saved_by: string;
  saved_at: Timestamp;
}

/** A reviewer's note on an account (the upstream has no notes for reviewers). */
export interface AccountNoteTable {
  id: Generated<string>;
  account_id: string;
  author_id: string;
  author_email: string;
  body: string;
  created_at: Timestamp;
}

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  role: 'investor' | 'issuer_staff' | 'compliance' | 'admin';
  password_hash: string;
  demo: ColumnType<boolean, boolean | undefined, boolean>;
  disabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

export type LinkKind = 'account' | 'issuer' | 'security';

export interface UserLinksTable {
  user_id: string;
  kind: LinkKind;
  upstream_id: string;
}

export interface SessionsTable {
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
}

export interface IdempotencyTable {
  user_id: string;
  key: string;
  route: string;
  request_hash: string;
  state: 'pending' | 'done' | 'unknown';
  response_status: number | null;
  response_body: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuditTable {
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

export interface RateLimitTable {
  key: string;
  window_start: Timestamp;
  count: number;
}

/** One row (id 1): bumped by triggers whenever a session may have ended or narrowed. */
export interface AuthEpochTable {
  id: number;
  epoch: ColumnType<string, string | number, string | number>;
}
