import { z } from 'zod';
import { accountReviewsSchema, accountSchema } from './accounts';
import { apiErrorSchema } from './errors';
import { asPlatformAccountId } from './platform-ids';

/**
 * An account as `GET /api/accounts/:accountId` answers it to every role: the tax id is masked on
 * the server (`••-•••6789`), never sent in clear. Investors see their own accounts; compliance
 * and admin any account (their reads are audited).
 */
export const accountViewSchema = accountSchema.omit({ taxId: true }).extend({
  /** Masked in the form of its kind (`taxIdKind`): `••-•••6789`, `•••-••-6789` or `•••••6789`. */
  taxIdMasked: z.string().nullable(),
  /** Which number the tax id is, told by the account's type (`taxIdKindOf`); null when untold. */
  taxIdKind: z.enum(['ein', 'ssn']).nullable(),
});
export type AccountView = z.infer<typeof accountViewSchema>;

/**
 * Which number an account's tax id is, by the account's `type` (interface document §2.5;
 * real-world notes, createAccount: Individual or Entity, echoed in lower case): an entity's is
 * its EIN (12-3456789), an individual's a Social Security number (123-45-6789). How the platform
 * happens to write the digits tells nothing; an account of another or no type is left untold.
 */
export function taxIdKindOf(type: string | null): 'ein' | 'ssn' | null {
  const normalized = type?.trim().toLowerCase();
  return normalized === 'entity' ? 'ein' : normalized === 'individual' ? 'ssn' : null;
}

export const accountDetailSchema = z.object({ account: accountViewSchema });

/** One line of `GET /api/accounts`: the signed-in investor's linked accounts. */
const accountSummarySchema = accountSchema.pick({ id: true, name: true, type: true }).extend({
  reviews: accountReviewsSchema,
  /** False when the upstream could not answer for this account; the page says so. */
  loaded: z.boolean(),
  /** When not loaded: why, as an error reply says it, with the list's support id. */
  error: z.optional(apiErrorSchema.shape.error),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

export const accountListSchema = z.object({ accounts: z.array(accountSummarySchema) });
export type AccountList = z.infer<typeof accountListSchema>;

const ACCOUNT_ID = /^[A-Za-z0-9_-]{1,40}$/;
export const accountIdSchema = z
  .string()
  .regex(ACCOUNT_ID, 'accountId must be 1 to 40 letters or digits');
/**
 * No account chosen to invest from: named by the field's label and the rule, not in the words of
 * the list's placeholder ("Choose an account"), which a screen reader would read out twice.
 */
export const INVEST_FROM_ACCOUNT_REQUIRED =
  'Invest from account is required: choose one of your accounts';
/** An account picked in a form (the one to invest from): the same rule, told as the choice asked for. */
export const chosenAccountIdSchema = z
  .string({ error: INVEST_FROM_ACCOUNT_REQUIRED })
  .regex(ACCOUNT_ID, INVEST_FROM_ACCOUNT_REQUIRED);
/**
 * An account id in a path, as the platform writes it: "a1040000" is A1040000 (asPlatformAccountId),
 * so a link typed in lower case opens the account, its notes and its money, not "no such account"
 * or an empty list. The BFF's object check reads a path's account id the same way (define.ts).
 */
export const accountPathIdSchema = accountIdSchema.transform(asPlatformAccountId);
export const accountParamsSchema = z.object({ accountId: accountPathIdSchema });

/**
 * An account id a reviewer types to narrow a list (the money-requests register's Account field),
 * told under that label. One in the platform's form is written as the platform writes it, so
 * "a1040000" finds A1040000's requests instead of none, as the fund moves' status filters and the
 * audit log's user email match whatever the case typed. Another value is kept as typed.
 */
export const accountFilterSchema = z
  .string()
  .trim()
  .regex(
    ACCOUNT_ID,
    'Account must be an account id: 1 to 40 letters, digits, hyphens or underscores, such as A1040000',
  )
  .transform(asPlatformAccountId);
