import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkIban,
  checkInternationalAccount,
  checkRoutingNumber,
  checkSwift,
  checkUsAccountNumber,
  ibanSchema,
  internationalAccountSchema,
  maskLast4,
  routingNumberSchema,
  swiftSchema,
  usAccountNumberSchema,
} from '../bank';

describe('checkRoutingNumber', () => {
  it.each([
    ['021000021', 'JPMorgan Chase, New York'],
    ['011000015', 'Federal Reserve Bank of Boston'],
    ['121000358', 'Bank of America, California'],
    ['026009593', 'Bank of America, New York'],
    ['091000019', 'Wells Fargo, Minnesota'],
    ['322271627', 'Chase, California (thrift prefix 32)'],
    ['061000104', 'Truist, Georgia'],
  ])('accepts %s (%s)', (routing) => {
    expect(checkRoutingNumber(routing)).toEqual({ ok: true, value: routing });
  });

  it('trims surrounding spaces', () => {
    expect(checkRoutingNumber(' 021000021 ')).toEqual({ ok: true, value: '021000021' });
  });

  const checksum = 'Routing number fails the ABA checksum — check for a typo';
  it.each([
    ['', 'Routing number is required'],
    ['   ', 'Routing number is required'],
    ['02100002', 'Routing number must be 9 digits'],
    ['0210000211', 'Routing number must be 9 digits'],
    ['02100002a', 'Routing number must be 9 digits'],
    ['021-000-021', 'Routing number must be 9 digits'],
    ['000000000', 'Routing number cannot be all zeros'],
    ['021000022', checksum], // last digit changed
    ['021000012', checksum], // last two digits transposed
    ['121000385', checksum], // last two digits transposed
    ['121003058', checksum], // middle digits transposed
    ['011000016', checksum],
    [
      '131000021', // checksum fits, but 13 is no Federal Reserve prefix
      'Routing number must start with 00–12, 21–32, 61–72 or 80 (a Federal Reserve prefix)',
    ],
  ])('rejects %j: %s', (routing, message) => {
    expect(checkRoutingNumber(routing)).toEqual({ ok: false, message });
  });
});

describe('checkUsAccountNumber', () => {
  it.each(['123456', '12345678901234567', '000123456789'])('accepts %s', (account) => {
    expect(checkUsAccountNumber(account)).toEqual({ ok: true, value: account });
  });

  it.each([
    ['', 'Account number is required'],
    ['12345', 'Account number must be 6 to 17 digits'],
    ['123456789012345678', 'Account number must be 6 to 17 digits'],
    ['12345A789', 'Account number must contain only digits'],
    ['1234 5678', 'Account number must contain only digits'],
  ])('rejects %j: %s', (account, message) => {
    expect(checkUsAccountNumber(account)).toEqual({ ok: false, message });
  });
});

describe('checkSwift', () => {
  it.each([
    ['DEUTDEFF', 'DEUTDEFF'],
    ['NWBKGB2L', 'NWBKGB2L'],
    ['CHASUS33XXX', 'CHASUS33XXX'],
    ['BOFAUS3N', 'BOFAUS3N'],
    ['DEUTDEFF500', 'DEUTDEFF500'],
    ['deutdeff', 'DEUTDEFF'],
    [' CHAS US 33 XXX ', 'CHASUS33XXX'],
  ])('accepts %j as %s', (input, value) => {
    expect(checkSwift(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'SWIFT/BIC code is required'],
    ['DEUTDEF', 'SWIFT/BIC code must be 8 to 11 letters and digits'],
    ['CHASUS33XXXX', 'SWIFT/BIC code must be 8 to 11 letters and digits'],
    ['DEUT-DEFF', 'SWIFT/BIC code may contain only letters and digits'],
    ['D3UTDEFF', 'SWIFT/BIC code must start with a 4-letter bank code'],
    ['DEUTZZFF', 'SWIFT/BIC code has "ZZ" where a country code belongs (characters 5–6)'],
    ['DEUT12FF', 'SWIFT/BIC code has "12" where a country code belongs (characters 5–6)'],
    ['DEUTDFEF', 'SWIFT/BIC code has "DF" where a country code belongs (characters 5–6)'],
  ])('rejects %j: %s', (input, message) => {
    expect(checkSwift(input)).toEqual({ ok: false, message });
  });
});

describe('an investor sends an international wire', () => {
  // §4.5 and §8: "SWIFT ID, 8 to 11 alphanumeric characters".
  it.each([
    ['DEUTDEFF5', 'DEUTDEFF5'],
    ['DEUTDEFF50', 'DEUTDEFF50'],
  ])('with a SWIFT/BIC code of 9 or 10 characters: %j is accepted', (input, value) => {
    expect(checkSwift(input)).toEqual({ ok: true, value });
  });

  // §4.5: "IBAN or account number, 14 to 34 alphanumeric characters".
  it.each(['AB12345678901234', 'XY99ACCOUNT0000012345', 'QQ00' + '7'.repeat(30)])(
    'to an account number that starts with two letters and two digits: %j is accepted',
    (input) => {
      expect(checkInternationalAccount(input)).toEqual({ ok: true, value: input });
    },
  );
});

describe('checkIban', () => {
  it.each([
    'GB82WEST12345698765432',
    'DE89370400440532013000',
    'FR1420041010050500013M02606',
    'NL91ABNA0417164300',
    'BE68539007547034',
    'CH9300762011623852957',
    'NO9386011117947',
    'ES9121000418450200051332',
    'IT60X0542811101000000123456',
    'AT611904300234573201',
  ])('accepts %s', (iban) => {
    expect(checkIban(iban)).toEqual({ ok: true, value: iban });
  });

  it('removes spaces and upper-cases', () => {
    expect(checkIban('gb82 west 1234 5698 7654 32')).toEqual({
      ok: true,
      value: 'GB82WEST12345698765432',
    });
  });

  const checksum = 'IBAN fails the checksum (mod 97) — check for a typo';
  it.each([
    ['', 'IBAN is required'],
    ['GB82WEST12345698765433', checksum], // last digit changed
    ['GB82WEST12345689765432', checksum], // two digits transposed
    ['GB28WEST12345698765432', checksum], // check digits transposed
    ['DE98370400440532013000', checksum],
    ['GB00WEST12345698765432', checksum], // check digits 00 are never issued
    ['GB82WEST1234569876543', 'IBAN from GB must be 22 characters'],
    ['DE893704004405320130001', 'IBAN from DE must be 22 characters'],
    ['ZZ82WEST12345698765432', 'IBAN starts with "ZZ", which is not a country code'],
    ['GB82WEST123', 'IBAN must be 14 to 34 letters and digits'],
    ['GB82' + '1'.repeat(31), 'IBAN must be 14 to 34 letters and digits'],
    ['GB82-WEST-1234-5698', 'IBAN may contain only letters and digits'],
    ['1282WEST12345698765432', 'IBAN must start with a 2-letter country code and 2 check digits'],
    ['GBX2WEST12345698765432', 'IBAN must start with a 2-letter country code and 2 check digits'],
  ])('rejects %j: %s', (input, message) => {
    expect(checkIban(input)).toEqual({ ok: false, message });
  });
});

describe('checkInternationalAccount', () => {
  it.each([
    ['GB82WEST12345698765432', 'GB82WEST12345698765432'],
    ['de89 3704 0044 0532 0130 00', 'DE89370400440532013000'],
    ['12345678901234', '12345678901234'], // plain account number, 14 characters
    ['ABC1234567890123', 'ABC1234567890123'], // not IBAN-shaped: three letters
    ['A'.repeat(34), 'A'.repeat(34)],
  ])('accepts %j as %s', (input, value) => {
    expect(checkInternationalAccount(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'IBAN or account number is required'],
    ['1234567890123', 'IBAN or account number must be 14 to 34 letters and digits'],
    ['1'.repeat(35), 'IBAN or account number must be 14 to 34 letters and digits'],
    ['1234567890123#', 'IBAN or account number may contain only letters and digits'],
    // Two letters and two digits: read as an IBAN, so a typo is caught (documented choice).
    [
      'GB82WEST12345698765433',
      'Account number in IBAN form fails the checksum (mod 97) — check for a typo',
    ],
    ['GB82WEST1234569876543', 'Account number in IBAN form from GB must be 22 characters'],
  ])('rejects %j: %s', (input, message) => {
    expect(checkInternationalAccount(input)).toEqual({ ok: false, message });
  });
});

describe('schemas', () => {
  it.each([
    [routingNumberSchema, ' 021000021 ', '021000021'],
    [usAccountNumberSchema, '123456789', '123456789'],
    [swiftSchema, 'chasus33xxx', 'CHASUS33XXX'],
    [ibanSchema, 'GB82 WEST 1234 5698 7654 32', 'GB82WEST12345698765432'],
    [internationalAccountSchema, '1234 5678 9012 34', '12345678901234'],
  ])('output the normalized value (%#)', (schema, input, output) => {
    expect(schema.parse(input)).toBe(output);
  });

  it.each([
    [routingNumberSchema, '021000022', 'Routing number fails the ABA checksum — check for a typo'],
    [routingNumberSchema, undefined, 'Routing number is required'],
    // There, but not text: said so, not called missing.
    [usAccountNumberSchema, 42, 'Account number must be text, not a number'],
    [swiftSchema, 'DEUTDEF', 'SWIFT/BIC code must be 8 to 11 letters and digits'],
    [ibanSchema, undefined, 'IBAN is required'],
    [
      internationalAccountSchema,
      '123',
      'IBAN or account number must be 14 to 34 letters and digits',
    ],
  ])('report the rule message (%#)', (schema, input, message) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('place the message on the field for forms', () => {
    const wire = z.object({ bankId: swiftSchema, bankAccountId: ibanSchema });
    const result = wire.safeParse({ bankId: 'DEUTDEFF', bankAccountId: 'DE89370400440532013001' });
    expect(result.error?.issues).toMatchObject([
      { path: ['bankAccountId'], message: 'IBAN fails the checksum (mod 97) — check for a typo' },
    ]);
  });

  it('compose and still render as JSON Schema for the OpenAPI document', () => {
    const wire = z.object({ bankId: routingNumberSchema, note: ibanSchema.optional() });
    expect(z.toJSONSchema(wire)).toMatchObject({
      properties: { bankId: { type: 'string' }, note: { type: 'string' } },
    });
  });
});

describe('maskLast4', () => {
  it.each([
    ['123456789', '••••6789'],
    ['GB82WEST12345698765432', '••••5432'],
    ['12345', '••••2345'],
    ['1234', '••••'],
    ['', '••••'],
  ])('%j → %s', (input, masked) => {
    expect(maskLast4(input)).toBe(masked);
  });
});
