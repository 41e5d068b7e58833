import { describe, expect, it } from 'vitest';
import type { WeekHours } from '../market-hours';
import {
  easternWeekStart,
  marketHoursAt,
  marketStatus,
  previousTradingDay,
  tradingWeek,
  wallTimeIn,
  type TradingHours,
} from '../market-week';

const at = (iso: string) => new Date(iso);

const regular = { closed: false, open: '09:30', close: '16:00' };
const hours: WeekHours = {
  monday: regular,
  tuesday: regular,
  wednesday: regular,
  thursday: regular,
  friday: { closed: true, open: null, close: null },
};

describe('trading week across the DST switches (America/New_York)', () => {
  it('moves the opening instant by an hour when DST starts (Sunday 2026-03-08)', () => {
    const before = tradingWeek(hours, '2026-03-02');
    const after = tradingWeek(hours, '2026-03-09');
    expect(before[0]).toMatchObject({
      date: '2026-03-02',
      open: '09:30',
      opensAt: '2026-03-02T14:30:00.000Z',
    });
    expect(after[0]).toMatchObject({
      date: '2026-03-09',
      open: '09:30',
      opensAt: '2026-03-09T13:30:00.000Z',
      closesAt: '2026-03-09T20:00:00.000Z',
    });
    // Weekend and closed days have no session.
    expect(after[4]).toMatchObject({ weekday: 'friday', closed: true, opensAt: null });
    expect(after[5]).toMatchObject({ weekday: 'saturday', closed: true });
    expect(after[6]).toMatchObject({ date: '2026-03-15', weekday: 'sunday', closed: true });
  });

  it('moves it back when DST ends (Sunday 2026-11-01)', () => {
    const before = tradingWeek(hours, '2026-10-26');
    const after = tradingWeek(hours, '2026-11-02');
    expect(before[3].opensAt).toBe('2026-10-29T13:30:00.000Z');
    expect(after[0].opensAt).toBe('2026-11-02T14:30:00.000Z');
  });

  it('shows the session in the viewer’s zone, whose own switch may fall elsewhere', () => {
    // London keeps GMT until 2026-03-29: the gap to New York is 4 hours in between.
    const monday = tradingWeek(hours, '2026-03-09')[0];
    expect(wallTimeIn(monday.opensAt!, 'Europe/London', monday.date)).toEqual({
      date: '2026-03-09',
      time: '13:30',
      otherDay: false,
    });
    expect(wallTimeIn(tradingWeek(hours, '2026-03-30')[0].opensAt!, 'Europe/London').time).toBe(
      '14:30',
    );
    // Tokyo: the session starts after midnight, on the next calendar day.
    expect(wallTimeIn(monday.opensAt!, 'Asia/Tokyo', monday.date)).toEqual({
      date: '2026-03-09',
      time: '22:30',
      otherDay: false,
    });
    expect(wallTimeIn(monday.closesAt!, 'Asia/Tokyo', monday.date)).toEqual({
      date: '2026-03-10',
      time: '05:00',
      otherDay: true,
    });
  });

  it('finds the Eastern week of an instant, even when UTC is already on the next day', () => {
    // Thursday 2026-03-05 23:30 in New York is Friday 04:30 UTC.
    expect(easternWeekStart(new Date('2026-03-06T04:30:00Z'))).toBe('2026-03-02');
    expect(easternWeekStart(new Date('2026-03-09T05:00:00Z'))).toBe('2026-03-09');
  });

  it('an investor checking market hours on a Sunday sees the coming week, not the past one', () => {
    // Sunday 2026-03-08 23:30 in New York is Monday 03:30 UTC: still Sunday in the market's zone.
    expect(easternWeekStart(new Date('2026-03-09T03:30:00Z'))).toBe('2026-03-09');
    expect(easternWeekStart(new Date('2026-11-01T12:00:00Z'))).toBe('2026-11-02');
    // Saturday too.
    expect(easternWeekStart(new Date('2026-10-31T12:00:00Z'))).toBe('2026-11-02');
  });

  it('says when the market opens next over the switch weekend', () => {
    const sunday = marketHoursAt(hours, new Date('2026-03-08T18:00:00Z'));
    expect(sunday.status).toEqual({
      open: false,
      nextChange: '2026-03-09T13:30:00.000Z',
      nextChangeKind: 'opens',
      holiday: null,
    });
    const open = marketHoursAt(hours, new Date('2026-11-02T15:00:00Z'));
    expect(open.status).toEqual({
      open: true,
      nextChange: '2026-11-02T21:00:00.000Z',
      nextChangeKind: 'closes',
      holiday: null,
    });
    // Friday is closed in these hours: Thursday's close is followed by Monday's open.
    const thursdayEvening = marketHoursAt(hours, new Date('2026-03-12T21:00:00Z'));
    expect(thursdayEvening.status.nextChange).toBe('2026-03-16T13:30:00.000Z');
  });

  it('steps back over weekends to the previous trading day', () => {
    expect(previousTradingDay('2026-03-09')).toBe('2026-03-06');
    expect(previousTradingDay('2026-03-08')).toBe('2026-03-06');
    expect(previousTradingDay('2026-03-11')).toBe('2026-03-10');
  });

  it('steps back over market holidays too, to a day with orders', () => {
    // Friday 2026-11-27, the day after Thanksgiving, trades.
    expect(previousTradingDay('2026-11-27')).toBe('2026-11-25');
    // Saturday 2026-07-04: Independence Day is observed on Friday the 3rd.
    expect(previousTradingDay('2026-07-04')).toBe('2026-07-02');
    // Tuesday after Memorial Day 2026-05-25, over the holiday and the weekend.
    expect(previousTradingDay('2026-05-26')).toBe('2026-05-22');
  });
});

describe('marketStatus (US Eastern)', () => {
  const session = { closed: false, open: '09:30', close: '16:00' };
  const regular: TradingHours = {
    monday: session,
    tuesday: session,
    wednesday: session,
    thursday: session,
    friday: session,
  };

  it.each([
    // now, open, next change, kind
    ['2026-03-09T13:29:00Z', false, '2026-03-09T13:30:00.000Z', 'opens'], // Mon 09:29 EDT
    ['2026-03-09T13:30:00Z', true, '2026-03-09T20:00:00.000Z', 'closes'], // Mon 09:30 EDT
    ['2026-03-09T19:59:59Z', true, '2026-03-09T20:00:00.000Z', 'closes'],
    ['2026-03-09T20:00:00Z', false, '2026-03-10T13:30:00.000Z', 'opens'], // closing is exclusive
    ['2026-03-06T20:00:00Z', true, '2026-03-06T21:00:00.000Z', 'closes'], // Fri 15:00 EST
    ['2026-03-06T21:00:00Z', false, '2026-03-09T13:30:00.000Z', 'opens'], // Fri close → Mon, now EDT
    ['2026-03-07T17:00:00Z', false, '2026-03-09T13:30:00.000Z', 'opens'], // Saturday
    ['2026-03-08T12:00:00Z', false, '2026-03-09T13:30:00.000Z', 'opens'], // DST Sunday
    ['2026-10-30T21:00:00Z', false, '2026-11-02T14:30:00.000Z', 'opens'], // Fri 17:00 EDT → Mon EST
    ['2026-11-02T14:29:00Z', false, '2026-11-02T14:30:00.000Z', 'opens'], // Mon 09:29 EST
    ['2026-11-02T14:30:00Z', true, '2026-11-02T21:00:00.000Z', 'closes'],
    ['2026-03-13T03:00:00Z', false, '2026-03-13T13:30:00.000Z', 'opens'], // Thu 23:00 EDT → Fri
  ])('%s: open %s, next %s (%s)', (now, open, next, kind) => {
    const status = marketStatus(at(now), regular);
    expect(status).toMatchObject({ open, nextChangeKind: kind });
    expect(status.nextChange?.toISOString()).toBe(next);
  });

  it('skips closed days and days without hours', () => {
    const hours: TradingHours = {
      ...regular,
      monday: { closed: true },
      tuesday: { closed: false, open: null, close: null }, // normalized hours the upstream left empty
    };
    const status = marketStatus(at('2026-03-07T17:00:00Z'), hours); // Saturday
    expect(status.nextChange?.toISOString()).toBe('2026-03-11T13:30:00.000Z'); // Wednesday
  });

  it('finds next week when only today trades and the session is over', () => {
    const closed = { closed: true } as const;
    const hours: TradingHours = {
      monday: closed,
      tuesday: closed,
      wednesday: { closed: false, open: '10:00', close: '11:00' },
      thursday: closed,
      friday: closed,
    };
    const status = marketStatus(at('2026-03-11T16:00:00Z'), hours); // Wed 12:00 EDT
    expect(status).toMatchObject({ open: false, nextChangeKind: 'opens' });
    expect(status.nextChange?.toISOString()).toBe('2026-03-18T14:00:00.000Z');
  });

  it('reports no next change when every day is closed', () => {
    const closed = { closed: true };
    const hours = {
      monday: closed,
      tuesday: closed,
      wednesday: closed,
      thursday: closed,
      friday: closed,
    };
    expect(marketStatus(at('2026-03-09T15:00:00Z'), hours)).toEqual({
      open: false,
      nextChange: null,
      nextChangeKind: 'opens',
      holiday: null,
    });
  });
});

describe('market holidays in the week and the status (the exchange calendar, market-calendar)', () => {
  const everyDay: WeekHours = {
    monday: regular,
    tuesday: regular,
    wednesday: regular,
    thursday: regular,
    friday: regular,
  };

  it('on Thanksgiving the market is closed today, by name, and opens on Friday', () => {
    // Thursday 2026-11-26 11:00 in New York (EST).
    const thanksgiving = marketHoursAt(everyDay, at('2026-11-26T16:00:00Z'));
    expect(thanksgiving.status).toEqual({
      open: false,
      nextChange: '2026-11-27T14:30:00.000Z',
      nextChangeKind: 'opens',
      holiday: 'Thanksgiving Day',
    });
    expect(thanksgiving.week[3]).toEqual({
      date: '2026-11-26',
      weekday: 'thursday',
      closed: true,
      holiday: 'Thanksgiving Day',
      open: null,
      close: null,
      opensAt: null,
      closesAt: null,
    });
    expect(thanksgiving.week[4]).toMatchObject({ weekday: 'friday', closed: false, holiday: null });
  });

  it('the day before a holiday trades as usual, and after its close the next opening skips the holiday', () => {
    // Wednesday 2026-11-25 15:00 EST: open until 16:00.
    expect(marketStatus(at('2026-11-25T20:00:00Z'), everyDay)).toEqual({
      open: true,
      nextChange: new Date('2026-11-25T21:00:00.000Z'),
      nextChangeKind: 'closes',
      holiday: null,
    });
    // 16:30 EST: Thursday is Thanksgiving, so it opens on Friday.
    expect(marketStatus(at('2026-11-25T21:30:00Z'), everyDay)).toEqual({
      open: false,
      nextChange: new Date('2026-11-27T14:30:00.000Z'),
      nextChangeKind: 'opens',
      holiday: null,
    });
  });

  it('a week without a holiday names none, and opens the next morning', () => {
    const week = marketHoursAt(everyDay, at('2026-11-18T21:30:00Z')); // Wed 16:30 EST
    expect(week.week.map((day) => day.holiday)).toEqual(Array(7).fill(null));
    expect(week.week.slice(0, 5).every((day) => !day.closed)).toBe(true);
    expect(week.status.nextChange).toBe('2026-11-19T14:30:00.000Z');
  });

  it('observed holidays close too, and a weekday that trades alone waits past two holidays', () => {
    // Independence Day 2026 is a Saturday: observed on Friday 2026-07-03.
    expect(tradingWeek(everyDay, '2026-06-29')[4]).toMatchObject({
      closed: true,
      holiday: 'Independence Day',
    });
    // Only Thursdays trade; Christmas Day 2025 and New Year's Day 2026 are Thursdays.
    const closed = { closed: true } as const;
    const thursdays: TradingHours = {
      monday: closed,
      tuesday: closed,
      wednesday: closed,
      thursday: regular,
      friday: closed,
    };
    const status = marketStatus(at('2025-12-18T22:00:00Z'), thursdays); // Thu 17:00 EST
    expect(status.nextChange?.toISOString()).toBe('2026-01-08T14:30:00.000Z');
  });
});
