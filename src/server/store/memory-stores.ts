import type { PGlite } from '@electric-sql/pglite';
import { settlesWithin } from '../lib/settles-within';

/**
 * In-memory stores (tests and benchmarks: a running portal keeps its store in a folder or on a
 * PostgreSQL server) reuse the embedded databases of stores closed before them. Starting PGlite
 * costs about 0.85 s of CPU on the 2-core machine, most of it PostgreSQL starting in WebAssembly
 * and the template loading into its file system, and the test suite opens about a hundred such
 * stores; putting a closed one back as the template left it costs a few hundredths of a second.
 *
 * A database is kept only when it can be put back exactly: every table emptied and refilled with
 * the template's rows, every sequence where the template had it, the session's state discarded
 * (prepared statements, advisory locks, settings, temporary tables). One still listened to, one
 * whose schema differs from the template's (a table added or dropped), whose methods a test
 * replaced (a store broken from below), that was closed, or whose reset fails or takes long is
 * closed instead, and the next store starts a fresh one.
 */

/** What a freshly migrated store holds: its tables' rows, its sequences, its schema. */
interface Baseline {
  tables: readonly string[];
  rows: ReadonlyMap<string, string>;
  sequences: readonly { name: string; value: string; called: boolean }[];
  schema: string;
}

/** Databases ready for the next store. Two cover the tests that run two instances side by side. */
const ready: PGlite[] = [];
const KEEP_AT_MOST = 2;
/** A reset waits behind the queries still queued on the database; one that takes this long is not kept. */
const RESET_DEADLINE_MS = 2_000;

const baselines = new WeakMap<PGlite, Promise<Baseline>>();
let baseline: Promise<Baseline> | null = null;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The schema as one string: any table, column, index, constraint, function or trigger added, changed or dropped shows. */
async function schemaOf(db: PGlite): Promise<string> {
  const { rows } = await db.query<{ schema: string }>(`
    select concat_ws(E'\\n',
      (select string_agg(concat_ws(' ', table_name, column_name, data_type, column_default, is_nullable), E'\\n'
         order by table_name, ordinal_position)
         from information_schema.columns where table_schema = 'public'),
      (select string_agg(indexdef, E'\\n' order by indexdef) from pg_indexes where schemaname = 'public'),
      (select string_agg(conname || ' ' || pg_get_constraintdef(c.oid), E'\\n' order by conname)
         from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public'),
      (select string_agg(p.proname || ' ' || md5(p.prosrc), E'\\n' order by p.proname)
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'),
      (select string_agg(tgname, E'\\n' order by tgname) from pg_trigger where not tgisinternal)
    ) as schema`);
  return rows[0]?.schema ?? '';
}

async function readBaseline(db: PGlite): Promise<Baseline> {
  const tables = (
    await db.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).rows.map((r) => r.name);
  const rows = new Map<string, string>();
  for (const table of tables) {
    const { rows: found } = await db.query<{ rows: string | null }>(
      `select json_agg(t)::text as rows from ${quote(table)} t`,
    );
    if (found[0]?.rows) rows.set(table, found[0].rows);
  }
  const sequences = (
    await db.query<{ name: string; value: string | null; start: string }>(
      `select quote_ident(sequencename) as name, last_value::text as value, start_value::text as start
         from pg_sequences where schemaname = 'public'`,
    )
  ).rows.map((s) => ({ name: s.name, value: s.value ?? s.start, called: s.value !== null }));
  return { tables, rows, sequences, schema: await schemaOf(db) };
}

/**
 * A database for a new in-memory store: one put back by a closed store, or a new one loaded
 * from `template` (the migrated template, memory-template.ts).
 */
export async function takeMemoryDatabase(template: () => Promise<Blob>): Promise<PGlite> {
  const kept = ready.pop();
  if (kept) return kept;
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite({ loadDataDir: await template() });
  // Read whole before the store writes to it (its id, first of all): the template as loaded.
  if (!baseline) {
    baseline = readBaseline(db);
    await baseline;
  }
  baselines.set(db, baseline);
  return db;
}

/** Puts the database of a closed in-memory store back as the template left it, or closes it. */
export async function giveBackMemoryDatabase(db: PGlite): Promise<void> {
  const expected = baselines.get(db);
  const replaced = ['query', 'exec', 'transaction', 'listen'].some((m) => Object.hasOwn(db, m));
  if (!expected || db.closed || replaced || ready.length >= KEEP_AT_MOST) {
    if (!db.closed) await db.close();
    return;
  }
  const reset = putBack(db, await expected).catch(() => false);
  // Closed once the reset ends: closing now would fail the queries it waits behind.
  if (!(await settlesWithin(reset, RESET_DEADLINE_MS))) {
    void reset.finally(() => db.close().catch(() => undefined));
  } else if ((await reset) && ready.length < KEEP_AT_MOST) ready.push(db);
  else await db.close();
}

async function putBack(db: PGlite, base: Baseline): Promise<boolean> {
  // A transaction a test left open is rolled back (outside one, PostgreSQL only warns).
  await db.exec('rollback');
  // A listener still there would hear the next store's notifications: PGlite keeps a callback
  // until it is unlistened with that callback (the store's own listener is, as the app closes).
  const { rows: channels } = await db.query('select pg_listening_channels()');
  if (channels.length > 0) return false;
  await db.exec('discard all');
  if ((await schemaOf(db)) !== base.schema) return false;
  await db.transaction(async (tx) => {
    await tx.exec(`truncate ${base.tables.map(quote).join(', ')} restart identity`);
    for (const [table, rows] of base.rows) {
      await tx.query(
        `insert into ${quote(table)} overriding system value
           select * from json_populate_recordset(null::${quote(table)}, $1::json)`,
        [rows],
      );
    }
    for (const s of base.sequences) {
      await tx.query(`select setval($1, $2::bigint, $3)`, [s.name, s.value, s.called]);
    }
  });
  return true;
}
