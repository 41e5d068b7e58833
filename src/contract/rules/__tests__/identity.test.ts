import { describe, expect, it, vi } from 'vitest';
import {
  COUNTRY_CODES,
  US_STATES,
  US_STATE_OPTIONS,
  adultDateOfBirthSchema,
  ageOn,
  checkCountryCode,
  checkDateOfBirth,
  checkEin,
  checkSsn,
  checkUsState,
  checkZip,
  makeCountryCodeSchema,
  countryName,
  countryOptions,
  einSchema,
  makeDateOfBirthSchema,
  maskSsn,
  maskTaxId,
  ssnSchema,
  usStateSchema,
  zipSchema,
} from '../identity';

describe('checkEin', () => {
  it.each([
    ['123456789', '123456789'],
    ['12-3456789', '123456789'],
    [' 01-2345678 ', '012345678'], // a leading 0 is kept: the value is a string, not a number
  ])('accepts %j as %s', (input, value) => {
    expect(checkEin(input)).toEqual({ ok: true, value });
  });

  const shape = 'Company tax ID must be 9 digits, such as 12-3456789';
  it.each([
    ['', 'Company tax ID is required'],
    ['12345678', shape],
    ['1234567890', shape],
    ['123-456789', shape],
    ['12-345-6789', shape],
    ['12 3456789', shape],
    ['AB-3456789', shape],
    ['00-1234567', 'Company tax ID cannot start with 00'],
  ])('rejects %j: %s', (input, message) => {
    expect(checkEin(input)).toEqual({ ok: false, message });
  });
});

describe('checkSsn', () => {
  it.each([
    ['123-45-6789', '123-45-6789'],
    ['123456789', '123-45-6789'],
    ['665-01-0001', '665-01-0001'],
    ['899-99-9999', '899-99-9999'],
  ])('accepts %j as %s', (input, value) => {
    expect(checkSsn(input)).toEqual({ ok: true, value });
  });

  const shape = 'Social Security number must be 9 digits, such as 123-45-6789';
  const area = 'Social Security number cannot start with 000, 666 or 9';
  it.each([
    ['', 'Social Security number is required'],
    ['123-45-678', shape],
    ['12-345-6789', shape],
    ['123-45-67890', shape],
    ['123-4S-6789', shape],
    ['000-12-3456', area],
    ['666-12-3456', area],
    ['900-12-3456', area],
    ['999-12-3456', area],
    ['123-00-4567', 'Social Security number cannot have 00 as its middle two digits'],
    ['123-45-0000', 'Social Security number cannot end with 0000'],
  ])('rejects %j: %s', (input, message) => {
    expect(checkSsn(input)).toEqual({ ok: false, message });
  });
});

describe('checkDateOfBirth', () => {
  const today = '2026-03-10';

  it.each(['1990-02-28', '2000-02-29', '1900-01-01', '2026-03-09'])('accepts %s', (dob) => {
    expect(checkDateOfBirth(dob, { today })).toEqual({ ok: true, value: dob });
  });

  it.each([
    ['', 'Date of birth is required'],
    ['03-10-1990', 'Date of birth must be a date YYYY-MM-DD'],
    ['1990-3-10', 'Date of birth must be a date YYYY-MM-DD'],
    ['1990-02-29', 'Date of birth must be a real calendar date'],
    ['1900-02-29', 'Date of birth must be a real calendar date'], // 1900 was not a leap year
    ['1990-13-01', 'Date of birth must be a real calendar date'],
    ['1990-04-31', 'Date of birth must be a real calendar date'],
    ['1899-12-31', 'Date of birth must be in 1900 or later'],
    ['2026-03-10', 'Date of birth must be in the past'],
    ['2030-01-01', 'Date of birth must be in the past'],
  ])('rejects %j: %s', (dob, message) => {
    expect(checkDateOfBirth(dob, { today })).toEqual({ ok: false, message });
  });

  it.each([
    ['2008-03-10', true], // 18 today
    ['2008-03-11', false], // 18 tomorrow
  ])('with a minimum age of 18 on %s: %s', (dob, ok) => {
    expect(checkDateOfBirth(dob, { today, minimumAge: 18 }).ok).toBe(ok);
  });

  it('names the age in the message', () => {
    expect(checkDateOfBirth('2010-01-01', { today, minimumAge: 18 })).toEqual({
      ok: false,
      message: 'Date of birth must show an age of 18 or older',
    });
  });

  it('counts today in US Eastern time: at 8:30 PM on December 31 in New York, eighteen years less a day is 17', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 2027-01-01 in UTC, still 2026-12-31 in New York (§8).
      vi.setSystemTime(new Date('2027-01-01T01:30:00Z'));
      expect(checkDateOfBirth('2009-01-01', { minimumAge: 18 })).toEqual({
        ok: false,
        message: 'Date of birth must show an age of 18 or older',
      });
      expect(checkDateOfBirth('2008-12-31', { minimumAge: 18 }).ok).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('schemas keep ISO dates and read today at validation time', () => {
    expect(makeDateOfBirthSchema({ today }).parse('1990-02-28')).toBe('1990-02-28');
    expect(adultDateOfBirthSchema.safeParse('1990-02-28').success).toBe(true);
    expect(adultDateOfBirthSchema.safeParse('2999-01-01').error?.issues[0].message).toBe(
      'Date of birth must be in the past',
    );
  });
});

describe('ageOn', () => {
  it.each([
    ['2000-06-15', '2026-06-14', 25],
    ['2000-06-15', '2026-06-15', 26],
    ['2008-02-29', '2026-02-28', 17], // leap-day birthdays come on 1 March in common years
    ['2008-02-29', '2026-03-01', 18],
    ['2008-02-29', '2028-02-29', 20],
  ])('born %s, on %s: %i', (dob, on, age) => {
    expect(ageOn(dob, on)).toBe(age);
  });
});

describe('checkUsState', () => {
  it.each([
    ['NY', 'NY'],
    ['ny', 'NY'],
    [' dc ', 'DC'],
    ['PR', 'PR'],
    ['GU', 'GU'],
  ])('accepts %j as %s', (input, value) => {
    expect(checkUsState(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'State is required'],
    ['N', 'State must be a two-letter code, such as NY'],
    ['New York', 'State must be a two-letter code, such as NY'],
    ['XX', 'State "XX" is not a U.S. state or territory code'],
    ['AA', 'State "AA" is not a U.S. state or territory code'],
  ])('rejects %j: %s', (input, message) => {
    expect(checkUsState(input)).toEqual({ ok: false, message });
  });

  it('lists 50 states and DC, then 5 territories', () => {
    expect(Object.keys(US_STATES)).toHaveLength(51);
    expect(US_STATE_OPTIONS).toHaveLength(56);
    expect(US_STATE_OPTIONS[0]).toEqual({ code: 'AL', name: 'Alabama' });
    expect(US_STATE_OPTIONS.at(-1)).toEqual({ code: 'VI', name: 'U.S. Virgin Islands' });
  });
});

describe('checkZip', () => {
  it.each([
    ['12345', '12345'],
    ['12345-6789', '12345-6789'],
    ['123456789', '12345-6789'],
    ['12345 6789', '12345-6789'],
  ])('accepts %j as %s', (input, value) => {
    expect(checkZip(input)).toEqual({ ok: true, value });
  });

  const shape = 'ZIP code must be 5 digits or ZIP+4, such as 12345 or 12345-6789';
  it.each([
    ['', 'ZIP code is required'],
    ['1234', shape],
    ['123456', shape],
    ['12345-678', shape],
    ['ABCDE', shape],
  ])('rejects %j: %s', (input, message) => {
    expect(checkZip(input)).toEqual({ ok: false, message });
  });
});

describe('countries', () => {
  it('holds the 249 ISO 3166-1 alpha-2 codes, each with a name', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const code of COUNTRY_CODES) expect(countryName(code, 'en')).not.toBe(code);
  });

  it('names and sorts in the viewer language', () => {
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'de')).toBe('Deutschland');
    const options = countryOptions('en');
    expect(options[1]).toEqual({ code: 'AF', name: 'Afghanistan' });
    expect(options).toHaveLength(249);
  });

  it('offers the United States first, then every other country once, alphabetically', () => {
    for (const locale of ['en', 'de']) {
      const options = countryOptions(locale);
      expect(options[0]).toEqual({ code: 'US', name: countryName('US', locale) });
      const rest = options.slice(1);
      expect(rest.map((o) => o.code)).not.toContain('US');
      const collator = new Intl.Collator(locale);
      const sorted = [...rest].sort((a, b) => collator.compare(a.name, b.name));
      expect(rest).toEqual(sorted);
      expect(new Set(options.map((o) => o.code)).size).toBe(249);
    }
  });

  it.each([
    ['us', { ok: true, value: 'US' }],
    ['GB', { ok: true, value: 'GB' }],
    ['', { ok: false, message: 'Country is required' }],
    [
      'XYZ',
      { ok: false, message: 'Country must be a two-letter code such as US, or a country name' },
    ],
    ['ZZ', { ok: false, message: 'Country "ZZ" is not an ISO 3166 country code' }],
    ['XK', { ok: false, message: 'Country "XK" is not an ISO 3166 country code' }],
  ])('checkCountryCode(%j)', (input, result) => {
    expect(checkCountryCode(input)).toEqual(result);
  });

  it('names the field as its form labels it', () => {
    expect(checkCountryCode('XX', 'Issuing country')).toEqual({
      ok: false,
      message: 'Issuing country "XX" is not an ISO 3166 country code',
    });
    expect(checkCountryCode('XYZ', 'Issuing country')).toEqual({
      ok: false,
      message: 'Issuing country must be a two-letter code such as US, or a country name',
    });
  });
});

describe('an investor types the country of their address', () => {
  it.each([
    ['USA', 'US'],
    ['usa', 'US'],
    ['United States', 'US'],
    ['united kingdom', 'GB'],
    ['Germany', 'DE'],
  ])('as %j, and it is read as %s', (input, code) => {
    expect(checkCountryCode(input)).toEqual({ ok: true, value: code });
  });
});

describe('schemas', () => {
  it.each([
    [einSchema, '12-3456789', '123456789'],
    [ssnSchema, '123456789', '123-45-6789'],
    [usStateSchema, 'ca', 'CA'],
    [zipSchema, '123456789', '12345-6789'],
    [makeCountryCodeSchema('Country'), 'de', 'DE'],
  ])('output the normalized value (%#)', (schema, input, output) => {
    expect(schema.parse(input)).toBe(output);
  });

  it.each([
    [einSchema, 'Company tax ID is required'],
    [ssnSchema, 'Social Security number is required'],
    [usStateSchema, 'State is required'],
    [zipSchema, 'ZIP code is required'],
    [makeCountryCodeSchema('Country'), 'Country is required'],
    [makeCountryCodeSchema('Issuing country'), 'Issuing country is required'],
  ])('say which field is missing (%#)', (schema, message) => {
    expect(schema.safeParse(undefined).error?.issues[0].message).toBe(message);
    expect(schema.safeParse('').error?.issues[0].message).toBe(message);
  });
});

describe('masks', () => {
  it.each([
    [maskTaxId, '123456789', '••-•••6789'],
    [maskTaxId, '12-3456789', '••-•••6789'],
    [maskTaxId, '123', '••-•••••••'],
    [maskSsn, '123-45-6789', '•••-••-6789'],
    [maskSsn, '123456789', '•••-••-6789'],
    [maskSsn, '', '•••-••-••••'],
  ])('%#: %j → %s', (mask, input, masked) => {
    expect(mask(input)).toBe(masked);
  });
});
