import { z } from 'zod';
import { accountIdSchema } from './account-views';
import { asPlatformAccountId } from './platform-ids';

/**
 * Personal data (tax ids, SSNs, dates of birth, bank numbers) leaves the BFF masked for every
 * role. A compliance reviewer or an administrator may reveal one value at a time, stating why;
 * each reveal is written to the audit log and the value is read fresh from the upstream.
 */
const personalDataObjectTypes = ['account', 'entity', 'fund_move'] as const;
export type PersonalDataObjectType = (typeof personalDataObjectTypes)[number];

/** The fields that may be revealed, per kind of record. */
const revealableFields = {
  account: ['taxId'],
  entity: ['ein'],
  fund_move: ['bankAccountNumber', 'routingNumber'],
} as const satisfies Record<PersonalDataObjectType, readonly string[]>;

export type RevealableField = (typeof revealableFields)[PersonalDataObjectType][number];

export const revealableFieldLabels: Record<RevealableField, string> = {
  taxId: 'Tax ID',
  ein: 'EIN',
  bankAccountNumber: 'Bank account number',
  routingNumber: 'Routing number',
};

const allFields = Object.values(revealableFields).flat() as [RevealableField, ...RevealableField[]];

const REVEAL_REASON_MIN = 10;

export const revealReasonSchema = z
  .string()
  .trim()
  .min(REVEAL_REASON_MIN, `Reason must be at least ${REVEAL_REASON_MIN} characters`)
  .max(500, 'Reason is at most 500 characters');

export const revealRequestSchema = z
  .object({
    objectType: z.enum(personalDataObjectTypes, { error: 'Choose account, entity or fund_move' }),
    objectId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'objectId must be 1 to 64 letters, digits, - or _'),
    field: z.enum(allFields, { error: 'This field cannot be revealed' }),
    reason: revealReasonSchema,
    /**
     * A fund move's account: getCustodyFundMove is sent the account with the reference, as the
     * platform's own examples send it (§4.4; the platform answers 1400 or 1404 to the pair).
     */
    accountId: accountIdSchema.optional(),
  })
  .refine(
    (request) =>
      (revealableFields[request.objectType] as readonly string[]).includes(request.field),
    { message: 'This field does not belong to this kind of record', path: ['field'] },
  )
  // An account id is read, sent and audited as the platform writes it ("a1040000" is A1040000):
  // the platform knows no lower-case account, and the audit log's object filter compares account
  // ids in capitals, so a reveal kept as typed would be found by no filter.
  .transform((request) => ({
    ...request,
    objectId:
      request.objectType === 'account' ? asPlatformAccountId(request.objectId) : request.objectId,
    ...(request.accountId !== undefined && { accountId: asPlatformAccountId(request.accountId) }),
  }));
export type RevealRequest = z.infer<typeof revealRequestSchema>;

export const revealResponseSchema = z.object({
  objectType: z.enum(personalDataObjectTypes),
  objectId: z.string(),
  field: z.enum(allFields),
  /** Null when the record holds no value for the field. */
  value: z.string().nullable(),
  /** When the reveal was recorded (ISO instant). */
  revealedAt: z.string(),
});
export type RevealResponse = z.infer<typeof revealResponseSchema>;

/** `••••-••-••`: a date of birth is hidden entirely; even the year narrows down who someone is. */
export function maskDateOfBirth(value: string): string {
  return value.trim() === '' ? '' : '••••-••-••';
}
