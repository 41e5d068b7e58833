// zod/mini, not the full zod: these schemas are all the sign-in page validates, and mini lets the
// bundler keep only the checks used here. The browser loads them apart from the first paint
// (web/features/auth/api/session-contract.ts, docs/benchmarks.md).
// Full-zod schemas elsewhere embed them as they are (both share zod's core).
import * as z from 'zod/mini';
import { keysOf } from './keys-of';
import { sessionEndReasons } from './signed-out';

export const roleLabels = {
  investor: 'Investor',
  issuer_staff: 'Issuer staff',
  compliance: 'Compliance reviewer',
  admin: 'Administrator',
};
export const roleSchema = z.enum(keysOf(roleLabels));
export type Role = z.infer<typeof roleSchema>;

/**
 * The reviewers: compliance reviewers and admins read every account, offering and order. The
 * BFF's policy table grants them by this list, and the pages offer what it grants.
 */
export const REVIEWERS: readonly Role[] = ['compliance', 'admin'];
export const isReviewer = (role: Role | null | undefined): boolean =>
  role !== null && role !== undefined && REVIEWERS.includes(role);

/** An email address. One left empty is said to be missing, not to be malformed. */
export const emailSchema = z
  .email({
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? 'Email is required'
        : 'Email must be a valid email address',
  })
  .check(z.maxLength(254));

export const signInSchema = z.object({
  email: emailSchema,
  password: z
    .string()
    .check(
      z.minLength(1, 'Password is required'),
      z.maxLength(200, 'Password is at most 200 characters'),
    ),
});
export type SignIn = z.infer<typeof signInSchema>;

const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  /** Upstream ids linked to this user: what they may act on. */
  accountIds: z.array(z.string()),
  issuerIds: z.array(z.string()),
  offeringIds: z.array(z.string()),
  securityIds: z.array(z.string()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionSchema = z.object({
  user: sessionUserSchema,
  /** When the session ends if idle, and at the latest (ISO instants). */
  idleExpiresAt: z.string(),
  absoluteExpiresAt: z.string(),
  /** True only when the portal runs on the bundled sandbox. */
  sandbox: z.boolean(),
  /**
   * The amount above which a disbursement waits for that second person (DISBURSEMENT_APPROVAL_ABOVE),
   * a decimal string of dollars, so the form says so before anything is sent; absent when off.
   */
  disbursementApprovalAbove: z.optional(z.string()),
  /**
   * The longest a read may wait for the platform before the BFF answers (its timeout and retries,
   * from TRANSACT_TIMEOUT_MS), in milliseconds: a page still waiting says "up to" that.
   */
  longestReadMs: z.optional(z.number()),
});
export type Session = z.infer<typeof sessionSchema>;

/**
 * GET /api/session with nobody signed in: `{ signedIn: false }`, with `ended: true` when the
 * request's session cookie names no live session, and `sessionEnded` saying why when the store
 * still holds that session (see ./signed-out).
 */
const signedOutSchema = z.object({
  signedIn: z.literal(false),
  ended: z.optional(z.literal(true)),
  sessionEnded: z.optional(z.enum(sessionEndReasons)),
});

/** GET /api/session answers the session, or that nobody is signed in. */
export const sessionStateSchema = z.union([sessionSchema, signedOutSchema]);

/** Ways of proving a second factor. */
const secondFactorMethodSchema = z.enum(['totp', 'passkey', 'recovery']);
export type SecondFactorMethod = z.infer<typeof secondFactorMethodSchema>;

/** POST /api/session answers either a full session or "one more step". */
const secondFactorChallengeSchema = z.object({
  secondFactor: z.object({
    /** `verify`: prove one of `methods`; `enrol`: the role needs a factor and there is none. */
    step: z.enum(['verify', 'enrol']),
    methods: z.array(secondFactorMethodSchema),
  }),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;
export const signInResultSchema = z.union([sessionSchema, secondFactorChallengeSchema]);
export type SignInResult = z.infer<typeof signInResultSchema>;

/** GET /api/config: what the sign-in page needs before anyone signs in. */
export const portalConfigSchema = z.object({
  sandbox: z.boolean(),
  /** The zone of the upstream's zone-less timestamps (see the web's lib/format). */
  platformTimeZone: z._default(z.string(), 'UTC'),
  /** Single sign-on is configured: the button's label. */
  singleSignOn: z.nullable(z.object({ label: z.string() })),
  /** Per-request ceiling of a disbursement (DISBURSEMENT_MAX_AMOUNT), a decimal string of dollars. */
  disbursementMaxAmount: z.optional(z.string()),
  /**
   * SESSION_IDLE_MINUTES and SESSION_ABSOLUTE_HOURS: the figures of "why your session ended"
   * (./signed-out). The sentence is said without them when they are absent.
   */
  sessionIdleMinutes: z.optional(z.number()),
  sessionAbsoluteHours: z.optional(z.number()),
  /** Whom "contact support" means (SUPPORT_CONTACT; the demo's own in sandbox mode). */
  supportContact: z.optional(z.string()),
});
