import { z } from 'zod';
import { securityHoursSchema } from './market-hours';
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
});
export type SecurityHoursCheck = z.infer<typeof securityHoursCheckSchema>;

export const securityHoursCheckResponseSchema = z.object({
  securityHours: securityHoursSchema,
  saved: z.boolean(),
});

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
