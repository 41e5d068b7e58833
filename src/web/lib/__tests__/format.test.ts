import { afterEach, describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatDecimal,
  formatInstant,
  formatLocalDateTime,
  formatAmount,
  formatCode,
  countOf,
  formatCount,
  formatPhone,
  formatTaxId,
  formatTimestamp,
  formatWallTime,
  formatMoney,
  formatPercent,
  formatUnits,
  viewerTimeZone,
} from '../format';

const originalTz = process.env.TZ;
afterEach(() => {
  // Not `= undefined`, which sets the zone "undefined" for the files after this one.
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('formatWallTime', () => {
  it.each(['Pacific/Kiritimati', 'America/Los_Angeles', 'UTC'])(
    'writes the time as given, in the locale, whatever the viewer zone (%s)',
    (zone) => {
      process.env.TZ = zone;
      expect(formatWallTime('09:30', 'en-US')).toBe('9:30 AM');
      expect(formatWallTime('16:00', 'en-US')).toBe('4:00 PM');
      expect(formatWallTime('16:00', 'de-DE')).toBe('16:00');
    },
  );
});

describe('formatCalendarDate', () => {
  it.each(['Pacific/Kiritimati', 'America/Los_Angeles', 'Pacific/Pago_Pago', 'UTC'])(
    'shows the day that was sent, whatever the viewer zone (%s)',
    (zone) => {
      process.env.TZ = zone;
      expect(formatCalendarDate('2026-01-01', 'en-US')).toBe('Jan 1, 2026');
      expect(formatCalendarDate('2026-12-31', 'en-US', 'long')).toBe('December 31, 2026');
    },
  );

  it('uses the viewer locale', () => {
    expect(formatCalendarDate('2026-03-09', 'de-DE')).toBe('09.03.2026');
    expect(formatCalendarDate('2026-03-09', 'en-GB')).toBe('9 Mar 2026');
  });

  it('says "Not set" for missing or malformed dates', () => {
    expect(formatCalendarDate(null)).toBe('Not set');
    expect(formatCalendarDate('03-09-2026')).toBe('Not set');
  });
});

describe('formatCount', () => {
  it('groups a count of records as the locale does, as amounts are grouped', () => {
    expect(formatCount(2101, 'en-US')).toBe('2,101');
    expect(formatCount(10564, 'de-DE')).toBe('10.564');
    expect(formatCount(52, 'en-US')).toBe('52');
  });
});

describe('countOf', () => {
  it('names one record in the singular and any other count in the plural, grouped', () => {
    expect(countOf(1, 'investor account', 'investor accounts', 'en-US')).toBe('1 investor account');
    expect(countOf(0, 'entity', 'entities', 'en-US')).toBe('0 entities');
    expect(countOf(2100, 'trade', 'trades', 'en-US')).toBe('2,100 trades');
  });
});

describe('formatLocalDateTime', () => {
  it('shows the wall-clock time as written, without shifting it', () => {
    process.env.TZ = 'Asia/Tokyo';
    expect(formatLocalDateTime('2026-07-17T16:09:00', 'en-US')).toBe('Jul 17, 2026, 4:09 PM');
  });
});

describe('formatMoney and formatDecimal', () => {
  it('formats exact decimal strings: amounts half-up to cents, prices to six decimals', () => {
    expect(formatMoney('12345678901234567.89', { locale: 'en-US' })).toBe(
      '$12,345,678,901,234,567.89',
    );
    expect(formatMoney('0.1', { locale: 'en-US' })).toBe('$0.10');
    expect(formatMoney('10.125', { locale: 'en-US' })).toBe('$10.13');
    expect(formatMoney('10.125', { locale: 'en-US', precision: 'price' })).toBe('$10.125');
    expect(formatDecimal('1000000.000', 'en-US')).toBe('1,000,000');
    expect(formatDecimal('2.50', 'de-DE')).toBe('2,5');
  });

  it('names units in the singular for exactly one, and in the plural otherwise', () => {
    expect(formatUnits('1', 'en-US')).toBe('1 unit');
    expect(formatUnits('1.000', 'en-US')).toBe('1 unit');
    expect(formatUnits('10', 'en-US')).toBe('10 units');
    expect(formatUnits('1.5', 'en-US')).toBe('1.5 units');
    expect(formatUnits('0.1', 'en-US')).toBe('0.1 units');
    expect(formatUnits('1000', 'en-US')).toBe('1,000 units');
  });

  it('formats percentages with one decimal at most', () => {
    expect(formatPercent(0.5064, 'en-US')).toBe('50.6%');
  });
});

describe('a person reads a date anywhere in the portal', () => {
  it("sees the portal's own timestamps in their zone, the zone named", () => {
    expect(
      formatTimestamp('2026-07-17T16:09:00.000Z', { locale: 'en-US', timeZone: 'America/Denver' }),
    ).toBe('Jul 17, 2026, 10:09 AM MDT');
  });

  it("sees the platform's zone-less times in their zone, with the platform's reading after", () => {
    expect(
      formatTimestamp('2026-07-17T16:09:00', {
        locale: 'en-US',
        timeZone: 'America/New_York',
        sourceTimeZone: 'UTC',
      }),
    ).toBe('Jul 17, 2026, 12:09 PM EDT (4:09 PM UTC on the platform)');
  });

  it("sees the platform's date as well when its wall time falls on another day than theirs", () => {
    expect(
      formatTimestamp('2026-07-29T01:03:00', {
        locale: 'en-US',
        timeZone: 'America/Los_Angeles',
        sourceTimeZone: 'UTC',
      }),
    ).toBe('Jul 28, 2026, 6:03 PM PDT (Jul 29, 1:03 AM UTC on the platform)');
  });

  it("sees the portal's own instants (approvals, sessions, second factors) with the zone named", () => {
    const original = process.env.TZ;
    process.env.TZ = 'America/Denver';
    try {
      expect(formatInstant('2026-11-27T11:44:17.644Z', 'en-US')).toBe('Nov 27, 2026, 4:44 AM MST');
    } finally {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    }
  });

  it('sees no second reading when the platform is in their zone, and never "time zone not stated"', () => {
    const shown = formatTimestamp('2026-01-05T09:30:00', {
      locale: 'en-US',
      timeZone: 'UTC',
      sourceTimeZone: 'UTC',
    });
    expect(shown).toBe('Jan 5, 2026, 9:30 AM UTC');
    expect(formatTimestamp(null)).toBe('Not recorded');
  });
});

describe('a compliance reviewer reads an account and an entity', () => {
  it('sees words, not codes', () => {
    expect(formatCode('domestic_account')).toBe('Domestic (U.S.) account');
    expect(formatCode('checking')).toBe('Checking');
    expect(formatCode('disapproved')).toBe('Not approved');
    expect(formatCode('some_new_code')).toBe('Some new code');
    expect(formatCode('Individual')).toBe('Individual');
  });

  it('sees total assets as money, a phone grouped, a revealed tax id grouped', () => {
    expect(formatAmount('9750000')).toBe('$9,750,000.00');
    expect(formatPhone('7205558668')).toBe('(720) 555-8668');
    expect(formatPhone('+1 720 555 8668')).toBe('(720) 555-8668');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatTaxId('154728860', 'ssn')).toBe('154-72-8860');
    expect(formatTaxId('154728860', 'ein')).toBe('15-4728860');
  });
});

describe('viewerTimeZone', () => {
  // An unknown TZ (the string "undefined" among them) leaves Intl's zone undefined: the pages
  // would then name an empty zone, "Times in your time zone ()".
  it('is UTC where the runtime names no zone', () => {
    process.env.TZ = 'undefined';
    expect(viewerTimeZone()).toBe('UTC');
  });
});
