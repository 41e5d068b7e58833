import { afterEach, describe, expect, it } from 'vitest';
import { dateTimeFormat } from '../date-time-format';

const originalTz = process.env.TZ;
afterEach(() => {
  // Not `= undefined`, which sets the zone "undefined" for the files after this one.
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

const instant = new Date('2026-03-02T15:20:11Z');
const withZoneName: Intl.DateTimeFormatOptions = {
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

describe('dateTimeFormat', () => {
  it('makes one format for each locale and options, and formats as a new one would', () => {
    process.env.TZ = 'America/New_York';
    const first = dateTimeFormat('en-US', { timeStyle: 'medium' });
    expect(dateTimeFormat('en-US', { timeStyle: 'medium' })).toBe(first);
    expect(dateTimeFormat('en-US', { dateStyle: 'medium' })).not.toBe(first);
    expect(dateTimeFormat('de-DE', { timeStyle: 'medium' })).not.toBe(first);
    expect(first.format(instant)).toBe(
      new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' }).format(instant),
    );
  });

  it('reads a new runtime zone: a format without a zone made before it is not used after', () => {
    process.env.TZ = 'America/New_York';
    expect(dateTimeFormat('en-US', withZoneName).format(instant)).toBe('10:20 AM EST');
    process.env.TZ = 'Asia/Tokyo';
    expect(dateTimeFormat('en-US', withZoneName).format(instant)).toBe('12:20 AM GMT+9');
  });

  it('tells apart two zones whose offsets are the same all year by their names', () => {
    process.env.TZ = 'UTC';
    expect(dateTimeFormat('en-US', withZoneName).format(instant)).toBe('3:20 PM UTC');
    process.env.TZ = 'Atlantic/Reykjavik';
    expect(dateTimeFormat('en-US', withZoneName).format(instant)).toBe('3:20 PM GMT');
  });

  it('keeps a format with its own zone whatever the runtime zone', () => {
    process.env.TZ = 'Asia/Tokyo';
    const eastern = { timeStyle: 'short', timeZone: 'America/New_York' } as const;
    expect(dateTimeFormat('en-US', eastern).format(instant)).toBe('10:20 AM');
    process.env.TZ = 'Pacific/Kiritimati';
    expect(dateTimeFormat('en-US', eastern).format(instant)).toBe('10:20 AM');
  });
});
