/**
 * GET /api/session's answer when nobody is signed in (or a sign-in still waits for its second
 * factor): a normal answer, not a refusal, so the sign-in page's first visit logs no failed
 * request. Every other route still refuses a visitor without a session with 401.
 *
 * Plain, without zod: the sign-in page tells this answer apart before zod's core has loaded
 * (web/features/auth/api/session-contract.ts). `signedOutSchema` in ./session is its schema.
 */
export const signedOut = { signedIn: false } as const;
export type SignedOut = typeof signedOut;

export function isSignedOut(value: unknown): value is SignedOut {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { signedIn?: unknown }).signedIn === false
  );
}
