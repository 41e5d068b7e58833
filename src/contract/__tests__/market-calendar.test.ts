import { describe, expect, it } from 'vitest';
import { closedMarketDay, marketHolidays } from '../market-calendar';

const now = new Date('2026-11-24T15:00:00Z'); // Tuesday 2026-11-24, 10:00 in New York

describe('an investor opens the order book of a day the market did not trade', () => {
  it('a future day: told it has not come yet', () => {
    expect(closedMarketDay('2026-11-25', now)?.message).toMatch(/has not come yet/);
    expect(closedMarketDay('2027-01-04', now)?.message).toMatch(/has not come yet/);
  });

  it('a weekend day: told the market does not trade at weekends', () => {
    expect(closedMarketDay('2026-11-22', now)?.message).toMatch(/Sunday/);
    expect(closedMarketDay('2026-11-21', now)?.message).toMatch(/Saturday/);
  });

  it('a market holiday, observed days included: told which holiday', () => {
    expect(closedMarketDay('2025-11-27', now)?.message).toMatch(/Thanksgiving/);
    expect(closedMarketDay('2026-07-03', now)?.message).toMatch(/Independence Day/); // July 4 is a Saturday
    expect(closedMarketDay('2026-04-03', now)?.message).toMatch(/Good Friday/);
    expect(closedMarketDay('2026-01-19', now)?.message).toMatch(/Martin Luther King/);
    expect(closedMarketDay('2026-05-25', now)?.message).toMatch(/Memorial Day/);
  });

  it('a trading day, today included: no objection', () => {
    expect(closedMarketDay('2026-11-24', now)).toBeNull();
    expect(closedMarketDay('2026-11-20', now)).toBeNull();
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
