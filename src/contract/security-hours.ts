import { z } from 'zod';
import { dayHoursSchema, securityHoursSchema, weekdays } from './market-hours';
import { numericIdSchema } from './platform-ids';
import { weekHoursInputSchema } from './rules/market-hours';

/** `GET`/`PUT /api/securities/:securityId/market-hours`: the hours as the upstream reads them back. */
export const securityHoursResponseSchema = z.object({ securityHours: securityHoursSchema });
export type SecurityHoursResponse = z.infer<typeof securityHoursResponseSchema>;

/**
 * `PUT /api/securities/:securityId/market-hours`: the hours to set, Monday to Friday, and in
 * `expected` the hours the page read before the person edited them (as the GET answered them).
 * The BFF refuses the save (409) when the platform no longer holds `expected`: someone else
 * changed them meanwhile, and the whole week sent would silently undo that change.
 */
export const securityHoursSaveSchema = weekHoursInputSchema.extend({
  expected: z.object(securityHoursSchema.shape.days.shape, {
    error: 'expected must be the hours read before the edit, as the GET answers them',
  }),
});

/**
 * `POST /api/securities/:securityId/market-hours/check`: after a save whose answer was lost, the
 * hours it asked for and its support id; answered with the hours the platform holds and whether
 * they are those asked for (the save then took effect).
 */
export const securityHoursCheckSchema = z.object({
  asked: weekHoursInputSchema,
  /** The support id of the lost save; absent when no answer came at all, so none was shown. */
  attempt: z.uuid('attempt must be the support id of the save').optional(),
  /**
   * The lost save by its id in the changes list (`GET …/market-hours/changes`), when it is checked
   * from there after the page that made it was left: the BFF finds its support id itself.
   */
  change: z
    .string()
    .regex(/^\d{1,18}$/, 'change must be the id of a lost save listed, such as 1234')
    .optional(),
});
export type SecurityHoursCheck = z.infer<typeof securityHoursCheckSchema>;

export const securityHoursCheckResponseSchema = z.object({
  securityHours: securityHoursSchema,
  saved: z.boolean(),
});
export type SecurityHoursCheckResponse = z.infer<typeof securityHoursCheckResponseSchema>;

export const securityIdParamsSchema = z.object({
  securityId: numericIdSchema('securityId'),
});

/** The form that opens a security by its ID (one that did not trade lately is in no list). */
export const openSecuritySchema = z.object({
  securityId: z
    .string()
    .trim()
    .min(1, { error: 'Security ID is required', abort: true })
    .regex(/^\d{1,18}$/, 'Security ID must be a number of up to 18 digits, such as 10001'),
});

/**
 * `GET /api/securities`: the securities the viewer may set hours for, named when known. Issuer
 * staff get their linked securities; everyone else the securities of the latest trading day's
 * order book, so that a book which cannot be read fails the request rather than listing nothing.
 */
export const securityListSchema = z.object({
  securities: z.array(
    z.object({
      securityId: z.string(),
      /** From the latest order book; null when the security had no orders there. */
      securityName: z.string().nullable(),
    }),
  ),
  /** What could not be read, in words (the securities are still listed). */
  gaps: z.array(z.string()),
});
export type SecurityList = z.infer<typeof securityListSchema>;

/** The changes of one security's hours the portal answers at a time, newest first. */
export const HOURS_CHANGES_PAGE_SIZE = 50;

/** `GET /api/securities/:securityId/market-hours/changes?before=`: older than that change's id. */
export const hoursChangesQuerySchema = z.object({
  before: z
    .string()
    .regex(/^\d{1,18}$/, 'before must be the id of a change listed, such as 1234')
    .optional(),
});

/**
 * One weekday's hours as a change records them; null when the record cannot be read (an odd
 * record is shown as such, never taken for "closed").
 */
const recordedDaySchema = z.object({
  day: z.enum(weekdays),
  hours: dayHoursSchema.nullable(),
});

/** A day whose hours a save changed: before → after. */
const dayChangeSchema = z.object({
  day: z.enum(weekdays),
  before: dayHoursSchema.nullable(),
  after: dayHoursSchema.nullable(),
});

const changeBase = {
  /** The change's id in the audit log; `before` of the next page. */
  id: z.string(),
  /** When it was recorded, an ISO instant. */
  at: z.string(),
  /** Who acted, by the email the audit log keeps; null when it kept none. */
  by: z.string().nullable(),
};

/** What became of a save whose answer was lost, as a later check of the hours held found it. */
const settlementSchema = z.object({
  result: z.enum(['saved', 'not_saved']),
  at: z.string(),
  by: z.string().nullable(),
});

/**
 * One change of a security's hours made from the portal, from the audit log:
 * - `saved`: the platform took the save; `changes` the days it changed (none: it changed nothing);
 * - `refused`: the platform refused it (`reason`, its words); `asked` the hours asked for;
 * - `unknown`: its answer was lost (the platform may have applied it); `settled` what a later
 *   check of the hours held found, null until one did: one save is one change, its check no
 *   change of its own;
 * - `checked`: a check of a lost save that is not listed (its event never kept, or the check
 *   named none), with what it found and the hours it looked for.
 */
export const hoursChangeSchema = z.discriminatedUnion('outcome', [
  z.object({ ...changeBase, outcome: z.literal('saved'), changes: z.array(dayChangeSchema) }),
  z.object({
    ...changeBase,
    outcome: z.literal('refused'),
    reason: z.string().nullable(),
    asked: z.array(recordedDaySchema),
  }),
  z.object({
    ...changeBase,
    outcome: z.literal('unknown'),
    asked: z.array(recordedDaySchema),
    settled: settlementSchema.nullable(),
  }),
  z.object({
    ...changeBase,
    outcome: z.literal('checked'),
    result: z.enum(['saved', 'not_saved']),
    asked: z.array(recordedDaySchema),
  }),
]);
export type HoursChange = z.infer<typeof hoursChangeSchema>;
export type RecordedDay = z.infer<typeof recordedDaySchema>;

export const hoursChangesResponseSchema = z.object({
  changes: z.array(hoursChangeSchema),
  /** The `before` that reads the older changes; null when there are none. */
  olderBefore: z.string().nullable(),
});
export type HoursChangesResponse = z.infer<typeof hoursChangesResponseSchema>;
