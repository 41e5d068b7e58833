import { z } from 'zod';
import { isWallTime } from '../time';

/**
 * Form rules for trading hours (interface document §2.7, §2.8, §4.14): monday to friday only,
 * each either closed or open from `open` to `close`, as US Eastern wall times `HH:mm`. A session
 * lies within one day: `close` must come after `open`; overnight sessions cannot be expressed.
 * Field names follow the normalized hours in `../market-hours`, so a form starts from what the
 * BFF returned.
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

/**
 * A 24-hour time `HH:mm`; the messages name the field, for example "Monday opening time". An
 * empty time is a missing one (a cleared time input sends ""), told with `required`, not as a
 * time of the wrong shape.
 */
export function wallTimeSchema(label = 'Time', required = `${label} is required`) {
  return z
    .string({ error: required })
    .min(1, { error: required, abort: true })
    .refine(isWallTime, `${label} must be a 24-hour time HH:mm, such as 09:30`);
}

/** One weekday: `{ closed: true }` or `{ closed: false, open, close }`, messages naming the day. */
export function dayHoursInputSchema(day: Weekday) {
  const label = WEEKDAY_LABELS[day];
  return z
    .discriminatedUnion(
      'closed',
      [
        z.object({ closed: z.literal(true) }),
        z.object({
          closed: z.literal(false),
          // A day without trading is not a day without times: it is marked closed.
          open: wallTimeSchema(
            `${label} opening time`,
            `${label} opening time is required, or mark ${label} closed`,
          ),
          close: wallTimeSchema(
            `${label} closing time`,
            `${label} closing time is required, or mark ${label} closed`,
          ),
        }),
      ],
      { error: `${label}: choose open or closed` },
    )
    .superRefine((hours, ctx) => {
      if (hours.closed) return;
      // zod 4 runs this even after a time failed its own check; say only what is wrong. HH:mm
      // strings compare in time order.
      if (isWallTime(hours.open) && isWallTime(hours.close) && hours.close <= hours.open) {
        ctx.addIssue({
          code: 'custom',
          path: ['close'],
          message: `${label} closing time must be after the opening time`,
        });
      }
    });
}

export const weekHoursInputSchema = z.object({
  monday: dayHoursInputSchema('monday'),
  tuesday: dayHoursInputSchema('tuesday'),
  wednesday: dayHoursInputSchema('wednesday'),
  thursday: dayHoursInputSchema('thursday'),
  friday: dayHoursInputSchema('friday'),
});

export type WeekHoursInput = z.infer<typeof weekHoursInputSchema>;
