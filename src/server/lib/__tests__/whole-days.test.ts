import { describe, expect, it } from 'vitest';
import { wholeDays } from '../whole-days';

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
});
