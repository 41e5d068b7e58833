import { createHash } from 'node:crypto';
import type { Client } from 'pg';
import { sql } from 'kysely';
import type { Db } from './db';
import { pgPoolOf } from './auth-epoch';

/**
 * Which instances of the portal are alive, so a claim whose owner is gone (a process killed
 * mid-call) can be told from one still running, at once and on any instance.
 *
 * On a PostgreSQL server each instance keeps one connection of its own open for its whole life,
 * named after it (`application_name`). The server ends a killed process's connections as soon as
 * their sockets close, so an instance is alive while a session of that name is listed in
 * pg_stat_activity on the same database. Its name is visible to every role, unlike the rest of
 * another session's row. A connection lost while the instance lives is opened again; in between,
 * its claims read as gone ("outcome unknown"), which is safe: the sending's answer, when it comes,
 * still settles them.
 *
 * Embedded PGlite is one process per data folder (folder-lock.ts): the instances that announced
 * themselves on this store in this process are all that are alive.
 */
export interface Presence {
  close(): Promise<void>;
}

/** The instances announced on each store in this process (PGlite; the tests' several instances). */
const presentHere = new WeakMap<Db, Set<string>>();

/**
 * The session name an instance's presence connection carries: a digest of its id, as
 * application_name keeps 63 bytes and an id holds a host name of any length.
 */
const presenceNameOf = (instanceId: string) =>
  `transact-portal ${createHash('sha256').update(instanceId).digest('hex').slice(0, 32)}`;

export interface PresenceOptions {
  /** How long after a lost presence connection a new one is tried; 1 s by default. */
  retryMs?: number;
}

/**
 * Announces `instanceId` on the store until `close`: on PostgreSQL by its presence connection
 * (opened once before this resolves, whether or not the server answered, and again whenever it
 * is lost), on PGlite in this process.
 */
export async function announcePresence(
  db: Db,
  instanceId: string,
  options: PresenceOptions = {},
): Promise<Presence> {
  let here = presentHere.get(db);
  if (!here) presentHere.set(db, (here = new Set()));
  here.add(instanceId);
  const forget = () => here.delete(instanceId);
  const pool = pgPoolOf(db);
  if (!pool) return { close: async () => void forget() };

  const { default: pg } = await import('pg');
  const retryMs = options.retryMs ?? 1_000;
  let client: Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;
  const connect = async (): Promise<void> => {
    if (closed) return;
    const opened = new pg.Client({
      ...pool.options,
      application_name: presenceNameOf(instanceId),
      keepAlive: true,
    });
    client = opened;
    const lost = () => {
      if (client !== opened) return;
      client = null;
      opened.removeAllListeners('end');
      void opened.end().catch(() => undefined);
      if (closed) return;
      retry = setTimeout(() => {
        retry = null;
        void connect();
      }, retryMs);
      retry.unref();
    };
    // An error on an idle connection must not stop the process (db.ts): it is lost, and reopened.
    opened.on('error', lost);
    opened.on('end', lost);
    await opened.connect().catch(lost);
  };
  await connect();
  return {
    async close() {
      closed = true;
      forget();
      if (retry) clearTimeout(retry);
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}

/** Whether only this process opens the store (PGlite), so every instance not announced here is gone. */
export const isOneProcessStore = (db: Db) => !pgPoolOf(db);

/** Which of these instances are alive now (see the module comment). */
export async function liveInstances(db: Db, instanceIds: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(instanceIds)];
  if (wanted.length === 0) return new Set();
  if (isOneProcessStore(db)) {
    const here = presentHere.get(db);
    return new Set(wanted.filter((id) => here?.has(id)));
  }
  const byName = new Map(wanted.map((id) => [presenceNameOf(id), id]));
  const { rows } = await sql<{ name: string }>`
    select distinct application_name as name from pg_stat_activity
    where datname = current_database()
      and application_name in (${sql.join([...byName.keys()])})`.execute(db);
  return new Set(rows.flatMap((row) => byName.get(row.name) ?? []));
}
