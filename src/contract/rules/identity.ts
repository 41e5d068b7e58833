import { EASTERN, isCalendarDate, todayInZone } from '../time';
import { COUNTRY_CODES, countryName, isCountryCode } from './countries';
import { fail, pass, ruleSchema, type RuleResult } from './result';

/**
 * Identity fields of createIssuerAccount and addCustodyAccountSupplement (interface document
 * §4.6, §4.7, §8). Each check accepts what people type and returns what the upstream expects.
 */

/**
 * Employer tax ID: "9 digits, no hyphens" upstream (§4.6, §8). People write it 12-3456789, so the
 * hyphen is accepted and removed. The prefix 00 is never issued by the IRS. The document types it
 * as an integer: the wire layer must keep it a 9-character string, or EINs starting with 0 lose
 * a digit.
 */
export function checkEin(input: string): RuleResult {
  const value = input.trim();
  if (value === '') return fail('Company tax ID is required');
  if (!/^\d{2}-?\d{7}$/.test(value)) {
    return fail('Company tax ID must be 9 digits, such as 12-3456789');
  }
  const digits = value.replace('-', '');
  if (digits.startsWith('00')) return fail('Company tax ID cannot start with 00');
  return pass(digits);
}

/**
 * Social Security number, sent as xxx-xx-xxxx (§4.6); typed with or without hyphens. The SSA
 * never issues area 000, 666 or 900–999, group 00 or serial 0000.
 */
export function checkSsn(input: string): RuleResult {
  const match = /^(\d{3})-?(\d{2})-?(\d{4})$/.exec(input.trim());
  if (input.trim() === '') return fail('Social Security number is required');
  if (!match) return fail('Social Security number must be 9 digits, such as 123-45-6789');
  const [, area, group, serial] = match;
  if (area === '000' || area === '666' || area.startsWith('9')) {
    return fail('Social Security number cannot start with 000, 666 or 9');
  }
  if (group === '00') return fail('Social Security number cannot have 00 as its middle two digits');
  if (serial === '0000') return fail('Social Security number cannot end with 0000');
  return pass(`${area}-${group}-${serial}`);
}

export interface DateOfBirthOptions {
  /**
   * Today's date, YYYY-MM-DD; defaults to today in US Eastern time, the portal's business day (§8):
   * at 8 PM on December 31 in New York, someone born on January 1 eighteen years before is 17.
   */
  today?: string;
  /** Minimum age in whole years on `today`, for example 18. */
  minimumAge?: number;
  /** The field as its form labels it, named by each message; "Date of birth" unless given. */
  field?: string;
}

/**
 * Date of birth as ISO YYYY-MM-DD, the value of a date field. It stays ISO in our contract; the
 * wire layer writes it as the upstream's MM-DD-YYYY (§4.6).
 */
export function checkDateOfBirth(input: string, options: DateOfBirthOptions = {}): RuleResult {
  const value = input.trim();
  const field = options.field ?? 'Date of birth';
  const today = options.today ?? todayInZone(EASTERN);
  if (value === '') return fail(`${field} is required`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return fail(`${field} must be a date YYYY-MM-DD`);
  if (!isCalendarDate(value)) return fail(`${field} must be a real calendar date`);
  if (value < '1900-01-01') return fail(`${field} must be in 1900 or later`);
  // ISO dates compare in calendar order as strings.
  if (value >= today) return fail(`${field} must be in the past`);
  const { minimumAge } = options;
  if (minimumAge !== undefined && ageOn(value, today) < minimumAge) {
    return fail(`${field} must show an age of ${minimumAge} or older`);
  }
  return pass(value);
}

/** Age in whole years on `on` (both YYYY-MM-DD); someone born on 29 February ages on 1 March. */
export function ageOn(dateOfBirth: string, on: string): number {
  const years = Number(on.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return on.slice(5) >= dateOfBirth.slice(5) ? years : years - 1;
}

// 50 states and DC; USPS codes.
// prettier-ignore
export const US_STATES = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado',
  CT: 'Connecticut', DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia',
  HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas',
  KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts',
  MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico',
  NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma',
  OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota',
  TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont', VA: 'Virginia', WA: 'Washington',
  WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
} as const;

// Inhabited territories with USPS codes. Military (AA, AE, AP) and freely associated states
// (FM, MH, PW) are left out: the document asks for a state abbreviation (§4.6).
// prettier-ignore
const US_TERRITORIES = {
  AS: 'American Samoa', GU: 'Guam', MP: 'Northern Mariana Islands', PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
} as const;

export type UsStateCode = keyof typeof US_STATES | keyof typeof US_TERRITORIES;

const usStateNames: Readonly<Record<string, string>> = { ...US_STATES, ...US_TERRITORIES };

function isUsStateCode(code: string): code is UsStateCode {
  return Object.hasOwn(usStateNames, code);
}

/** Options for a state picker: states and DC by name, then the territories. */
export const US_STATE_OPTIONS: readonly { code: UsStateCode; name: string }[] = [
  ...Object.entries(US_STATES).sort(([, a], [, b]) => a.localeCompare(b, 'en')),
  ...Object.entries(US_TERRITORIES),
].map(([code, name]) => ({ code: code as UsStateCode, name }));

/** A U.S. state or territory code; `field` is the field as its form labels it. */
export function checkUsState(input: string, field = 'State'): RuleResult {
  const value = input.trim().toUpperCase();
  if (value === '') return fail(`${field} is required`);
  if (!/^[A-Z]{2}$/.test(value)) return fail(`${field} must be a two-letter code, such as NY`);
  if (!isUsStateCode(value))
    return fail(`${field} "${value}" is not a U.S. state or territory code`);
  return pass(value);
}

/**
 * ZIP code 12345 or ZIP+4 12345-6789 (nine digits typed together get their hyphen); `field` is
 * the field as its form labels it.
 */
export function checkZip(input: string, field = 'ZIP code'): RuleResult {
  const match = /^(\d{5})(?:[-\s]?(\d{4}))?$/.exec(input.trim());
  if (input.trim() === '') return fail(`${field} is required`);
  if (!match) return fail(`${field} must be 5 digits or ZIP+4, such as 12345 or 12345-6789`);
  return pass(match[2] ? `${match[1]}-${match[2]}` : match[1]);
}

/**
 * ISO 3166-1 alpha-2 country code, such as US (for `issuingCountry`, `mailingCountry`). `field`
 * is the field as its form labels it, so the message names what the person sees.
 */
export function checkCountryCode(input: string, field = 'Country'): RuleResult {
  const value = input.trim().toUpperCase();
  if (value === '') return fail(`${field} is required`);
  // People write the United States as US, USA or its name; all mean the code the upstream takes.
  const named = countryFromName(value);
  if (named) return pass(named);
  if (!/^[A-Z]{2}$/.test(value)) {
    return fail(`${field} must be a two-letter code such as US, or a country name`);
  }
  if (!isCountryCode(value)) return fail(`${field} "${value}" is not an ISO 3166 country code`);
  return pass(value);
}

/** Common ways of writing a country that are not its two-letter code. */
const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  USA: 'US',
  'U.S.': 'US',
  'U.S.A.': 'US',
  'UNITED STATES OF AMERICA': 'US',
  UK: 'GB',
  'GREAT BRITAIN': 'GB',
};

let englishNames: Map<string, string> | undefined;

/** The code of a country written by its English name or a common alias; null otherwise. */
function countryFromName(upper: string): string | null {
  if (COUNTRY_ALIASES[upper]) return COUNTRY_ALIASES[upper];
  if (upper.length <= 2) return null;
  englishNames ??= new Map(
    COUNTRY_CODES.map((code) => [countryName(code, 'en').toUpperCase(), code as string]),
  );
  return englishNames.get(upper) ?? null;
}

export const einSchema = ruleSchema(checkEin, 'Company tax ID is required');
export const ssnSchema = ruleSchema(checkSsn, 'Social Security number is required');
export const usStateSchema = ruleSchema(checkUsState, 'State is required');
export const zipSchema = ruleSchema(checkZip, 'ZIP code is required');

/** A country code field, its messages naming it as its form labels it ("Issuing country"). */
export function makeCountryCodeSchema(field: string) {
  return ruleSchema((input) => checkCountryCode(input, field), `${field} is required`);
}

/**
 * A date-of-birth schema. "Today" is read at validation time unless fixed, so a long-lived
 * schema stays right after midnight.
 */
export function makeDateOfBirthSchema(options: DateOfBirthOptions = {}) {
  return ruleSchema((input) => checkDateOfBirth(input, options), 'Date of birth is required');
}

export const adultDateOfBirthSchema = makeDateOfBirthSchema({ minimumAge: 18 });

/** `••-•••6789`: the last four digits of an EIN, with or without its hyphen. */
export function maskTaxId(value: string): string {
  return `••-•••${lastFourDigits(value)}`;
}

/** `•••-••-6789` */
export function maskSsn(value: string): string {
  return `•••-••-${lastFourDigits(value)}`;
}

/** `•••••6789`: the last four digits of a tax id whose kind (EIN or SSN) is not known. */
export function maskLastFour(value: string): string {
  return `•••••${lastFourDigits(value)}`;
}

/** Short or garbled values are masked entirely rather than shown. */
function lastFourDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length >= 9 ? digits.slice(-4) : '••••';
}

// The country list lives with the banking rules that also need it; offered here for forms.
export { COUNTRY_CODES, countryName, countryOptions, isCountryCode } from './countries';
