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
  money_requests: MoneyRequestsTable;
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
  owner_instance: ColumnType<string | null, string | null | undefined, string | null>;
  lease_expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  reference: ColumnType<string | null, string | null | undefined, string | null>;
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

export type MoneyRequestKind = 'disbursement' | 'investment' | 'ira_supplement';
export type MoneyRequestOutcome = 'pending' | 'created' | 'refused' | 'not_sent' | 'unknown';
export type MoneyRequestSettledVia = 'response' | 'lease_expired' | 'reconciliation' | 'spool';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface MoneyRequestsTable {
  reference: string;
  user_id: string;
  account_id: string;
  kind: MoneyRequestKind;
  amount: Nullable<string>;
  currency: ColumnType<string, string | undefined, string>;
  offering_id: Nullable<string>;
  idem_route: string;
  idem_key: string;
  upstream_id: Nullable<string>;
  outcome: MoneyRequestOutcome;
  message: Nullable<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  sent_at: Nullable<Date>;
  settled_at: Nullable<Date>;
  settled_via: Nullable<MoneyRequestSettledVia>;
  settled_by: Nullable<string>;
}
