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
  '0002-identity': {
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
    },
  },
};
