import { describe, expect, it } from 'vitest';
import type { WeekHours } from '../market-hours';
import {
  easternWeekStart,
  marketHoursAt,
  previousTradingDay,
  tradingWeek,
  wallTimeIn,
} from '../market-week';

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
    });
    const open = marketHoursAt(hours, new Date('2026-11-02T15:00:00Z'));
    expect(open.status).toEqual({
      open: true,
      nextChange: '2026-11-02T21:00:00.000Z',
      nextChangeKind: 'closes',
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
});
