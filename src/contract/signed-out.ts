/**
 * GET /api/session's answer when nobody is signed in (or a sign-in still waits for its second
 * factor): a normal answer, not a refusal, so the sign-in page's first visit logs no failed
 * request. Every other route still refuses a visitor without a session with 401.
 *
 * Plain, without zod: the sign-in page tells this answer apart before zod's core has loaded
 * (web/features/auth/api/session-contract.ts). `signedOutSchema` in ./session is its schema.
 */
export const signedOut = { signedIn: false } as const;
/**
 * The same answer to a request whose session cookie names no live session (signed out in another
 * tab, ended from My sessions, expired, the user disabled, or a cookie that never named one): the
 * sign-in page then says the session ended. It says no more, because the store keeps when a
 * session was revoked, not why; and it is the same for every such cookie, so it tells nothing of
 * whether, or whose, session a token ever named.
 */
export const sessionEndedAnswer = { signedIn: false, ended: true } as const;
export type SignedOut = { signedIn: false; ended?: true };

export function isSignedOut(value: unknown): value is SignedOut {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { signedIn?: unknown }).signedIn === false
  );
}
