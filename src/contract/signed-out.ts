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
 * Why the session a request's cookie names has ended, while the store still holds it (for a day
 * after it ended: store/sessions pruneSessions). `idle`: no request for SESSION_IDLE_MINUTES;
 * `absolute`: it reached SESSION_ABSOLUTE_HOURS, however active; `revoked`: ended on the server
 * before either (signed out in another tab or on another device, ended from My sessions, or its
 * user disabled or changed by an administrator). The store keeps when a session was revoked, not
 * by whom or why, so `revoked` says no more. Whichever came first is the reason.
 */
export const sessionEndReasons = ['idle', 'absolute', 'revoked'] as const;
export type SessionEndReason = (typeof sessionEndReasons)[number];

/** Read without zod, as the sign-in page reads its first answers (see `signedOut`). */
export const isSessionEndReason = (value: unknown): value is SessionEndReason =>
  sessionEndReasons.includes(value as SessionEndReason);

/**
 * The same answer to a request whose session cookie names no live session (signed out in another
 * tab, ended from My sessions, expired, the user disabled, or a cookie that never named one): the
 * sign-in page then says the session ended, and why when `sessionEnded` says. The reason is told
 * only to whoever presents the cookie's token (a 256-bit secret), and only of that one session:
 * never whose it was, nor anything of the user's other sessions. A token the store does not hold
 * (never issued, or pruned) gets no reason.
 */
export const sessionEndedAnswer = (reason: SessionEndReason | undefined) =>
  reason
    ? ({ signedIn: false, ended: true, sessionEnded: reason } as const)
    : ({ signedIn: false, ended: true } as const);
export type SignedOut = { signedIn: false; ended?: true; sessionEnded?: SessionEndReason };

export function isSignedOut(value: unknown): value is SignedOut {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { signedIn?: unknown }).signedIn === false
  );
}
