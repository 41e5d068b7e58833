import { describe, expect, it, vi } from 'vitest';
import { orderBookDaySchema } from '../dates';
import { closedMarketDay, marketHolidays } from '../market-calendar';

describe('an investor opens the order book of a day the market did not trade', () => {
  it('a future day: one message naming the field and the last day it may be', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 22:00 on Monday 2026-11-23 in New York, already the 24th in UTC: the 24th has not come
      // there yet, though it is today in UTC.
      vi.setSystemTime(new Date('2026-11-24T03:00:00Z'));
      const day = orderBookDaySchema('Trading day');
      for (const future of ['2026-11-24', '2026-11-25', '2027-01-04']) {
        expect(day.safeParse(future).error?.issues.map((i) => i.message)).toEqual([
          'Trading day must be on or before 2026-11-23 (today in US Eastern time)',
        ]);
      }
      expect(day.safeParse('2026-11-23').success).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a weekend day: told the market does not trade at weekends', () => {
    expect(closedMarketDay('2026-11-22')?.message).toMatch(/Sunday/);
    expect(closedMarketDay('2026-11-21')?.message).toMatch(/Saturday/);
    expect(closedMarketDay('2026-11-21')).toMatchObject({ reason: 'weekend', name: 'Saturday' });
  });

  it('a market holiday, observed days included: told which holiday', () => {
    expect(closedMarketDay('2025-11-27')?.message).toMatch(/Thanksgiving/);
    expect(closedMarketDay('2026-07-03')?.message).toMatch(/Independence Day/); // July 4 is a Saturday
    expect(closedMarketDay('2026-04-03')?.message).toMatch(/Good Friday/);
    expect(closedMarketDay('2026-01-19')?.message).toMatch(/Martin Luther King/);
    expect(closedMarketDay('2026-05-25')?.message).toMatch(/Memorial Day/);
    // The name alone, for a page that writes the date its own way.
    expect(closedMarketDay('2026-11-26')).toMatchObject({
      reason: 'holiday',
      name: 'Thanksgiving Day',
    });
  });

  it('a trading day, today included: no objection', () => {
    expect(closedMarketDay('2026-11-24')).toBeNull();
    expect(closedMarketDay('2026-11-20')).toBeNull();
  });

  it('knows the 2026 exchange holidays', () => {
    expect([...marketHolidays(2026).keys()]).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-04-03',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-11-26',
      '2026-12-25',
    ]);
  });
});
