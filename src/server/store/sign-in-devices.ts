import { randomBytes } from 'node:crypto';
import type { Db } from './db';
import { hashToken } from './sessions';

/*
 * Browsers that signed in with a user's password before. Failed sign-ins against an email are
 * counted from every address together, so that guesses spread over many addresses are slowed;
 * the same count would let anyone who knows the email keep its owner out. A browser that proved
 * the password before carries a cookie naming it here, and is counted apart: its own failures
 * alone can refuse it (OWASP's "device cookies" against lockout abuse). The cookie proves nothing
 * else: the password is still checked, and a second factor still asked.
 */

/** How long a browser stays known after it last signed in with the password. */
export const SIGN_IN_DEVICE_TTL_MS = 90 * 24 * 60 * 60_000;
/** The browsers kept for one user; the ones that signed in longest ago go first. */
const DEVICES_PER_USER = 20;

/**
 * Whether `token` (a device cookie's value) names a browser that signed in as the user of
 * `email` (normalised) and has not expired. A cookie of another user's, or of no one's, is not.
 */
export async function isKnownDevice(
  db: Db,
  token: string,
  email: string,
  now = new Date(),
): Promise<boolean> {
  const row = await db
    .selectFrom('sign_in_devices')
    .innerJoin('users', 'users.id', 'sign_in_devices.user_id')
    .select('sign_in_devices.token_hash')
    .where('sign_in_devices.token_hash', '=', hashToken(token))
    .where('users.email', '=', email)
    .where('sign_in_devices.expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The browser that just signed in as `userId` with the password is known from now on: its
 * cookie's token is kept for another `SIGN_IN_DEVICE_TTL_MS` when it was this user's already,
 * and a new one is made otherwise (a shared browser's cookie of another user is replaced).
 * Returns the token the cookie carries.
 */
export async function rememberDevice(
  db: Db,
  userId: string,
  token: string | undefined,
  now = new Date(),
): Promise<string> {
  const expiresAt = new Date(now.getTime() + SIGN_IN_DEVICE_TTL_MS);
  if (token !== undefined) {
    const kept = await db
      .updateTable('sign_in_devices')
      .set({ expires_at: expiresAt })
      .where('token_hash', '=', hashToken(token))
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .returning('token_hash')
      .executeTakeFirst();
    if (kept) return token;
  }
  const fresh = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('sign_in_devices')
      .values({
        token_hash: hashToken(fresh),
        user_id: userId,
        created_at: now,
        expires_at: expiresAt,
      })
      .execute();
    // The expired, and those beyond the newest DEVICES_PER_USER (by when they expire, which is
    // when they last signed in): a user's rows stay few however often cookies are cleared.
    await tx
      .deleteFrom('sign_in_devices')
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', now),
          eb(
            'token_hash',
            'not in',
            eb
              .selectFrom('sign_in_devices')
              .select('token_hash')
              .where('user_id', '=', userId)
              .orderBy('expires_at', 'desc')
              .limit(DEVICES_PER_USER),
          ),
        ]),
      )
      .execute();
  });
  return fresh;
}
