import { z } from 'zod';
import { boundedDateSchema, dayRangeOrder, periodTimeZoneSchema } from './dates';
import { keysOf } from './keys-of';
import { instantSchema } from './money';

const calendarDate = (label: string) => boundedDateSchema(label).optional();

export const AUDIT_PAGE_SIZE = 50;

/**
 * Filters of the audit log; `from` and `to` are calendar days, both included, in `timeZone` (the
 * viewer's, which the page sends) or in UTC when it is absent (dates.wholeDays).
 */
export const auditQuerySchema = z
  .object({
    user: z.string().trim().max(254, 'User is at most 254 characters').optional(),
    action: z
      .string()
      .trim()
      .regex(/^[a-z_]*$/, 'Action is lower-case letters and _ (such as personal_data_reveal)')
      .max(60)
      .optional(),
    /**
     * What the events are about: an account id or our money-request reference (MR-…), or any
     * other object id as the log keeps it. An account id or a reference is compared as the portal
     * writes it ("a1040000" is A1040000, "mr-…" is MR-…), whatever the case typed.
     */
    object: z
      .string()
      .trim()
      .max(100, 'Object is at most 100 characters')
      .transform((value) =>
        /^(a\d{7,8}|mr-[0-9a-z]{10})$/i.test(value) ? value.toUpperCase() : value,
      )
      .optional(),
    from: calendarDate('From'),
    to: calendarDate('To'),
    timeZone: periodTimeZoneSchema.optional(),
    /** The id of the last event of the previous page: events older than it come next. */
    // Event ids are PostgreSQL bigints: 18 digits always fit, 19 may not.
    before: z
      .string()
      .regex(/^\d{1,18}$/, 'before must be an event id (up to 18 digits)')
      .optional(),
  })
  .refine(dayRangeOrder.holds, { message: dayRangeOrder.message, path: ['from'] });

const auditEventSchema = z.object({
  id: z.string(),
  at: instantSchema,
  userEmail: z.string().nullable(),
  role: z.string().nullable(),
  action: z.string(),
  objectType: z.string().nullable(),
  objectId: z.string().nullable(),
  reason: z.string().nullable(),
  outcome: z.string(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEventView = z.infer<typeof auditEventSchema>;

export const auditPageSchema = z.object({
  events: z.array(auditEventSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** Every action the BFF writes, with its words for people (the filter offers them all). */
const auditActionLabels = {
  sign_in: 'Sign-in',
  sign_out: 'Sign-out',
  access_denied: 'Access denied',
  account_viewed: 'Account viewed',
  accounts_searched: 'Accounts searched',
  fund_moves_viewed: 'Fund moves viewed',
  purchase_history_viewed: 'Purchase history viewed',
  account_note_added: 'Account note added',
  personal_data_reveal: 'Personal data revealed',
  audit_export: 'Audit log exported',
  trade_created: 'Investment made',
  disbursement_requested: 'Disbursement requested',
  ira_supplement_requested: 'IRA requested',
  issuer_account_checked_none_held: 'Checked the platform holds no issuer account',
  issuer_account_create: 'Issuer account saved',
  issuer_account_attempts_settled: 'Lost issuer-account save settled',
  security_hours_updated: 'Security hours set',
  security_hours_attempt_settled: 'Lost security-hours save settled',
  disbursement_sent: 'Disbursement sent to the platform',
  disbursement_held_for_approval: 'Disbursement held for approval',
  disbursement_approved: 'Held disbursement approved',
  held_disbursement_sent: 'Held disbursement sent',
  disbursement_rejected: 'Held disbursement rejected',
  deposit_requested: 'Deposit requested',
  bank_link_requested: 'Bank link requested',
  money_request_unknown: 'Money request outcome unknown',
  money_request_refused_standing: 'Money request refused: an earlier one stands unsettled',
  request_outcome_unknown: 'Request outcome unknown',
  money_request_settled: 'Money request settled',
  money_request_found_after_not_sent: 'Money request found at the platform after "not sent"',
  money_request_found_twice: 'Money request found twice at the platform',
  money_requests_reconciled: 'Money requests reconciled',
  money_requests_export: 'Money requests exported',
  fund_moves_export: 'Fund moves exported',
  audit_events_pruned: 'Audit events pruned',
  session_ended: 'Session ended',
  second_factor: 'Second factor proved',
  second_factor_added: 'Second factor added',
  second_factor_removed: 'Second factor removed',
  second_factor_reset: 'Second factors reset',
  recovery_codes_renewed: 'Recovery codes renewed',
  step_up_required: 'Step-up asked',
  step_up: 'Step-up proved',
  user_created: 'User created',
  user_role_changed: 'User role changed',
  user_linked: 'User linked',
  user_unlinked: 'User unlinked',
  user_disabled: 'User disabled',
  user_enabled: 'User enabled',
  user_password_set: 'User password set',
  password_changed: 'Own password changed',
} as const;

export const knownAuditActions = keysOf(auditActionLabels);

export const auditActionLabel = (action: string): string =>
  (auditActionLabels as Record<string, string>)[action] ?? action.replaceAll('_', ' ');

/**
 * An event's outcome (store/audit.ts) as the audit log page says it; the CSV keeps the code. An
 * outcome not named here reads as its words.
 */
const auditOutcomeLabels: Record<string, string> = {
  succeeded: 'Done',
  failed: 'Failed',
  denied: 'Refused',
  allowed: 'Allowed',
  unknown: 'Outcome unknown',
};

export const auditOutcomeLabel = (outcome: string): string => {
  const known = auditOutcomeLabels[outcome];
  if (known) return known;
  const words = outcome.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const auditCsvHeader = [
  'id',
  'at',
  'user',
  'role',
  'action',
  'object_type',
  'object_id',
  'outcome',
  'reason',
  'ip',
  'request_id',
  'details',
] as const;
