import { z } from 'zod';
import { accountPathIdSchema } from './account-views';
import {
  type BankIdKind,
  custodyAccountSchema,
  type CustodyAccount,
  fundMovePageSchema,
  fundMoveSchema,
  type FundMoveDirection,
  type knownFundMoveApprovalStatuses,
  type knownFundMoveStatuses,
} from './custody';
import { wireNumberLabels } from './disbursements';
import { requestedSliceShape } from './pages';
import { skippedRecordsSchema, unreadableIdsSchema } from './skipped';

/**
 * Custody reads as the BFF answers them (interface document §2.9, §2.12, §4.3, §4.4, §4.15).
 * Bank and routing numbers leave the server masked to their last four characters.
 */

/**
 * `GET /api/accounts/:accountId/custody-account`. The read needs the scope
 * custody_account.read.pii_medium (§4.15, §5 rule 10); when the platform key lacks it the answer
 * says so instead of failing, and likewise when the account has no custody account.
 */
export const custodyAccountResultSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('available'), custodyAccount: custodyAccountSchema }),
  z.object({
    state: z.literal('unavailable'),
    reason: z.enum(['permission', 'not_opened', 'configuration']),
    message: z.string(),
  }),
]);
export type CustodyAccountResult = z.infer<typeof custodyAccountResultSchema>;

/**
 * The account's custody account where it stands in the way of a new IRA request. The supplement
 * requests the custodial (IRA) account, as the first step in opening it (§4.7), and an account
 * has one custody account, read by the account's id (§4.15, §2.12): once there is one, a new
 * request would ask for what the account has, or is being given. `open` when it is approved (the
 * status §2.12 and §3 show); `opening` with any other status, the request made and not approved
 * yet (the sandbox opens one as pending). Null when there is none, or it cannot be read: the
 * person may then go on, and the platform decides.
 */
export function custodyAccountInTheWay(
  result: CustodyAccountResult | undefined,
): { state: 'open' | 'opening'; custodyAccount: CustodyAccount } | null {
  if (result?.state !== 'available') return null;
  const { custodyAccount } = result;
  return { state: custodyAccount.status === 'approved' ? 'open' : 'opening', custodyAccount };
}

export const fundMoveViewSchema = fundMoveSchema
  .omit({ bankAccountNumber: true, routingNumber: true })
  .extend({
    bankAccountNumberMasked: z.string().nullable(),
    routingNumberMasked: z.string().nullable(),
  });
export type FundMoveView = z.infer<typeof fundMoveViewSchema>;

/** A page as the upstream pages it (§4.3), with the moves masked and what was asked for. */
export const fundMoveViewPageSchema = fundMovePageSchema.extend({
  moves: z.array(fundMoveViewSchema),
  ...requestedSliceShape,
  /** Records of this page that could not be understood and are not in `moves`. */
  skippedRecords: skippedRecordsSchema,
  /** The reference numbers of those skipped, where they could be read. */
  unreadableReferences: unreadableIdsSchema,
});
export type FundMoveViewPage = z.infer<typeof fundMoveViewPageSchema>;

export const FUND_MOVES_PAGE_SIZE = 10;

export const fundMovesQuerySchema = z.object({
  offset: z.coerce
    .number({ error: 'offset must be a whole number' })
    .int('offset must be a whole number')
    .nonnegative('offset must be a whole number')
    .max(1_000_000, 'offset is at most 1000000')
    .default(0),
  limit: z.coerce.number().int().min(1).max(100).default(FUND_MOVES_PAGE_SIZE),
});

export const fundMoveParamsSchema = z.object({
  accountId: accountPathIdSchema,
  referenceNumber: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'referenceNumber must be 1 to 40 letters or digits'),
});

export const fundMoveDetailSchema = z.object({ move: fundMoveViewSchema });

/** A fund move's direction for a column: In, Out, or Not stated when nothing says (§2.9). */
export function fundMoveDirectionLabel(direction: FundMoveDirection): string {
  return direction === 'in' ? 'In' : direction === 'out' ? 'Out' : 'Not stated';
}

/**
 * What a fund move is, in the same words on every page that lists it: a deposit or a
 * disbursement only when its direction is known, a fund move otherwise, with its bank.
 */
export function fundMoveTitle(move: {
  direction: FundMoveDirection;
  bankName: string | null;
}): string {
  const bank = move.bankName?.trim() || null;
  if (move.direction === 'in') return bank ? `Deposit from ${bank}` : 'Deposit';
  if (move.direction === 'out') return bank ? `Disbursement to ${bank}` : 'Disbursement';
  return bank ? `Fund move with ${bank}` : 'Fund move';
}

/**
 * The name of a fund move's routing number as its record says it is (§2.9, §4.5), in the words
 * the wire's form and its approval use: a wire abroad carries a SWIFT/BIC code there, never to
 * be called a routing number; both names when the record is silent.
 */
export function fundMoveBankIdLabel(kind: BankIdKind): string {
  const { wire_domestic: domestic, wire_international: international } = wireNumberLabels;
  if (kind === 'swift_bic') return international.bankId;
  if (kind === 'routing_number') return domestic.bankId;
  return `${domestic.bankId} or ${international.bankId}`;
}

interface ValueMeaning {
  label: string;
  meaning: string;
}

/** What each value means (§3, "Meaning of the custody fund move values"). */
const fundMoveApprovalMeanings = {
  pending: { label: 'Pending approval', meaning: 'Awaiting approval review.' },
  declined: { label: 'Declined', meaning: 'Rejected for processing.' },
  approved: { label: 'Approved', meaning: 'Authorized for processing.' },
} satisfies Record<(typeof knownFundMoveApprovalStatuses)[number], ValueMeaning>;

const fundMoveStatusMeanings = {
  pending: { label: 'Pending', meaning: 'Created, not yet submitted.' },
  // §3 says "Sent to the ACH network": a wire disbursement's move goes by wire instead.
  submitted: {
    label: 'Submitted',
    meaning: 'Sent on for transfer: by ACH, or by wire for a wire.',
  },
  settled: { label: 'Settled', meaning: 'Completed, funds transferred.' },
  returned: { label: 'Returned', meaning: 'Rejected by the receiving bank.' },
  voided: { label: 'Voided', meaning: 'Cancelled before settlement.' },
  declined: { label: 'Declined', meaning: 'Rejected during processing.' },
} satisfies Record<(typeof knownFundMoveStatuses)[number], ValueMeaning>;

/** Each §3 value by the words the pages show for it, as a filter's choices name them. */
const labelsOf = <Value extends string>(meanings: Record<Value, ValueMeaning>) =>
  Object.fromEntries(
    Object.entries<ValueMeaning>(meanings).map(([value, { label }]) => [value, label]),
  ) as Record<Value, string>;
export const fundMoveStatusLabels = labelsOf(fundMoveStatusMeanings);
export const fundMoveApprovalLabels = labelsOf(fundMoveApprovalMeanings);

export function describeFundMoveStatus(status: string) {
  return meaningOf(fundMoveStatusMeanings, status);
}

export function describeFundMoveApproval(status: string | null) {
  if (status === null)
    return {
      label: 'Not reported',
      meaning: 'The service reports no approval step for this move.',
    };
  return meaningOf(fundMoveApprovalMeanings, status);
}

/** The words for a value, compared case-insensitively (§3: Pending, SETTLED, Voided occur). */
function meaningOf(meanings: Record<string, ValueMeaning>, value: string): ValueMeaning {
  const key = value.trim().toLowerCase();
  return meanings[key] ?? { label: capitalize(key), meaning: 'Not described by the service.' };
}

const capitalize = (value: string) =>
  value ? value.charAt(0).toUpperCase() + value.slice(1) : 'Unknown';
