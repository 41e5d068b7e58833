import { openAuthEpoch, type AuthEpochSource } from './auth-epoch';
import type { Db } from './db';
import {
  hashToken,
  loadSession,
  touchSessions,
  TOUCH_INTERVAL_MS,
  type ActiveSession,
  type EndedSession,
  type SessionTimes,
  type SessionTouch,
} from './sessions';
import type { StoredUser } from './users';

/*
 * Sessions kept in memory between requests (architecture decisions 8 and 11). The store stays the
 * truth: an entry is trusted only while the auth epoch it was read under is current, so a
 * sign-out, a disabled user or a changed link takes effect on the next request on the instance
 * that made it, and on every other one as soon as the database's notification of it arrives
 * (store/auth-epoch.ts; docs/deploy.md, "Session cache"). Deadlines are checked against the clock on every request; an entry that looks
 * expired is read again, because another instance may have slid its idle deadline.
 *
 * Idle touches: a session's idle deadline is slid at most once a minute (as before), and the
 * writes are queued and flushed together, one statement for all sessions touched, at most once
 * a second — never on the request path. What other instances see of the idle deadline lags by
 * at most a minute and a second, against idle timeouts of many minutes.
 */

interface Entry {
  epoch: number;
  session: ActiveSession;
  user: StoredUser;
  lastSeenAt: number;
}

export interface ResolvedSession {
  session: ActiveSession;
  user: StoredUser;
}

export interface SessionCacheOptions {
  maxEntries?: number;
  flushDelayMs?: number;
  now?: () => number;
}

/**
 * How a request looks its session up. `touch: false` for a request that is not the person's
 * activity (the page asking whether its session still stands): it never slides the idle deadline,
 * which a page that asked on a timer would otherwise keep alive for ever.
 */
interface LookUp {
  touch?: boolean;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, SessionTouch>();
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private readonly maxEntries: number;
  private readonly flushDelayMs: number;
  private readonly now: () => number;

  private constructor(
    private readonly db: Db,
    private readonly times: SessionTimes,
    private readonly epoch: AuthEpochSource,
    options: SessionCacheOptions,
  ) {
    this.maxEntries = options.maxEntries ?? 50_000;
    this.flushDelayMs = options.flushDelayMs ?? 1_000;
    this.now = options.now ?? Date.now;
  }

  static async open(
    db: Db,
    times: SessionTimes,
    options: SessionCacheOptions = {},
  ): Promise<SessionCache> {
    return new SessionCache(db, times, await openAuthEpoch(db), options);
  }

  /**
   * The session of a cookie token as this instance holds it, when that entry may be trusted now
   * without a read: the auth epoch is known at once and is the one the entry was read under, and
   * neither deadline has passed (the checks `resolve` makes first). Undefined when only `resolve`
   * can tell. Lets a request with a cached session be answered without a promise to wait for.
   */
  cached(token: string, { touch = true }: LookUp = {}): ResolvedSession | undefined {
    // known(), not current(): a read started here would be awaited by nobody, and one that fails
    // (the store stopped answering) would end the process as an unhandled rejection.
    const current = this.epoch.known();
    if (current === undefined) return undefined;
    return this.trusted(hashToken(token), current, this.now(), touch);
  }

  /**
   * The session of a cookie token and its user; why it ended when the store holds it ended (read
   * only here, from the row a miss reads anyway); null when the store holds no such session.
   */
  async resolve(
    token: string,
    { touch = true }: LookUp = {},
  ): Promise<ResolvedSession | EndedSession | null> {
    const idHash = hashToken(token);
    const current = this.epoch.current();
    const epoch = typeof current === 'number' ? current : await current;
    const now = this.now();
    const hit = this.trusted(idHash, epoch, now, touch);
    if (hit) return hit;
    const loaded = await loadSession(this.db, idHash, new Date(now));
    if (!loaded || 'ended' in loaded) {
      this.entries.delete(idHash);
      return loaded;
    }
    // The id before a step-up, good for reads a moment (sessions.ts): read from the store each
    // time, so its end is never missed, and not touched (the session's own id is).
    if (loaded.session.readsOnlyUntil) return { session: loaded.session, user: loaded.user };
    const entry: Entry = {
      epoch,
      session: loaded.session,
      user: loaded.user,
      lastSeenAt: loaded.lastSeenAt.getTime(),
    };
    if (!this.entries.has(idHash) && this.entries.size >= this.maxEntries) {
      // Map order is insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(idHash, entry);
    if (touch) this.touch(entry, now);
    return entry;
  }

  /** The entry of `idHash` when it was read under `epoch` and neither deadline has passed. */
  private trusted(idHash: string, epoch: number, now: number, touch: boolean): Entry | undefined {
    const hit = this.entries.get(idHash);
    if (
      !hit ||
      hit.epoch !== epoch ||
      now >= hit.session.idleExpiresAt.getTime() ||
      now >= hit.session.absoluteExpiresAt.getTime()
    ) {
      return undefined;
    }
    if (touch) this.touch(hit, now);
    return hit;
  }

  /**
   * A request that may have changed sessions, users or links is being answered here: the next
   * requests read the epoch instead of waiting for the notification of that change.
   */
  changedHere(): void {
    this.epoch.changedHere();
  }

  /** Resolves once this instance has seen every change committed before the call (tests). */
  caughtUp(): Promise<void> {
    return this.epoch.caughtUp();
  }

  /** Forgets one session at once on this instance (the epoch tells the others). */
  forget(idHash: string): void {
    this.entries.delete(idHash);
    this.pending.delete(idHash);
  }

  /** Writes queued touches now (also on close). */
  flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const batch = [...this.pending.values()];
    this.pending.clear();
    this.flushing = this.flushing
      .then(() => touchSessions(this.db, batch))
      .catch(() => {
        // A failed touch only shortens a session's idle life; the next touch retries.
        for (const t of batch) {
          if (!this.pending.has(t.idHash)) this.pending.set(t.idHash, t);
        }
      });
    return this.flushing;
  }

  async close(): Promise<void> {
    await this.flush();
    await this.epoch.close();
  }

  private touch(entry: Entry, now: number): void {
    if (now - entry.lastSeenAt < TOUCH_INTERVAL_MS) return;
    const idleExpiresAt = new Date(
      Math.min(now + this.times.idleMs, entry.session.absoluteExpiresAt.getTime()),
    );
    entry.lastSeenAt = now;
    entry.session = { ...entry.session, idleExpiresAt };
    this.pending.set(entry.session.idHash, {
      idHash: entry.session.idHash,
      lastSeenAt: new Date(now),
      idleExpiresAt,
    });
    if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => void this.flush(), this.flushDelayMs);
      this.flushTimer.unref();
    }
  }
}
