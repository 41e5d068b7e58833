import { z } from 'zod';

export const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;

/** A wall-clock time in US Eastern time, `HH:mm` (interface document §4.14, §8). */
const marketTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:mm (24-hour, US Eastern)');

/** Trading hours of one weekday. Times are US Eastern; null when the upstream gives none. */
export const dayHoursSchema = z.object({
  closed: z.boolean(),
  open: marketTimeSchema.nullable(),
  close: marketTimeSchema.nullable(),
});
export type DayHours = z.infer<typeof dayHoursSchema>;

/** Monday to Friday; the upstream returns no weekend (interface document §2.7). */
const weekHoursSchema = z.object({
  monday: dayHoursSchema,
  tuesday: dayHoursSchema,
  wednesday: dayHoursSchema,
  thursday: dayHoursSchema,
  friday: dayHoursSchema,
});
export type WeekHours = z.infer<typeof weekHoursSchema>;

/** The platform-wide trading hours (interface document §2.7). */
export const globalMarketHoursSchema = weekHoursSchema;
export type GlobalMarketHours = z.infer<typeof globalMarketHoursSchema>;

/** The trading hours of one security (interface document §2.8). */
export const securityHoursSchema = z.object({
  securityId: z.string(),
  days: weekHoursSchema,
});
export type SecurityHours = z.infer<typeof securityHoursSchema>;

/** A change to one weekday: either closed, or open between two `HH:mm` times (US Eastern). */
type DayHoursChange = { closed: true } | { closed: false; open: string; close: string };

/**
 * The wire layer's input for updateSecurityMarketHours, built from the form that
 * `rules/market-hours.ts` has checked. Days left out keep their current hours (every day is
 * optional in §4.14).
 */
export interface SecurityHoursUpdate {
  securityId: string;
  days: Partial<Record<(typeof weekdays)[number], DayHoursChange>>;
}
