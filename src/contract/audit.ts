import { z } from 'zod';
import { boundedDateSchema } from './dates';

const calendarDate = (label: string) => boundedDateSchema(label).optional();

export const AUDIT_PAGE_SIZE = 50;
/** The most events one CSV export holds; narrow the filters for more. */
export const AUDIT_EXPORT_LIMIT = 10_000;

/** Filters of the audit log; `from` and `to` are calendar days in UTC, both included. */
export const auditQuerySchema = z
  .object({
    user: z.string().trim().max(254, 'User is at most 254 characters').optional(),
    action: z
      .string()
      .trim()
      .regex(/^[a-z_]*$/, 'Action is lower-case letters and _ (such as personal_data_reveal)')
      .max(60)
      .optional(),
    from: calendarDate('From'),
    to: calendarDate('To'),
    /** The id of the last event of the previous page: events older than it come next. */
    // Event ids are PostgreSQL bigints: 18 digits always fit, 19 may not.
    before: z
      .string()
      .regex(/^\d{1,18}$/, 'before must be an event id (up to 18 digits)')
      .optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'From must be on or before To',
    path: ['from'],
  });
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEventSchema = z.object({
  id: z.string(),
  /** ISO instant. */
  at: z.string(),
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

/** Audit actions people filter by most. */
export const knownAuditActions = [
  'personal_data_reveal',
  'access_denied',
  'audit_export',
  'sign_in',
] as const;

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
