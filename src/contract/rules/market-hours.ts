import { z } from 'zod';
import { isWallTime } from '../time';

/**
 * Trading hours per weekday (interface document §2.7, §2.8, §4.14): monday to friday only, each
 * either closed or open from `start` to `end`, as US Eastern wall times `HH:mm`. A session lies
 * within one day: `end` must come after `start`, and overnight sessions cannot be expressed.
 */

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Readonly<Record<Weekday, string>> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
};

/** A 24-hour time `HH:mm`; the message names the field, for example "Monday opening time". */
export function wallTimeSchema(label = 'Time') {
  return z
    .string({ error: `${label} is required` })
    .refine(isWallTime, `${label} must be a 24-hour time HH:mm, such as 09:30`);
}

export function dayHoursSchema(day: Weekday) {
  const label = WEEKDAY_LABELS[day];
  return z
    .discriminatedUnion(
      'closed',
      [
        z.object({ closed: z.literal(true) }),
        z.object({
          closed: z.literal(false),
          start: wallTimeSchema(`${label} opening time`),
          end: wallTimeSchema(`${label} closing time`),
        }),
      ],
      { error: `${label}: choose open or closed` },
    )
    .superRefine((hours, ctx) => {
      // HH:mm strings compare in time order.
      if (
        !hours.closed &&
        isWallTime(hours.start) &&
        isWallTime(hours.end) &&
        hours.end <= hours.start
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['end'],
          message: `${label} closing time must be after the opening time`,
        });
      }
    });
}

export const weekHoursSchema = z.object({
  monday: dayHoursSchema('monday'),
  tuesday: dayHoursSchema('tuesday'),
  wednesday: dayHoursSchema('wednesday'),
  thursday: dayHoursSchema('thursday'),
  friday: dayHoursSchema('friday'),
});

export type DayHours = z.infer<ReturnType<typeof dayHoursSchema>>;
export type WeekHours = z.infer<typeof weekHoursSchema>;
