import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Db } from './db';
import { isKnownDevice, rememberDevice, SIGN_IN_DEVICE_TTL_MS } from './sign-in-devices';
import { createUser, setDisabled, setPasswordHash } from './users';

let db: Db;
beforeAll(async () => {
  db = await openStore({ dataDir: null });
}, 60_000);
afterAll(() => db?.destroy());

const DAY = 24 * 60 * 60_000;
const at = (iso: string) => new Date(iso);
let counter = 0;
const person = async () => {
  const email = `device-${++counter}@example.test`;
  const id = await createUser(db, {
    email,
    name: 'Dee',
    role: 'investor',
    password: 'a-long-password-of-theirs',
  });
  return { id, email };
};
const rowsOf = (userId: string) =>
  db.selectFrom('sign_in_devices').selectAll().where('user_id', '=', userId).execute();

describe('the browsers that signed in as a user', () => {
  it('are known for 90 days after their last sign-in, which keeps the same cookie', async () => {
    const { id, email } = await person();
    const token = await rememberDevice(db, id, undefined, at('2026-01-01T00:00:00Z'));
    expect(await isKnownDevice(db, token, email, at('2026-03-31T23:59:00Z'))).toBe(true);
    expect(await isKnownDevice(db, token, email, at('2026-04-01T00:00:00Z'))).toBe(false);
    // Signing in again on 2 March keeps the token, known 90 days from then (until 31 May).
    const again = await rememberDevice(db, id, token, at('2026-03-02T00:00:00Z'));
    expect(again).toBe(token);
    expect(await isKnownDevice(db, token, email, at('2026-05-30T23:59:00Z'))).toBe(true);
    expect(await isKnownDevice(db, token, email, at('2026-05-31T00:00:00Z'))).toBe(false);
    expect((await rowsOf(id)).map((r) => new Date(r.expires_at).getTime())).toEqual([
      at('2026-03-02T00:00:00Z').getTime() + SIGN_IN_DEVICE_TTL_MS,
    ]);
  });

  it('get a new cookie when theirs is expired or another user’s', async () => {
    const first = await person();
    const second = await person();
    const now = at('2026-05-01T00:00:00Z');
    const firsts = await rememberDevice(db, first.id, undefined, now);
    const seconds = await rememberDevice(db, second.id, firsts, now);
    expect(seconds).not.toBe(firsts);
    expect(await isKnownDevice(db, firsts, second.email, now)).toBe(false);
    expect(await isKnownDevice(db, seconds, second.email, now)).toBe(true);
    const later = new Date(now.getTime() + SIGN_IN_DEVICE_TTL_MS + DAY);
    const renewed = await rememberDevice(db, first.id, firsts, later);
    expect(renewed).not.toBe(firsts);
    // The expired row went with the new one's arrival.
    expect(await rowsOf(first.id)).toHaveLength(1);
  });

  it('are at most 20 a user: the one that signed in longest ago goes first', async () => {
    const { id, email } = await person();
    const tokens: string[] = [];
    for (let day = 1; day <= 22; day++) {
      const when = at(`2026-06-${String(day).padStart(2, '0')}T00:00:00Z`);
      tokens.push(await rememberDevice(db, id, undefined, when));
    }
    const now = at('2026-06-23T00:00:00Z');
    expect(await rowsOf(id)).toHaveLength(20);
    expect(await isKnownDevice(db, tokens[0], email, now)).toBe(false);
    expect(await isKnownDevice(db, tokens[1], email, now)).toBe(false);
    expect(await isKnownDevice(db, tokens[2], email, now)).toBe(true);
    expect(await isKnownDevice(db, tokens[21], email, now)).toBe(true);
  });
});

describe('the browsers of a user are forgotten', () => {
  const now = at('2026-07-01T00:00:00Z');
  it('when the password is set anew: whoever knew the old one keeps no count of their own', async () => {
    const { id, email } = await person();
    const token = await rememberDevice(db, id, undefined, now);
    await setPasswordHash(db, id, 'a-new-hash');
    expect(await isKnownDevice(db, token, email, now)).toBe(false);
    expect(await rowsOf(id)).toEqual([]);
  });

  it('when the user is disabled, not when enabled again', async () => {
    const { id, email } = await person();
    const token = await rememberDevice(db, id, undefined, now);
    await setDisabled(db, id, false);
    expect(await isKnownDevice(db, token, email, now)).toBe(true);
    await setDisabled(db, id, true);
    expect(await rowsOf(id)).toEqual([]);
  });
});
