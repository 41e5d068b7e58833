import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clear, hit } from './rate-limits';
import { openStore, type Db } from './db';

let db: Db;
beforeAll(async () => {
  db = await openStore({ dataDir: null });
}, 60_000);
afterAll(() => db?.destroy());

const MINUTE = 60_000;
const at = (iso: string) => new Date(iso);

describe('a window counter in the store', () => {
  it('counts every hit of a key within one window and refuses past the limit', async () => {
    const results = [];
    for (const second of ['00', '10', '20', '30']) {
      results.push(await hit(db, 'count', 3, MINUTE, at(`2026-11-02T10:00:${second}Z`)));
    }
    expect(results.map((r) => [r.count, r.allowed])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, false],
    ]);
    // The window ends a minute after its first hit, whatever the later hits.
    expect(results.every((r) => r.resetAt.toISOString() === '2026-11-02T10:01:00.000Z')).toBe(true);
  });

  it('keeps counting across a minute of the clock: the window starts at the first hit', async () => {
    // An aligned window would start again at 10:01:00 and let twice the limit through.
    const first = await hit(db, 'edge', 2, MINUTE, at('2026-11-02T10:00:59Z'));
    const second = await hit(db, 'edge', 2, MINUTE, at('2026-11-02T10:01:00Z'));
    const third = await hit(db, 'edge', 2, MINUTE, at('2026-11-02T10:01:01Z'));
    expect([first.allowed, second.allowed, third.allowed]).toEqual([true, true, false]);
    expect(third.resetAt.toISOString()).toBe('2026-11-02T10:01:59.000Z');
  });

  it('starts a new window with the first hit after the old one ended', async () => {
    await hit(db, 'later', 1, MINUTE, at('2026-11-02T10:00:00Z'));
    expect((await hit(db, 'later', 1, MINUTE, at('2026-11-02T10:00:59.999Z'))).allowed).toBe(false);
    const next = await hit(db, 'later', 1, MINUTE, at('2026-11-02T10:01:00Z'));
    expect(next).toEqual({
      allowed: true,
      count: 1,
      resetAt: at('2026-11-02T10:02:00Z'),
    });
  });

  it('counts each key on its own, and a cleared key starts afresh', async () => {
    await hit(db, 'mine', 1, MINUTE, at('2026-11-02T10:00:00Z'));
    expect((await hit(db, 'theirs', 1, MINUTE, at('2026-11-02T10:00:01Z'))).allowed).toBe(true);
    expect((await hit(db, 'mine', 1, MINUTE, at('2026-11-02T10:00:02Z'))).allowed).toBe(false);
    await clear(db, 'mine');
    expect((await hit(db, 'mine', 1, MINUTE, at('2026-11-02T10:00:03Z'))).count).toBe(1);
  });
});
