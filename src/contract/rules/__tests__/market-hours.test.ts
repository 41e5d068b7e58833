import { describe, expect, it } from 'vitest';
import { dayHoursInputSchema, wallTimeSchema, weekHoursInputSchema } from '../market-hours';

describe('wallTimeSchema', () => {
  it.each(['00:00', '09:30', '16:00', '23:59'])('accepts %s', (time) => {
    expect(wallTimeSchema().parse(time)).toBe(time);
  });

  it.each(['9:30', '24:00', '12:60', '0930', '09:30:00', ' 09:30'])('rejects %j', (time) => {
    expect(wallTimeSchema('Monday opening time').safeParse(time).error?.issues[0].message).toBe(
      'Monday opening time must be a 24-hour time HH:mm, such as 09:30',
    );
  });

  it('says an empty time is required, with that one message', () => {
    expect(wallTimeSchema('Monday opening time').safeParse('').error?.issues).toMatchObject([
      { message: 'Monday opening time is required' },
    ]);
  });
});

describe('dayHoursInputSchema', () => {
  const monday = dayHoursInputSchema('monday');

  it.each([
    [{ closed: true }, { closed: true }],
    [{ closed: true, open: '', close: '' }, { closed: true }], // leftover form fields drop
    [
      { closed: false, open: '09:30', close: '16:00' },
      { closed: false, open: '09:30', close: '16:00' },
    ],
    [
      { closed: false, open: '00:00', close: '23:59' },
      { closed: false, open: '00:00', close: '23:59' },
    ],
  ])('accepts %j', (input, output) => {
    expect(monday.parse(input)).toEqual(output);
  });

  it.each([
    [
      { closed: false, open: '16:00', close: '09:30' },
      ['close'],
      'Monday closing time must be after the opening time',
    ],
    [
      { closed: false, open: '09:30', close: '09:30' },
      ['close'],
      'Monday closing time must be after the opening time',
    ],
    [
      { closed: false, close: '16:00' },
      ['open'],
      'Monday opening time is required, or mark Monday closed',
    ],
    [
      { closed: false, open: '09:30', close: '' },
      ['close'],
      'Monday closing time is required, or mark Monday closed',
    ],
    [
      { closed: false, open: '9:30', close: '16:00' },
      ['open'],
      'Monday opening time must be a 24-hour time HH:mm, such as 09:30',
    ],
    [{ open: '09:30', close: '16:00' }, ['closed'], 'Monday: choose open or closed'],
  ])('rejects %j', (input, path, message) => {
    expect(monday.safeParse(input).error?.issues).toMatchObject([{ path, message }]);
  });
});

describe('weekHoursInputSchema', () => {
  const regular = { closed: false, open: '09:30', close: '16:00' } as const;

  it('accepts a week with a closed day', () => {
    const week = {
      monday: regular,
      tuesday: regular,
      wednesday: { closed: true },
      thursday: regular,
      friday: regular,
    };
    expect(weekHoursInputSchema.parse(week)).toEqual(week);
  });

  it('names the day and places the message on its field', () => {
    const week = {
      monday: regular,
      tuesday: regular,
      wednesday: { closed: false, open: '17:00', close: '10:00' },
      thursday: regular,
      friday: { closed: false, open: '09:30', close: '25:00' },
    };
    expect(weekHoursInputSchema.safeParse(week).error?.issues).toMatchObject([
      {
        path: ['wednesday', 'close'],
        message: 'Wednesday closing time must be after the opening time',
      },
      {
        path: ['friday', 'close'],
        message: 'Friday closing time must be a 24-hour time HH:mm, such as 09:30',
      },
    ]);
  });
});
