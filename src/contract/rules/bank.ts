import { isBankingCountryCode } from './countries';
import { fail, pass, ruleSchema, type RuleResult } from './result';

/**
 * Bank identifiers for wire disbursements (interface document §4.5, §8): a domestic wire names a
 * routing number and a U.S. account number; an international wire names a SWIFT/BIC code and an
 * IBAN or account number. Each check trims the input and returns the value the upstream expects.
 */

export function checkRoutingNumber(input: string): RuleResult {
  const value = input.trim();
  if (value === '') return fail('Routing number is required');
  if (!/^\d{9}$/.test(value)) return fail('Routing number must be 9 digits');
  if (/^0+$/.test(value)) return fail('Routing number cannot be all zeros');
  if (!hasFederalReservePrefix(value)) {
    return fail(
      'Routing number must start with 00–12, 21–32, 61–72 or 80 (a Federal Reserve prefix)',
    );
  }
  if (!abaChecksumHolds(value))
    return fail('Routing number fails the ABA checksum — check for a typo');
  return pass(value);
}

export function checkUsAccountNumber(input: string): RuleResult {
  const value = input.trim();
  if (value === '') return fail('Account number is required');
  if (!/^\d+$/.test(value)) return fail('Account number must contain only digits');
  if (value.length < 6 || value.length > 17) return fail('Account number must be 6 to 17 digits');
  return pass(value);
}

/**
 * The document allows "8 to 11 alphanumeric characters" (§4.5, §8), so every length in between
 * is accepted even though ISO 9362 issues only 8 or 11: refusing what the upstream takes would
 * stop a real wire. The ISO structure still catches typos at the start: bank code (4 letters),
 * then country (2 letters). A location whose second character is 0 marks a test BIC.
 */
export function checkSwift(input: string): RuleResult {
  const value = input.replace(/\s+/g, '').toUpperCase();
  if (value === '') return fail('SWIFT/BIC code is required');
  if (!/^[A-Z0-9]+$/.test(value)) return fail('SWIFT/BIC code may contain only letters and digits');
  if (value.length < 8 || value.length > 11) {
    return fail('SWIFT/BIC code must be 8 to 11 letters and digits');
  }
  if (!/^[A-Z]{4}/.test(value)) return fail('SWIFT/BIC code must start with a 4-letter bank code');
  const country = value.slice(4, 6);
  if (!isBankingCountryCode(country)) {
    return fail(`SWIFT/BIC code has "${country}" where a country code belongs (characters 5–6)`);
  }
  return pass(value);
}

export function checkIban(input: string): RuleResult {
  const value = compact(input);
  if (value === '') return fail('IBAN is required');
  const problem = ibanProblem(value);
  return problem ? fail(`IBAN ${problem}`) : pass(value);
}

/**
 * An international account number: "IBAN or account number, 14 to 34 alphanumeric characters"
 * (§4.5, §8). The document does not say how to tell them apart, so we decide: a value starting
 * with the code of a country that issues IBANs and two digits is read as an IBAN and must pass
 * every IBAN check (length, mod 97), so a typo in an IBAN is caught instead of waved through.
 * Anything else (including "AB12…", whose letters are no IBAN country) is an account number and
 * only has to be 14 to 34 letters and digits, as the document says.
 */
export function checkInternationalAccount(input: string): RuleResult {
  const value = compact(input);
  if (value === '') return fail('IBAN or account number is required');
  if (looksLikeIban(value) && IBAN_LENGTHS[value.slice(0, 2)] !== undefined) {
    const problem = ibanProblem(value);
    return problem ? fail(`Account number in IBAN form ${problem}`) : pass(value);
  }
  if (!/^[A-Z0-9]+$/.test(value))
    return fail('IBAN or account number may contain only letters and digits');
  if (value.length < 14 || value.length > 34) {
    return fail('IBAN or account number must be 14 to 34 letters and digits');
  }
  return pass(value);
}

export const routingNumberSchema = ruleSchema(checkRoutingNumber, 'Routing number is required');
export const usAccountNumberSchema = ruleSchema(checkUsAccountNumber, 'Account number is required');
export const swiftSchema = ruleSchema(checkSwift, 'SWIFT/BIC code is required');
export const ibanSchema = ruleSchema(checkIban, 'IBAN is required');
// The field is named as the form names it: "IBAN or account number".
export const internationalAccountSchema = ruleSchema(
  checkInternationalAccount,
  'IBAN or account number is required',
);

/** `••••1234`. Values of 4 characters or fewer are hidden entirely: showing them is no masking. */
export function maskLast4(value: string): string {
  const visible = value.trim();
  return visible.length > 4 ? `••••${visible.slice(-4)}` : '••••';
}

// IBANs are written in groups of four; the document says to count them without spaces (§8).
const compact = (input: string) => input.replace(/\s+/g, '').toUpperCase();

const looksLikeIban = (value: string) => /^[A-Z]{2}\d{2}/.test(value);

/** Returns what is wrong with an IBAN as the rest of a sentence, or null when it is valid. */
function ibanProblem(value: string): string | null {
  if (!/^[A-Z0-9]+$/.test(value)) return 'may contain only letters and digits';
  if (value.length < 14 || value.length > 34) return 'must be 14 to 34 letters and digits';
  if (!looksLikeIban(value)) return 'must start with a 2-letter country code and 2 check digits';
  const country = value.slice(0, 2);
  if (!isBankingCountryCode(country))
    return `starts with "${country}", which is not a country code`;
  const expected = IBAN_LENGTHS[country];
  if (expected !== undefined && value.length !== expected) {
    return `from ${country} must be ${expected} characters`;
  }
  if (!ibanChecksumHolds(value)) return 'fails the checksum (mod 97) — check for a typo';
  return null;
}

/** ISO 13616: move the first four characters to the end, letters become 10..35, mod 97 is 1. */
function ibanChecksumHolds(iban: string): boolean {
  // Check digits 00, 01 and 99 are never issued; 99 would otherwise pass as an alias of 02.
  const checkDigits = Number(iban.slice(2, 4));
  if (checkDigits < 2 || checkDigits > 98) return false;
  let remainder = 0;
  for (const char of iban.slice(4) + iban.slice(0, 4)) {
    const digits = String(parseInt(char, 36));
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** ABA weights 3, 7, 1 repeated over the nine digits; the sum must be a multiple of 10. */
function abaChecksumHolds(routing: string): boolean {
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const total = weights.reduce((sum, weight, i) => sum + weight * Number(routing[i]), 0);
  return total % 10 === 0;
}

/**
 * The first two digits of an ABA number are 00 (U.S. Government), 01–12 (Federal Reserve
 * districts), 21–32 (thrifts), 61–72 (electronic transactions) or 80 (traveler's checks).
 * Other prefixes are unassigned, so a number starting with them is a typo even if the sum fits.
 */
function hasFederalReservePrefix(routing: string): boolean {
  const prefix = Number(routing.slice(0, 2));
  return (
    prefix <= 12 ||
    (prefix >= 21 && prefix <= 32) ||
    (prefix >= 61 && prefix <= 72) ||
    prefix === 80
  );
}

/**
 * IBAN lengths from the SWIFT IBAN registry. Countries missing here (recent or partial adopters)
 * get only the generic checks: rejecting a valid IBAN is worse than missing a length typo, which
 * mod 97 still catches in almost every case.
 */
// prettier-ignore
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28,
  CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18,
  FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HR: 21, HU: 28, IE: 22,
  IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20,
  LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28, NL: 18,
  NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31,
  SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29,
  VA: 22, VG: 24, XK: 20,
};
