import { describe, expect, it } from 'vitest';
import {
  EASTERN,
  MOUNTAIN,
  addDays,
  dayOfWeek,
  formatCountdown,
  instantToZoned,
  isCalendarDate,
  localDateTimeToInstant,
  upstreamTimeToInstant,
  nextApprovalBatch,
  todayInZone,
  zonedWallTimeToInstant,
} from '../time';

// US 2026: DST starts Sunday 8 March (02:00 → 03:00) and ends Sunday 1 November (02:00 → 01:00).
const at = (iso: string) => new Date(iso);

describe('zonedWallTimeToInstant', () => {
  it.each([
    // date, time, zone, instant
    ['2026-01-15', '09:30', EASTERN, '2026-01-15T14:30:00.000Z'], // EST, UTC−5
    ['2026-07-15', '09:30', EASTERN, '2026-07-15T13:30:00.000Z'], // EDT, UTC−4
    ['2026-03-08', '01:59', EASTERN, '2026-03-08T06:59:00.000Z'], // last minute of EST
    ['2026-03-08', '03:00', EASTERN, '2026-03-08T07:00:00.000Z'], // first minute of EDT
    ['2026-03-08', '02:30', EASTERN, '2026-03-08T07:30:00.000Z'], // skipped: moves on to 03:30 EDT
    ['2026-11-01', '01:30', EASTERN, '2026-11-01T05:30:00.000Z'], // repeated: the first, EDT
    ['2026-11-01', '02:00', EASTERN, '2026-11-01T07:00:00.000Z'], // after the repeat, EST
    ['2026-03-07', '16:00', MOUNTAIN, '2026-03-07T23:00:00.000Z'], // MST, UTC−7
    ['2026-03-08', '16:00', MOUNTAIN, '2026-03-08T22:00:00.000Z'], // MDT, UTC−6
    ['2026-10-31', '16:00', MOUNTAIN, '2026-10-31T22:00:00.000Z'],
    ['2026-11-01', '16:00', MOUNTAIN, '2026-11-01T23:00:00.000Z'],
    ['2026-03-29', '01:30', 'Europe/London', '2026-03-29T01:30:00.000Z'], // skipped: 02:30 BST
    ['2026-01-01', '00:00', 'Asia/Kolkata', '2025-12-31T18:30:00.000Z'], // half-hour offset
    ['2026-06-01', '12:00', 'UTC', '2026-06-01T12:00:00.000Z'],
  ])('%s %s %s → %s', (date, time, zone, instant) => {
    expect(zonedWallTimeToInstant(date, time, zone).toISOString()).toBe(instant);
  });

  it.each(['2026-03-08', '2026-11-01', '2026-07-04'])(
    'round-trips every half hour of %s in New York, except the skipped hour',
    (date) => {
      for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        if (date === '2026-03-08' && time.startsWith('02:')) continue;
        const instant = zonedWallTimeToInstant(date, time, EASTERN);
        expect(instantToZoned(instant, EASTERN)).toMatchObject({ date, time });
      }
    },
  );

  it.each([
    ['2026-02-30', '09:30'],
    ['2026-03-08', '24:00'],
    ['03-08-2026', '09:30'],
  ])('refuses %s %s', (date, time) => {
    expect(() => zonedWallTimeToInstant(date, time, EASTERN)).toThrow(RangeError);
  });
});

describe('localDateTimeToInstant (zone-less upstream times in the platform zone)', () => {
  it('reads the wall time in the configured zone, seconds kept, DST-aware', () => {
    expect(localDateTimeToInstant('2026-11-25T06:44:09', 'UTC')?.toISOString()).toBe(
      '2026-11-25T06:44:09.000Z',
    );
    expect(localDateTimeToInstant('2026-11-25T06:44:09', 'America/New_York')?.toISOString()).toBe(
      '2026-11-25T11:44:09.000Z',
    );
    expect(localDateTimeToInstant('2026-07-17T16:09:00', 'America/Denver')?.toISOString()).toBe(
      '2026-07-17T22:09:00.000Z',
    );
  });

  it('is null for anything but a zone-less YYYY-MM-DDTHH:mm:ss', () => {
    expect(localDateTimeToInstant('2026-11-25T06:44:09Z', 'UTC')).toBeNull();
    expect(localDateTimeToInstant('2026-02-30T06:44:09', 'UTC')).toBeNull();
    expect(localDateTimeToInstant('2026-11-25 06:44:09', 'UTC')).toBeNull();
  });
});

describe('upstreamTimeToInstant (the two forms of a fund-move time, §2.9)', () => {
  it('reads a wall time in the platform zone and an instant as itself', () => {
    expect(upstreamTimeToInstant('2026-11-25T06:44:09', 'America/New_York')?.toISOString()).toBe(
      '2026-11-25T11:44:09.000Z',
    );
    // The zone of the value wins over the platform's: it is not read again as a wall time.
    expect(
      upstreamTimeToInstant('2026-11-25T06:44:09.000Z', 'America/New_York')?.toISOString(),
    ).toBe('2026-11-25T06:44:09.000Z');
    expect(upstreamTimeToInstant('2026-11-25T01:44:09-05:00', 'UTC')?.toISOString()).toBe(
      '2026-11-25T06:44:09.000Z',
    );
  });

  it('is null for what is neither', () => {
    expect(upstreamTimeToInstant('yesterday', 'UTC')).toBeNull();
    expect(upstreamTimeToInstant('2026-13-25T06:44:09Z', 'UTC')).toBeNull();
  });
});

describe('instantToZoned', () => {
  it.each([
    ['2026-03-08T06:59:00Z', EASTERN, { date: '2026-03-08', time: '01:59', weekday: 'sunday' }],
    ['2026-03-08T07:00:00Z', EASTERN, { date: '2026-03-08', time: '03:00', weekday: 'sunday' }],
    ['2026-11-01T05:30:00Z', EASTERN, { date: '2026-11-01', time: '01:30', weekday: 'sunday' }],
    ['2026-11-01T06:30:00Z', EASTERN, { date: '2026-11-01', time: '01:30', weekday: 'sunday' }],
    ['2026-01-01T05:00:00Z', EASTERN, { date: '2026-01-01', time: '00:00', weekday: 'thursday' }],
    ['2026-03-09T05:00:00Z', MOUNTAIN, { date: '2026-03-08', time: '23:00', weekday: 'sunday' }],
  ])('%s in %s', (instant, zone, zoned) => {
    expect(instantToZoned(at(instant), zone)).toEqual(zoned);
  });
});

describe('todayInZone', () => {
  it('depends on the zone', () => {
    const now = at('2026-03-09T05:00:00Z');
    expect(todayInZone(EASTERN, now)).toBe('2026-03-09');
    expect(todayInZone(MOUNTAIN, now)).toBe('2026-03-08');
  });
});

describe('nextApprovalBatch (4:00 PM America/Denver, daily)', () => {
  it.each([
    // now, next batch; MST is UTC−7, MDT is UTC−6
    ['2026-03-07T19:00:00Z', '2026-03-07T23:00:00.000Z', 'Saturday noon MST: today'],
    ['2026-03-07T22:59:59.999Z', '2026-03-07T23:00:00.000Z', 'a moment before: today'],
    ['2026-03-07T23:00:00Z', '2026-03-08T22:00:00.000Z', 'exactly 16:00: tomorrow, 23 h later'],
    ['2026-03-08T16:00:00Z', '2026-03-08T22:00:00.000Z', 'DST day, 10:00 MDT: today'],
    ['2026-03-09T05:00:00Z', '2026-03-09T22:00:00.000Z', 'after midnight MDT: that day'],
    ['2026-10-31T23:00:00Z', '2026-11-01T23:00:00.000Z', 'Saturday 17:00 MDT: tomorrow, MST'],
    ['2026-11-01T22:59:00Z', '2026-11-01T23:00:00.000Z', 'DST end day, 15:59 MST: today'],
    ['2026-11-01T23:00:00Z', '2026-11-02T23:00:00.000Z', 'DST end day, 16:00 MST: tomorrow'],
    ['2026-12-31T23:30:00Z', '2027-01-01T23:00:00.000Z', 'New Year’s Eve after the batch'],
  ])('%s → %s (%s)', (now, next) => {
    expect(nextApprovalBatch(at(now)).toISOString()).toBe(next);
  });
});

describe('calendar dates', () => {
  it.each([
    ['2026-03-08', true],
    ['2024-02-29', true],
    ['2000-02-29', true],
    ['2026-02-29', false],
    ['1900-02-29', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-1-10', false],
    ['', false],
  ])('isCalendarDate(%j) is %s', (date, valid) => {
    expect(isCalendarDate(date)).toBe(valid);
  });

  it.each([
    ['2026-03-07', 1, '2026-03-08'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-01-01', -1, '2025-12-31'],
    ['2026-03-06', 7, '2026-03-13'],
  ])('addDays(%s, %i) is %s', (date, days, result) => {
    expect(addDays(date, days)).toBe(result);
  });

  it.each([
    ['2026-03-08', 'sunday'],
    ['2026-03-09', 'monday'],
    ['2026-11-01', 'sunday'],
    ['2027-01-01', 'friday'],
  ])('dayOfWeek(%s) is %s', (date, weekday) => {
    expect(dayOfWeek(date)).toBe(weekday);
  });
});

describe('formatCountdown', () => {
  it.each([
    [-5000, '0s'],
    [0, '0s'],
    [1, '1s'], // rounds up: 1 ms left still reads 1s
    [999, '1s'],
    [45_000, '45s'],
    [60_000, '1m 00s'],
    [12 * 60_000 + 5_000, '12m 05s'],
    [3_600_000, '1h 00m'],
    [3 * 3_600_000 + 7 * 60_000, '3h 07m'],
    [23 * 3_600_000 + 59 * 60_000 + 59_000, '23h 59m'],
    [86_400_000, '1d 0h'],
    [2 * 86_400_000 + 4 * 3_600_000 + 1, '2d 4h'],
  ])('%i ms → %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});
