/**
 * ISO 3166-1 alpha-2 country codes (the 249 officially assigned codes). Used to validate the
 * country part of SWIFT/BIC codes and IBANs, and country fields such as `issuingCountry` and
 * `mailingCountry` (interface document §4.6, §4.7).
 */
// prettier-ignore
export const COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
  'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS',
  'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN',
  'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE',
  'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF',
  'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM',
  'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM',
  'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC',
  'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK',
  'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
  'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG',
  'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW',
  'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS',
  'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO',
  'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
  'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
] as const;

export type CountryCode = (typeof COUNTRY_CODES)[number];

const countryCodes: ReadonlySet<string> = new Set(COUNTRY_CODES);

export function isCountryCode(code: string): code is CountryCode {
  return countryCodes.has(code);
}

/**
 * Kosovo has no ISO 3166-1 code but banks use the user-assigned `XK` in BICs and IBANs (it is in
 * the SWIFT IBAN registry), so banking identifiers accept it on top of the ISO list.
 */
export function isBankingCountryCode(code: string): boolean {
  return isCountryCode(code) || code === 'XK';
}

/** Country name in the viewer's language, from the runtime's own data (no list to maintain). */
export function countryName(code: CountryCode, locale?: string): string {
  return new Intl.DisplayNames(locale, { type: 'region' }).of(code) ?? code;
}

/**
 * The countries a picker offers first, ahead of the alphabetical list: the platform's users are
 * mostly in the United States, whose name would otherwise sit deep in the list among the U's.
 */
const FIRST_COUNTRIES: readonly CountryCode[] = ['US'];

/**
 * Options for a country picker: the United States first, then every other country once, sorted by
 * name in the viewer's language. A native select's type-ahead still finds any name by its letters.
 */
export function countryOptions(locale?: string): { code: CountryCode; name: string }[] {
  const names = new Intl.DisplayNames(locale, { type: 'region' });
  const collator = new Intl.Collator(locale);
  const option = (code: CountryCode) => ({ code, name: names.of(code) ?? code });
  const rest = COUNTRY_CODES.filter((code) => !FIRST_COUNTRIES.includes(code))
    .map(option)
    .sort((a, b) => collator.compare(a.name, b.name));
  return [...FIRST_COUNTRIES.map(option), ...rest];
}
