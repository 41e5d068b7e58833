import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Versioned migrations, one entry each, never edited after release: add a new one instead.
 * PostgreSQL dialect only; the same list runs on PGlite and on a PostgreSQL server.
 */
export const migrations: Record<string, Migration> = {
  '0001-initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) =>
          c.notNull().check(sql`role in ('investor', 'issuer_staff', 'compliance', 'admin')`),
        )
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('demo', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();

      await db.schema
        .createTable('user_links')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('account', 'issuer', 'security')`),
        )
        .addColumn('upstream_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_links_pk', ['user_id', 'kind', 'upstream_id'])
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
        .addColumn('idle_expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('absolute_expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('revoked_at', 'timestamptz')
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('idempotency_records')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('route', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) =>
          c.notNull().check(sql`state in ('pending', 'done', 'unknown')`),
        )
        .addColumn('response_status', 'integer')
        .addColumn('response_body', 'jsonb')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_pk', ['user_id', 'route', 'key'])
        .execute();

      await db.schema
        .createTable('audit_events')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('user_id', 'text')
        .addColumn('user_email', 'text')
        .addColumn('role', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('object_type', 'text')
        .addColumn('object_id', 'text')
        .addColumn('reason', 'text')
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('request_id', 'text')
        .addColumn('details', 'jsonb')
        .execute();
      await db.schema.createIndex('audit_at_idx').on('audit_events').column('at').execute();
      await db.schema.createIndex('audit_user_idx').on('audit_events').column('user_id').execute();

      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'timestamptz', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();
    },
  },
  /*
   * The auth epoch: one counter that every change able to end or narrow a session bumps in the
   * same transaction (revocation, a shortened deadline, a deleted session, any change of a user or
   * of a user's links). Instances cache sessions in memory and trust an entry only while the epoch
   * it was read under is still current, so revocation stays immediate on every instance while a
   * request costs one tiny read instead of the session join (docs/deploy.md, "Session cache").
   * Idle touches only push idle_expires_at later and do not bump it. The notification tells
   * embedded PGlite listeners in the same process at once.
   */
  '0002-auth-epoch': {
    async up(db: Kysely<unknown>) {
      await sql`create table auth_epoch (id integer primary key check (id = 1), epoch bigint not null)`.execute(
        db,
      );
      await sql`insert into auth_epoch (id, epoch) values (1, 0)`.execute(db);
      await sql`
        create function bump_auth_epoch() returns trigger language plpgsql as $$
        declare next_epoch bigint;
        begin
          update auth_epoch set epoch = epoch + 1 where id = 1 returning epoch into next_epoch;
          perform pg_notify('auth_epoch', next_epoch::text);
          return null;
        end $$`.execute(db);
      await sql`
        create trigger sessions_narrowed after update on sessions for each row
        when (old.revoked_at is distinct from new.revoked_at
          or new.idle_expires_at < old.idle_expires_at
          or new.absolute_expires_at is distinct from old.absolute_expires_at
          or new.user_id is distinct from old.user_id)
        execute function bump_auth_epoch()`.execute(db);
      await sql`create trigger sessions_deleted after delete on sessions for each statement execute function bump_auth_epoch()`.execute(
        db,
      );
      await sql`create trigger users_changed after update or delete on users for each statement execute function bump_auth_epoch()`.execute(
        db,
      );
      await sql`create trigger user_links_changed after insert or update or delete on user_links for each statement execute function bump_auth_epoch()`.execute(
        db,
      );
    },
  },
  '0002-saved-issuer-accounts-and-account-notes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('saved_issuer_accounts')
        .addColumn('issuer_id', 'text', (c) => c.primaryKey())
        .addColumn('records', 'jsonb', (c) => c.notNull())
        .addColumn('saved_by', 'text', (c) => c.notNull())
        .addColumn('saved_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('account_notes')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('author_id', 'text', (c) => c.notNull())
        .addColumn('author_email', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('account_notes_account_idx')
        .on('account_notes')
        .columns(['account_id', 'created_at'])
        .execute();
    },
  },
  '0003-identity': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('oidc_issuer', 'text')
        .addColumn('oidc_subject', 'text')
        .execute();
      await db.schema
        .createIndex('users_oidc_idx')
        .unique()
        .on('users')
        .columns(['oidc_issuer', 'oidc_subject'])
        .execute();
      await db.schema
        .alterTable('sessions')
        .addColumn('public_id', 'text')
        .addColumn('pending_second_factor', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('second_factor_at', 'timestamptz')
        .addColumn('auth_method', 'text', (c) => c.notNull().defaultTo('password'))
        .addColumn('oidc_tokens', 'jsonb')
        .addColumn('webauthn_challenge', 'text')
        .addColumn('pending_totp_secret', 'text')
        .execute();

      await db.schema
        .createTable('second_factors')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('totp', 'passkey')`))
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('totp_secret', 'text')
        .addColumn('credential_id', 'text', (c) => c.unique())
        .addColumn('public_key', 'text')
        .addColumn('counter', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('transports', 'text')
        .addColumn('last_step', 'integer')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('last_used_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('second_factors_user_idx')
        .on('second_factors')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('recovery_codes')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
        .execute();

      await db.schema
        .createTable('oidc_flows')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('return_to', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .execute();

      await db.schema
        .createTable('disbursement_approvals')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('maker_user_id', 'text', (c) => c.notNull())
        .addColumn('maker_email', 'text', (c) => c.notNull())
        .addColumn('amount', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('request', 'jsonb', (c) => c.notNull())
        .addColumn('state', 'text', (c) =>
          c
            .notNull()
            .check(sql`state in ('pending', 'sending', 'sent', 'not_sent', 'unknown', 'rejected')`),
        )
        .addColumn('checker_user_id', 'text')
        .addColumn('checker_email', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('decided_at', 'timestamptz')
        .addColumn('outcome', 'jsonb')
        .execute();
      await db.schema
        .createIndex('disbursement_approvals_state_idx')
        .on('disbursement_approvals')
        .column('state')
        .execute();
      // Cached sessions must learn at once that a second factor was proved (sign-in complete,
      // step-up fresh): those columns move the auth epoch like a revocation does.
      await sql`
        create trigger sessions_second_factor after update on sessions for each row
        when (old.pending_second_factor is distinct from new.pending_second_factor
          or old.second_factor_at is distinct from new.second_factor_at)
        execute function bump_auth_epoch()`.execute(db);
    },
  },
  '0004-money-requests': {
    async up(db: Kysely<unknown>) {
      // The register of every money request the portal sends (see money-requests.ts). Keyed by
      // our reference; the idempotency scope is unique so a retried key finds its row again.
      await db.schema
        .createTable('money_requests')
        .addColumn('reference', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('disbursement', 'investment', 'ira_supplement')`),
        )
        .addColumn('amount', 'text')
        .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
        .addColumn('offering_id', 'text')
        .addColumn('idem_route', 'text', (c) => c.notNull())
        .addColumn('idem_key', 'text', (c) => c.notNull())
        .addColumn('upstream_id', 'text')
        .addColumn('outcome', 'text', (c) =>
          c
            .notNull()
            .check(sql`outcome in ('pending', 'created', 'refused', 'not_sent', 'unknown')`),
        )
        .addColumn('message', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addColumn('sent_at', 'timestamptz')
        .addColumn('settled_at', 'timestamptz')
        .addColumn('settled_via', 'text', (c) =>
          c.check(sql`settled_via in ('response', 'lease_expired', 'reconciliation', 'spool')`),
        )
        .addColumn('settled_by', 'text')
        .addUniqueConstraint('money_requests_scope_uq', ['user_id', 'idem_route', 'idem_key'])
        .execute();
      await db.schema
        .createIndex('money_requests_user_idx')
        .on('money_requests')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('money_requests_account_idx')
        .on('money_requests')
        .columns(['account_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('money_requests_outcome_idx')
        .on('money_requests')
        .columns(['outcome', 'created_at'])
        .execute();

      // Owner lease of a claim: which instance holds it and until when (renewed while the
      // upstream call is in flight), so a dead instance's claim is recognised without waiting.
      await db.schema
        .alterTable('idempotency_records')
        .addColumn('owner_instance', 'text')
        .execute();
      await db.schema
        .alterTable('idempotency_records')
        .addColumn('lease_expires_at', 'timestamptz')
        .execute();
      await db.schema.alterTable('idempotency_records').addColumn('reference', 'text').execute();
      await db.schema
        .createIndex('idempotency_state_idx')
        .on('idempotency_records')
        .columns(['state', 'updated_at'])
        .execute();
      await db.schema
        .createIndex('sessions_expiry_idx')
        .on('sessions')
        .column('absolute_expires_at')
        .execute();
    },
  },
  // A reviewer may settle an unknown outcome by hand, after checking the platform: the
  // settlement records how it was learnt.
  '0005-settled-by-a-reviewer': {
    async up(db) {
      await sql`alter table money_requests drop constraint if exists money_requests_settled_via_check`.execute(
        db,
      );
      await sql`alter table money_requests add constraint money_requests_settled_via_check
        check (settled_via in ('response', 'lease_expired', 'reconciliation', 'spool', 'manual'))`.execute(
        db,
      );
    },
  },
  // An investment is asked in units at a price: the register keeps what was asked from the
  // start, so a request whose outcome is unknown can be compared with the platform's trades.
  '0006-money-request-units': {
    async up(db) {
      await sql`alter table money_requests add column units text`.execute(db);
      await sql`alter table money_requests add column unit_price text`.execute(db);
    },
  },
  '0007-money-request-deposits': {
    async up(db) {
      // Deposits join the register: a deposit whose answer is lost is money that may have moved.
      await sql`alter table money_requests drop constraint money_requests_kind_check`.execute(db);
      await sql`alter table money_requests add constraint money_requests_kind_check
        check (kind in ('deposit', 'disbursement', 'investment', 'ira_supplement'))`.execute(db);
    },
  },
  // An issuer account whose save lost its answer may be recorded as held by the platform after
  // asking it (§4.6 names no read): the portal then keeps who recorded it, and no copy.
  '0008-issuer-account-confirmed-by-hand': {
    async up(db) {
      await sql`alter table saved_issuer_accounts add column confirmed_by_hand text`.execute(db);
      // The unsettled saves of an issuer are read from the audit log by the object they name.
      await db.schema
        .createIndex('audit_object_idx')
        .on('audit_events')
        .columns(['object_type', 'object_id'])
        .execute();
    },
  },
  // A claim names the object its request is about, so a claim whose instance stopped is audited
  // by that object (an issuer account has no reference of ours), and a second save of the same
  // issuer account can see that one is already in flight.
  '0009-idempotency-subject': {
    async up(db) {
      await sql`alter table idempotency_records add column subject_type text`.execute(db);
      await sql`alter table idempotency_records add column subject_id text`.execute(db);
      await db.schema
        .createIndex('idempotency_subject_idx')
        .on('idempotency_records')
        .columns(['route', 'subject_id', 'state'])
        .execute();
    },
  },
  // A bank link waits on the platform's hosted page (linkExternalAccount, real-world notes §4.1)
  // until the person finishes there: kept per account, so a reload or another device still shows
  // it as pending, with the page and when it was started, instead of offering to link anew.
  '0010-pending-bank-links': {
    async up(db) {
      await db.schema
        .createTable('pending_bank_links')
        .addColumn('account_id', 'text', (c) => c.primaryKey())
        .addColumn('link_url', 'text', (c) => c.notNull())
        .addColumn('started_by', 'text', (c) => c.notNull())
        .addColumn('started_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  // A disbursement held for a second person's approval has an outcome of its own in the register
  // ("held": nothing sent), and its approval names the request, so the decision settles it: a
  // rejection as not sent, an approval as what the platform answered.
  '0011-held-disbursements': {
    async up(db) {
      await sql`alter table disbursement_approvals add column money_reference text`.execute(db);
      await sql`alter table money_requests drop constraint money_requests_outcome_check`.execute(
        db,
      );
      await sql`alter table money_requests add constraint money_requests_outcome_check
        check (outcome in ('pending', 'held', 'created', 'refused', 'not_sent', 'unknown'))`.execute(
        db,
      );
      // Requests held before: the register row's message named its approval.
      await sql`update disbursement_approvals a set money_reference = m.reference
        from money_requests m
        where m.kind = 'disbursement' and m.outcome = 'pending'
          and m.message like '%(approval ' || a.id || ')%'`.execute(db);
      await sql`update money_requests m set outcome = 'held', settled_at = null
        from disbursement_approvals a
        where a.money_reference = m.reference and a.state = 'pending'`.execute(db);
      await sql`update money_requests m
        set outcome = case a.state
            when 'rejected' then 'not_sent'
            when 'not_sent' then 'not_sent'
            when 'sent' then 'created'
            else 'unknown' end,
          upstream_id = case when a.state = 'sent' then a.outcome->>'requestId' else m.upstream_id end,
          message = case a.state
            when 'rejected' then 'Rejected by ' || a.checker_email || ': nothing was sent.'
            when 'sent' then 'Approved by ' || a.checker_email || '.'
            else coalesce(a.outcome->>'message', m.message) end,
          sent_at = case when a.state in ('rejected', 'not_sent') then null else a.decided_at end,
          settled_at = case when a.state in ('sending', 'unknown') then null else a.decided_at end,
          updated_at = coalesce(a.decided_at, m.updated_at)
        from disbursement_approvals a
        where a.money_reference = m.reference and a.state <> 'pending'`.execute(db);
    },
  },
  // A save settled by hand (the issuer account, §4.6) carries no reference of ours upstream: the
  // claim keeps what was sent, personal data masked, so that if the answer is lost, even with the
  // instance that sent it, the person can ask the platform by those details.
  '0012-idempotency-sent': {
    async up(db) {
      await sql`alter table idempotency_records add column sent jsonb`.execute(db);
    },
  },
  // What My sessions tells the owner of each session: which second factor completed its sign-in
  // (a step-up later does not change how it signed in), and how many wrong codes were tried in it,
  // so a sign-in that holds the password and is guessing the second factor is seen for what it is.
  // Neither moves the auth epoch: neither ends nor narrows a session.
  '0013-session-second-factor-record': {
    async up(db) {
      await sql`alter table sessions add column sign_in_factor text
        check (sign_in_factor in ('totp', 'passkey', 'recovery'))`.execute(db);
      await sql`alter table sessions add column wrong_codes integer not null default 0`.execute(db);
      // Live sessions from before learn their factor from the audit log: a sign-in that waited
      // for its second factor is audited "allowed" as its session is made (same user, same
      // address), and the first completion of that user after it names the factor: a proof at
      // sign-in, or the enrolment that a sign-in asking for one ends with. When two sign-ins of
      // one user from one address overlapped, the audit cannot tell whose completion was whose:
      // such a session may be named with the other's factor, still one of the user's factors.
      await sql`
        update sessions s set sign_in_factor = (
          select case when e.action = 'sign_in' then e.details->>'secondFactor'
                      else e.details->>'kind' end
          from audit_events a
          join audit_events e on e.user_id = a.user_id and e.id > a.id
          where a.user_id = s.user_id and a.action = 'sign_in' and a.outcome = 'allowed'
            and a.ip is not distinct from s.ip
            and a.at between s.created_at - interval '1 minute' and s.created_at + interval '1 minute'
            and ((e.action = 'sign_in' and e.outcome = 'succeeded'
                  and e.details->>'secondFactor' in ('totp', 'passkey', 'recovery'))
              or (e.action = 'second_factor_added' and e.details->>'kind' in ('totp', 'passkey')))
          order by abs(extract(epoch from a.at - s.created_at)), e.id
          limit 1)
        where s.revoked_at is null and not s.pending_second_factor
          and s.second_factor_at is not null`.execute(db);
    },
  },
  // The audit log's object filter (an account, our MR- reference) follows one object's life: the
  // events naming it as their object and those carrying it in their details. The older index
  // leads with the object's type, which the filter does not give. Indexes only, so running it
  // again over a store that has them (a migration test that re-runs the later ones) changes
  // nothing.
  '0014-audit-object-filter': {
    async up(db) {
      await db.schema
        .createIndex('audit_object_id_idx')
        .ifNotExists()
        .on('audit_events')
        .column('object_id')
        .execute();
      await sql`create index if not exists audit_details_reference_idx on audit_events ((details->>'reference'))`.execute(
        db,
      );
      await sql`create index if not exists audit_details_account_idx on audit_events ((details->>'accountId'))`.execute(
        db,
      );
    },
  },
  // How the money goes (a disbursement's ACH or wire, an investment's payment method): two
  // requests of the same amount by different methods are two requests, not one sent from a second
  // tab. A nullable column added only if missing, so running it again changes nothing; rows from
  // before it have none.
  '0015-money-request-method': {
    async up(db) {
      await sql`alter table money_requests add column if not exists method text`.execute(db);
    },
  },
  // A request sent twice under one reference (a same-key retry after a "not sent" guess, and the
  // first send arriving late) leaves two fund moves carrying it (§4.3): the register names every
  // one found, so a reviewer sees the money moved twice. Added only if missing, so running it
  // again changes nothing.
  '0016-money-request-fund-moves-found': {
    async up(db) {
      await sql`alter table money_requests add column if not exists fund_moves_found jsonb`.execute(
        db,
      );
    },
  },
  // A refusal of the portal's own before sending is a sentence pair, why (the message) and what
  // to do: the register keeps the second apart, so it shows both and not a general next step
  // besides. Added only if missing, so running it again changes nothing; older rows have none.
  '0017-money-request-next-step': {
    async up(db) {
      await sql`alter table money_requests add column if not exists next_step text`.execute(db);
    },
  },
  // The register's message of a decided held disbursement reaches the investor who asked for it,
  // and named the staff member who decided ("Approved by admin@…."). It now says "a second
  // person"; who decided stays in the approval and the audit log, which staff read. Rows written
  // before are reworded in their three forms; running it again changes nothing.
  '0018-register-messages-without-staff-emails': {
    async up(db) {
      await sql`update money_requests set message = 'Approved by a second person.'
        where message ~ '^Approved by [^ ;:]+@[^ ;:]+[.]$'`.execute(db);
      await sql`update money_requests
        set message = regexp_replace(message, '^Approved by [^ ;:]+@[^ ;:]+; ', 'Approved by a second person; ')
        where message ~ '^Approved by [^ ;:]+@[^ ;:]+; '`.execute(db);
      await sql`update money_requests
        set message = regexp_replace(message, '^Rejected by [^ ;:]+@[^ ;:]+: ', 'Rejected by a second person: ')
        where message ~ '^Rejected by [^ ;:]+@[^ ;:]+: '`.execute(db);
    },
  },
  // Who is sending an approved disbursement: the instance that claimed it (store/instances.ts).
  // A claim whose instance is gone (killed mid-call) reads "outcome unknown" at once on every
  // instance, rather than "being sent" until the in-flight window has passed. Added only if
  // missing, so running it again changes nothing; older rows have none and keep the window.
  '0019-approval-sending-owner': {
    async up(db) {
      await sql`alter table disbursement_approvals add column if not exists sending_owner text`.execute(
        db,
      );
    },
  },
  // The store's own id, one row, given when it is first opened (db.ts), not here: a store made
  // from the migrated template would otherwise share the template's. A spool line names the
  // store it was written for (spool.ts), so a line whose row this store no longer holds is told
  // from one written for another store. Created only if missing.
  '0020-store-identity': {
    async up(db) {
      await sql`create table if not exists store_identity (
        singleton boolean primary key default true check (singleton),
        id text not null,
        created_at timestamptz not null default now()
      )`.execute(db);
    },
  },
  // A request made at once with others and refused as their repeat was named to them as "being
  // sent", though it was only claimed and never passed the check: a claimed request now stands in
  // another's way once it has passed it (admitted_at). Rows still being sent when this runs passed
  // it under the code before, so they are marked admitted. Added only if missing, and the update
  // touches only rows without the mark, so running it again changes nothing.
  '0021-money-request-admitted': {
    async up(db) {
      await sql`alter table money_requests add column if not exists admitted_at timestamptz`.execute(
        db,
      );
      await sql`update money_requests set admitted_at = coalesce(sent_at, created_at)
        where outcome = 'pending' and admitted_at is null`.execute(db);
    },
  },
  // A step-up gives the session a new id (markSecondFactor): a read already on its way with the
  // id before was refused as a session that ended. The id before is kept for a short while, good
  // for reads only (sessions.ts, PREVIOUS_ID_GRACE_MS). Added only if missing.
  '0022-session-previous-id': {
    async up(db) {
      await sql`alter table sessions add column if not exists previous_id_hash text`.execute(db);
      await sql`alter table sessions add column if not exists previous_id_until timestamptz`.execute(
        db,
      );
      await sql`create index if not exists sessions_previous_id_idx on sessions (previous_id_hash)`.execute(
        db,
      );
    },
  },
  // Why an unknown outcome is unknown, where it is not "no answer came back": `access_refused`, the
  // platform answered the send by refusing the portal's own access (103, §5 rule 8, §7). Kept as
  // a fact when the outcome is recorded; before, it was read back from the opening sentence of
  // the stored message. Rows recorded so are marked here, once, by that sentence (as it read
  // then, written out: it is this migration's, whatever the portal says later), so no read
  // parses words. Added only if missing, and the update touches only unmarked rows, so running
  // it again changes nothing.
  '0023-money-request-unknown-because': {
    async up(db) {
      await sql`alter table money_requests add column if not exists unknown_because text
        check (unknown_because in ('access_refused'))`.execute(db);
      await sql`update money_requests set unknown_because = 'access_refused'
        where outcome = 'unknown' and unknown_because is null
          and starts_with(message, ${'We do not know whether this reached the platform: the platform refused the portal’s access, which the portal’s operators must fix.'})`.execute(
        db,
      );
    },
  },
  // A held disbursement whose sending's outcome is unknown keeps the words its investor reads and,
  // since staff are the support desk those words send the investor to, the words staff read
  // (`staffMessage`: what staff do instead). Approvals decided before staff had words of their own
  // have only the investor's, so staff read "contact support". Each is given the staff words here,
  // once: its message with the investor's next step (as worded when these rows were written, and
  // written out here: it is this migration's, whatever the portal says later) replaced by the
  // staff's. A message without that step names nobody to contact and stays as it is. Touches only
  // approvals without staff words, so running it again changes nothing.
  '0024-approval-staff-words': {
    async up(db) {
      const investorNext =
        'Do not send it again. We check with the platform and settle it; if it stays unknown, contact support and quote our reference.';
      const staffNext =
        'Do not send it again. Reconciliation looks for it on the platform; once its outcome is known, settle it in the money requests register.';
      await sql`update disbursement_approvals
        set outcome = outcome || jsonb_build_object('staffMessage',
          replace(outcome->>'message', ${investorNext}::text, ${staffNext}::text))
        where state = 'unknown' and outcome->>'staffMessage' is null
          and strpos(outcome->>'message', ${investorNext}::text) > 0`.execute(db);
    },
  },
  // What a disbursement's platform id names, where the row's other facts do not tell: a reviewer
  // settling one by hand against a platform not known to list disbursements among the fund moves
  // may give its request id (§2.10) or the fund move it left (§4.4), and the register must not
  // offer the one as the other. Null for every earlier row, which reads as before (upstreamIdKindOf).
  '0025-money-request-upstream-id-kind': {
    async up(db) {
      await sql`alter table money_requests add column if not exists upstream_id_kind text
        check (upstream_id_kind in ('fund_move', 'disbursement_request'))`.execute(db);
    },
  },
  // The object filter also finds the events that list an account or party among others (a search
  // whose matches showed it, a page of fund moves across accounts): each list indexed, so a filter
  // by one id stays an index search however long the log grows.
  '0026-audit-listed-ids': {
    async up(db) {
      await sql`create index if not exists audit_details_account_ids_idx on audit_events
        using gin ((details->'accountIds'))`.execute(db);
      await sql`create index if not exists audit_details_entity_ids_idx on audit_events
        using gin ((details->'entityIds'))`.execute(db);
    },
  },
  // Browsers that signed in with a user's password before (a hash of the cookie each was given):
  // failed sign-ins against that user from elsewhere do not lock such a browser out, so someone
  // who knows an email cannot keep its owner from signing in (sign-in-devices.ts).
  '0027-sign-in-devices': {
    async up(db) {
      await sql`create table if not exists sign_in_devices (
        token_hash text primary key,
        user_id text not null references users(id) on delete cascade,
        created_at timestamptz not null,
        expires_at timestamptz not null
      )`.execute(db);
      await sql`create index if not exists sign_in_devices_user_idx
        on sign_in_devices (user_id)`.execute(db);
    },
  },
  // What a money request's key asked (a hash of its parameters and body): a key names one request
  // for good, so a key retried after a refusal reopens its row only for that same request, never
  // for another account's or amount's (openMoneyRequest). Null on earlier rows, which are not
  // reopened.
  '0028-money-request-hash': {
    async up(db) {
      await sql`alter table money_requests add column if not exists request_hash text`.execute(db);
    },
  },
};
