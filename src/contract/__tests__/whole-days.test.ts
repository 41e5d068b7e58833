import { describe, expect, it } from 'vitest';
import { isTimeZone, periodTimeZoneSchema, wholeDays } from '../dates';

describe('a period of whole days as the store bounds it', () => {
  it('starts at the first instant of From and ends before the day after To, so To is included', () => {
    const { from, to } = wholeDays({ from: '2026-03-01', to: '2026-03-31' });
    expect(from?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(to?.toISOString()).toBe('2026-04-01T00:00:00.000Z');
  });

  it('a one-day period holds that whole day, across a year end', () => {
    const { from, to } = wholeDays({ from: '2026-12-31', to: '2026-12-31' });
    expect(to!.getTime() - from!.getTime()).toBe(86_400_000);
    expect(to?.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('leaves an absent or empty day unbounded', () => {
    expect(wholeDays({})).toEqual({ from: undefined, to: undefined });
    expect(wholeDays({ from: '', to: '2026-01-05' }).from).toBeUndefined();
  });

  it.each([
    // New York's Nov 28 ends at 05:00 UTC on Nov 29: an event at 8 PM EST is in it.
    ['2026-11-28', '2026-11-28T05:00:00.000Z', '2026-11-29T05:00:00.000Z'],
    // The clocks go back on Nov 1, 2026: that day is 25 hours long, and all of it is held.
    ['2026-11-01', '2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z'],
  ])('counts %s in the viewer’s zone when it is given (New York)', (day, start, end) => {
    const { from, to } = wholeDays({ from: day, to: day, timeZone: 'America/New_York' });
    expect([from?.toISOString(), to?.toISOString()]).toEqual([start, end]);
  });

  it('takes only a zone the runtime knows', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(periodTimeZoneSchema.safeParse('Mars/Olympus').success).toBe(false);
  });
});
