import { z } from 'zod';
import { accountFilterSchema } from './account-views';
import { compare, parseDecimal } from './decimal';
import { reasonForDecisionSchema } from './free-text';
import { keysOf } from './keys-of';
import {
  beingSentSchema,
  beingSentWords,
  referenceFilterSchema,
  referenceSchema,
} from './money-requests';
import { decimalStringSchema, instantSchema } from './money';
import { requestedSliceShape } from './pages';
import { asPlatformAccountId } from './platform-ids';
import { choiceFilterSchema } from './choice-filter';
import { emailSchema, roleLabels, roleSchema, type Role } from './session';

// The schemas the sign-in page needs live in ./session (zod/mini); re-exported for the rest.
export { signInResultSchema, portalConfigSchema } from './session';
export type { SecondFactorMethod, SecondFactorChallenge } from './session';

const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Code must be the 6 digits your authenticator app shows');
const recoveryCodeSchema = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F-\s]{16,24}$/, 'Recovery code must be one of your 16-character codes');

/** A WebAuthn response as @simplewebauthn/browser produces it; checked in depth by the server. */
const webauthnResponseSchema = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().optional(),
  })
  .loose();

export const verifySecondFactorSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: totpCodeSchema }),
  z.object({ method: z.literal('recovery'), code: recoveryCodeSchema }),
  z.object({ method: z.literal('passkey'), response: webauthnResponseSchema }),
]);
export type VerifySecondFactor = z.infer<typeof verifySecondFactorSchema>;

export const verifySecondFactorResultSchema = z.object({
  verified: z.literal(true),
  /** Until when the proof counts for step-up (ISO instant). */
  freshUntil: z.string(),
  /** Recovery codes left when one was just used. */
  recoveryCodesLeft: z.number().int().optional(),
});

/** Options for navigator.credentials.get()/create(), passed through as the library made them. */
export const passkeyOptionsSchema = z.object({ options: z.record(z.string(), z.unknown()) });

const factorSchema = z.object({
  id: z.string(),
  kind: z.enum(['totp', 'passkey']),
  label: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Factor = z.infer<typeof factorSchema>;

export const factorsSchema = z.object({
  factors: z.array(factorSchema),
  recoveryCodesLeft: z.number().int(),
  /** The user's role must sign in with a second factor. */
  required: z.boolean(),
});

const factorLabelSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(60, 'Name is at most 60 characters');

export const totpEnrolmentSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  /** The URI as an SVG QR code, for authenticator apps that scan. */
  qrSvg: z.string(),
});
export const confirmTotpSchema = z.object({ code: totpCodeSchema, label: factorLabelSchema });
export const enrolPasskeySchema = z.object({
  label: factorLabelSchema,
  response: webauthnResponseSchema,
});
export const enrolledSchema = z.object({
  factor: factorSchema,
  /** Given once, when the first factor is enrolled or codes are renewed. */
  recoveryCodes: z.array(z.string()).nullable(),
});
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const factorParamsSchema = z.object({
  factorId: z.uuid('factorId must be a factor id'),
});

const userSessionSchema = z.object({
  id: z.string(),
  createdAt: instantSchema,
  lastSeenAt: instantSchema,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  method: z.string(),
  current: z.boolean(),
  /**
   * The password (or single sign-on) was accepted and the second factor is still owed: whoever
   * holds this session knows the password. Its owner sees it apart, and can end it.
   */
  waitingForSecondFactor: z.boolean(),
  /** The second factor that completed the sign-in; null when none was asked (or not yet). */
  secondFactor: z.enum(['totp', 'passkey', 'recovery']).nullable(),
  /** Wrong second-factor codes tried in this session, at sign-in or step-up. */
  wrongCodes: z.number().int().min(0),
});
export const userSessionsSchema = z.object({ sessions: z.array(userSessionSchema) });
export type UserSession = z.infer<typeof userSessionSchema>;
/** The answer to ending every other session: how many were ended. */
export const endedSessionsSchema = z.object({ ended: z.number().int().nonnegative() });
export const sessionParamsSchema = z.object({
  sessionId: z.string().regex(/^[0-9a-f-]{32,36}$/, 'sessionId must be a session id'),
});

/** Admin: users. */
export const linkKindSchema = z.enum(['account', 'issuer', 'security']);
export type LinkKind = z.infer<typeof linkKindSchema>;
const upstreamIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Platform id must be 1 to 64 letters, digits, - or _');

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  disabled: z.boolean(),
  demo: z.boolean(),
  createdAt: z.string(),
  signInMethods: z.array(z.enum(['password', 'oidc'])),
  secondFactors: z.number().int(),
  accountIds: z.array(z.string()),
  issuerIds: z.array(z.string()),
  securityIds: z.array(z.string()),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
/** How many users one page of the Users list holds. */
export const ADMIN_USERS_PAGE_SIZE = 50;
/** The longest find text: longer than any email address (254) gains nothing. */
const USER_FIND_MAX = 254;
/** The states the Users list narrows to, as the page labels them. */
export const userStateLabels = {
  disabled: 'Disabled',
  factor_pending: 'Second factor pending',
  linked: 'Linked',
  unlinked: 'Not linked',
};
export type UserState = keyof typeof userStateLabels;
/** The Users page's find box ("Email or name"): part of an email address or a name. */
export const userFindSchema = z
  .string()
  .trim()
  .max(USER_FIND_MAX, `Email or name must be at most ${USER_FIND_MAX} characters`);
const usersPageRule = 'Page must be a whole number from 1 to 10000';
/**
 * The Users list's find text, filters and page, as the page's address holds them. The find text
 * is part of an email address or a name, in any letter case; a role or state outside the page's
 * choices, or a page that is not one, is refused under its field rather than answered as "none".
 */
export const adminUsersQuerySchema = z.object({
  q: userFindSchema.optional().transform((q) => q || undefined),
  role: choiceFilterSchema('Role', roleLabels),
  state: choiceFilterSchema('State', userStateLabels),
  page: z.coerce
    .number({ error: usersPageRule })
    .int(usersPageRule)
    .min(1, usersPageRule)
    .max(10_000, usersPageRule)
    .default(1),
});
/**
 * One page of the users matching, by email (a stable order). A page past the last holds no user
 * and says how many match, so the page can lead back.
 */
export const adminUsersSchema = z.object({
  users: z.array(adminUserSchema),
  /** Users matching the find text and filters, on every page. */
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type AdminUsers = z.infer<typeof adminUsersSchema>;
export const adminUserParamsSchema = z.object({ userId: z.uuid('userId must be a user id') });

/**
 * A user created without a password signs in only through single sign-on: where the portal has
 * none, the Users page and the BFF refuse an empty password in these words.
 */
export const PASSWORD_NEEDED_WITHOUT_SSO =
  'Password is required: this portal has no single sign-on, so a user without one could not sign in';

/** How long a password of the portal's may be, in characters. */
const PASSWORD_LENGTH = { min: 12, max: 200 } as const;
const TOO_LONG = `Password is at most ${PASSWORD_LENGTH.max} characters`;
/** The rule in the words a form gives under a field where a new password is typed. */
export const passwordLengthWords = `${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters`;

/**
 * The portal's one rule for a password, wherever one is set: a user created on the Users page or
 * with `npm run users`, a password changed in Security settings, one an admin sets for a user.
 * Answers what is wrong with it in words, or null. Never trimmed: a space is part of it.
 */
function passwordProblem(password: string): string | null {
  if (password.length > PASSWORD_LENGTH.max) return TOO_LONG;
  if (password.length < PASSWORD_LENGTH.min) {
    return `Password must be at least ${PASSWORD_LENGTH.min} characters`;
  }
  return null;
}

/** A password by the rule above; `allowEmpty` for a user who signs in only through single sign-on. */
const passwordByRule = (allowEmpty: boolean) =>
  z.string().superRefine((password, ctx) => {
    if (allowEmpty && password === '') return;
    const problem = passwordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A new password, by the portal's rule. */
export const newPasswordSchema = passwordByRule(false);

export const createUserSchema = z.object({
  email: emailSchema,
  name: z.string().trim().min(1, 'Name is required').max(120, 'Name is at most 120 characters'),
  role: roleSchema,
  /** Empty: the user can sign in only through single sign-on. */
  password: passwordByRule(true).default(''),
});
export type CreateUser = z.input<typeof createUserSchema>;
export const changeRoleSchema = z.object({ role: roleSchema });

/**
 * A person's own password, changed in Security settings: the current one proves it is them (a
 * session left open is not enough), the new one follows the portal's rule.
 */
export const changeMyPasswordSchema = z.object({
  currentPassword: z
    .string()
    .min(1, 'Current password is required')
    .max(PASSWORD_LENGTH.max, TOO_LONG),
  newPassword: newPasswordSchema,
});
/** What became of a changed password: the person's other sessions ended, this many. */
export const passwordChangedSchema = z.object({ endedSessions: z.number().int().nonnegative() });
/**
 * Whether the signed-in person has a password of the portal's to change: one who signs in only
 * through single sign-on has theirs with their identity provider.
 */
export const myPasswordSchema = z.object({ hasPassword: z.boolean() });
/** A new password an admin sets for another user; the admin never sees the old one. */
export const setUserPasswordSchema = z.object({ password: newPasswordSchema });

/**
 * The kinds of link each role acts on (the BFF's ownership rules, policy/ownership.ts): an
 * investor its accounts, issuer staff their issuers and securities, reviewers and admins none.
 */
const linkKindsOfRole: Record<Role, readonly LinkKind[]> = {
  investor: ['account'],
  issuer_staff: ['issuer', 'security'],
  compliance: [],
  admin: [],
};

/** The kinds of link a user of `role` can be given: a link of another kind would do nothing. */
export const linkKindsOf = (role: Role): readonly LinkKind[] => linkKindsOfRole[role];

/**
 * The rule of `linkKindsOf` in words, as the BFF refuses another kind (on `kind`), the command
 * line too, and the Users page says for a role that acts on none.
 */
export const linkKindRule: Record<Role, string> = {
  investor: 'An investor is linked to accounts only',
  issuer_staff: 'Issuer staff are linked to issuers and securities only',
  compliance:
    'A compliance reviewer is linked to no account, issuer or security: the role reads them all',
  admin: 'An administrator is linked to no account, issuer or security: the role reads them all',
};

type UserLinkIds = Pick<AdminUser, 'accountIds' | 'issuerIds' | 'securityIds'>;

/**
 * The links of a user that `role` does not act on, removed when the user is given that role: kept,
 * they would mean nothing, and would give their access back unasked if the old role came back.
 */
export function linksDroppedBy(
  user: UserLinkIds,
  role: Role,
): { kind: LinkKind; upstreamId: string }[] {
  const kept = new Set(linkKindsOfRole[role]);
  const all = [
    ...user.accountIds.map((upstreamId) => ({ kind: 'account' as const, upstreamId })),
    ...user.issuerIds.map((upstreamId) => ({ kind: 'issuer' as const, upstreamId })),
    ...user.securityIds.map((upstreamId) => ({ kind: 'security' as const, upstreamId })),
  ];
  return all.filter((link) => !kept.has(link.kind));
}
export const setDisabledSchema = z.object({ disabled: z.boolean() });

/**
 * A link's id as the platform writes it: an account id typed in lower case ("a1040692") names the
 * account A1040692 (`asPlatformAccountId`), as in the money-requests register's Account filter,
 * so it is checked, linked and unlinked as A1040692 rather than refused as unknown. Issuer and
 * security ids are numbers, which have no case.
 */
const asPlatformLink = <Link extends { kind: LinkKind; upstreamId: string }>(link: Link): Link =>
  link.kind === 'account' ? { ...link, upstreamId: asPlatformAccountId(link.upstreamId) } : link;

export const addLinkSchema = z
  .object({
    kind: linkKindSchema,
    upstreamId: upstreamIdSchema,
    /**
     * The admin checked that this issuer is on the platform although no offering names it: the
     * interface document names no read of an issuer (§4.16), so the BFF looks for it among the
     * offerings' issuers and refuses one it does not find unless this is given.
     */
    confirmIssuerWithoutOfferings: z.boolean().optional(),
    /**
     * The admin checked that this security belongs to an issuer the user works for, although the
     * portal links it to the staff of another issuer: a security link lets issuer staff set its
     * trading hours, and the platform names no issuer of a security, so the BFF refuses it unless
     * this is given.
     */
    confirmSecurityOfOtherIssuer: z.boolean().optional(),
    /**
     * The admin checked that this user should act on an account another portal user is already
     * linked to (a joint holder, an adviser): the BFF refuses it unless this is given, naming who.
     */
    confirmAccountOfOtherUser: z.boolean().optional(),
  })
  .transform(asPlatformLink);
export type AddLink = z.infer<typeof addLinkSchema>;
/**
 * An account as the Users page names it before and after linking it: its holder as the platform
 * names them (§4.10 accountName), and the portal users already linked to it.
 */
export const accountHolderSchema = z.object({
  accountId: z.string(),
  holderName: z.string().nullable(),
  linkedTo: z.array(z.object({ email: z.string(), name: z.string() })),
});
export type AccountHolder = z.infer<typeof accountHolderSchema>;
export const accountHolderParamsSchema = z
  .object({ accountId: upstreamIdSchema })
  .transform(({ accountId }) => ({ accountId: asPlatformAccountId(accountId) }));
export const linkParamsSchema = z
  .object({
    userId: z.uuid('userId must be a user id'),
    kind: linkKindSchema,
    upstreamId: upstreamIdSchema,
  })
  .transform(asPlatformLink);

/**
 * Maker-checker on large disbursements. While an approved request is being sent (the live call
 * lasts up to the upstream timeout), the register holds it as "unknown" with `beingSent`
 * (contract/money-requests): both say "Being sent", from the same instants, and once no call can
 * be running both say its outcome is unknown.
 */
export const approvalStateLabels = {
  pending: 'Waiting for approval',
  sending: `Approved, ${beingSentWords.label.toLowerCase()}: do not send it again`,
  sent: 'Approved and sent',
  not_sent: 'Approved, not sent: no money moved',
  unknown: 'Approved, outcome unknown: do not send it again',
  rejected: 'Rejected: not sent',
};
const approvalStateSchema = z.enum(keysOf(approvalStateLabels));
/**
 * Where a held wire sends the money, so the second person checks the destination before it goes
 * (the point of a second approval): the bank by its routing number or SWIFT/BIC as typed (it
 * names a bank, not a person), the account masked to its last four characters as everywhere
 * else, and the wire's instructions. The request holds no beneficiary or bank name (§4.5 takes
 * none). An ACH goes to the account's linked bank: it has none.
 */
const approvalDestinationSchema = z.object({
  bankId: z.string(),
  bankAccountIdMasked: z.string(),
  additionalDetails: z.string().nullable(),
});
export type ApprovalDestination = z.infer<typeof approvalDestinationSchema>;
export const approvalSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  maker: z.string(),
  amount: decimalStringSchema,
  type: z.string(),
  state: approvalStateSchema,
  checker: z.string().nullable(),
  createdAt: instantSchema,
  decidedAt: instantSchema.nullable(),
  /** The upstream request id once sent. */
  requestId: z.string().nullable(),
  /** A wire's destination; null for ACH, or when the held request cannot be read. */
  destination: approvalDestinationSchema.nullable().optional(),
  message: z.string().nullable(),
  /**
   * The message in the words for staff, where they differ from the investor's: an unknown
   * outcome's next step sends the investor to support, and staff are told what support does
   * (UNKNOWN_SEND_STAFF_NEXT). Never answered to an investor; absent where `message` holds for all.
   */
  staffMessage: z.string().nullable().optional(),
  /** Our reference (`MR-…`) of the money request it holds, as the register lists it. */
  reference: referenceSchema.nullable(),
  /** While `sending`: when it was approved and until when its call may run (beingSentSchema). */
  beingSent: beingSentSchema.nullable().optional(),
  /**
   * The fund moves the platform lists under that reference, when more than one: as the register's
   * row (contract/money-requests `fundMoves`), the money may have moved more than once.
   */
  fundMoves: z.array(z.string()).optional(),
});
export type Approval = z.infer<typeof approvalSchema>;
/** One section of the approvals page, a slice of it at a time, with how many it holds in all. */
const approvalSectionSchema = z.object({
  approvals: z.array(approvalSchema),
  total: z.number().int().nonnegative(),
  ...requestedSliceShape,
});
export type ApprovalSection = z.infer<typeof approvalSectionSchema>;
/**
 * Those waiting for a decision, the longest wait first (a queue: the oldest is decided first),
 * apart from those decided, the latest first; each paged on its own, so none is out of reach.
 */
export const approvalsSchema = z.object({
  waiting: approvalSectionSchema,
  decided: approvalSectionSchema,
});
const sectionOffset = (name: string) =>
  z.coerce
    .number()
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be 0 or more`)
    .max(1_000_000, `${name} must be at most 1000000`)
    .default(0);
/** A bound of the amount filter, in dollars and cents as typed: "2500" or "2500.50". */
const amountBoundSchema = (label: string) =>
  z
    .string()
    .trim()
    .regex(
      /^\d{1,12}(\.\d{1,2})?$/,
      `${label} must be a dollar amount, such as 2500 or 2500.50 (no $ or thousands separators)`,
    )
    .transform((value) => parseDecimal(value) ?? value);

/** The approvals' filters, named as the page labels them; each narrows both sections. */
export const approvalFilterShape = {
  accountId: accountFilterSchema.optional(),
  minAmount: amountBoundSchema('Amount at least').optional(),
  maxAmount: amountBoundSchema('Amount at most').optional(),
  /** Who asked for it: their email, or a part of it, in any letter case. */
  maker: z
    .string()
    .trim()
    .min(1, 'Requested by must name an email address or a part of one')
    .max(254, 'Requested by must be at most 254 characters')
    .regex(/^[^\s<>]+$/, 'Requested by must be an email address or a part of one, without spaces')
    .optional(),
  /** One request by our reference (a link from the audit log or the register), in any letter case. */
  reference: referenceFilterSchema.optional(),
  /** One approval by its id (the audit log's link to an approval held before our references). */
  approval: z.uuid('approval must be an approval id').optional(),
};

/** Where each section's slice starts, and how many a slice holds; and the filters. */
export const approvalsQuerySchema = z
  .object({
    ...approvalFilterShape,
    waitingOffset: sectionOffset('waitingOffset'),
    decidedOffset: sectionOffset('decidedOffset'),
    limit: z.coerce
      .number()
      .int('limit must be a whole number')
      .min(1, 'limit must be 1 or more')
      .max(200, 'limit must be at most 200')
      .default(50),
  })
  // A range from more to less holds nothing: said under the field, rather than an empty list.
  // It also runs when a bound itself was refused: only two amounts are compared.
  .refine(
    ({ minAmount, maxAmount }) => {
      const [least, most] = [parseDecimal(minAmount ?? ''), parseDecimal(maxAmount ?? '')];
      return least === null || most === null || compare(least, most) <= 0;
    },
    { message: 'Amount at least must not be more than Amount at most', path: ['minAmount'] },
  );
export const approvalParamsSchema = z.object({ approvalId: z.uuid('approvalId must be an id') });
export const pendingDisbursementSchema = z.object({
  pendingApproval: approvalSchema,
  /**
   * Why it waits: above DISBURSEMENT_APPROVAL_ABOVE by itself, or with the account's other
   * disbursements of the last 24 hours.
   */
  why: z.string().optional(),
});
/**
 * Why a held disbursement is rejected: the investor reads it with the outcome of their request,
 * so it is said for them. Named as the dialog labels it ("Reason for the investor").
 */
export const approvalRejectSchema = z.object({
  reason: reasonForDecisionSchema('Reason for the investor', 'why it is rejected'),
});
