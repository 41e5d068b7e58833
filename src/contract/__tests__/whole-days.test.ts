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

  it('counts the days in the viewer’s zone when it is given: New York’s Nov 28 ends at 05:00 UTC on Nov 29', () => {
    const { from, to } = wholeDays({
      from: '2026-11-28',
      to: '2026-11-28',
      timeZone: 'America/New_York',
    });
    expect(from?.toISOString()).toBe('2026-11-28T05:00:00.000Z');
    expect(to?.toISOString()).toBe('2026-11-29T05:00:00.000Z');
  });

  it('holds the whole day when the clocks change in it (25 hours in New York on Nov 1, 2026)', () => {
    const { from, to } = wholeDays({
      from: '2026-11-01',
      to: '2026-11-01',
      timeZone: 'America/New_York',
    });
    expect(from?.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(to?.toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  it('takes only a zone the runtime knows', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(periodTimeZoneSchema.safeParse('Mars/Olympus').success).toBe(false);
  });
});
