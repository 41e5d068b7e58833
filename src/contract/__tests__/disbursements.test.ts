import { describe, expect, it } from 'vitest';
import {
  disbursementFormSchema,
  makeDisbursementFormSchema,
  toDisbursementRequest,
} from '../disbursements';

const domestic = {
  type: 'wire_domestic',
  amount: '10',
  bankId: '021000021',
  bankAccountId: '123456',
};
const international = {
  type: 'wire_international',
  amount: '10',
  bankId: 'deutdeff500',
  bankAccountId: 'GB82 WEST 1234 5698 7654 32',
};

const fieldsOf = (input: unknown) => {
  const result = disbursementFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('disbursement request union (§4.5, §8)', () => {
  it.each([
    ['ACH of one cent', { type: 'ach', amount: '0.01' }],
    ['ACH with a canonical amount', { type: 'ach', amount: '1250.500000' }],
    ['a domestic wire', domestic],
    ['a domestic wire, 17-digit account', { ...domestic, bankAccountId: '12345678901234567' }],
    ['an international wire with an IBAN', international],
    [
      'an international wire with a plain account number',
      { ...international, bankAccountId: '12345678901234' },
    ],
    ['additional details of 500 characters', { ...domestic, additionalDetails: 'x'.repeat(500) }],
  ])('accepts %s', (_, input) => {
    expect(fieldsOf(input)).toEqual([]);
  });

  it('normalizes what it accepts: amount canonical, SWIFT and IBAN compact upper case', () => {
    const parsed = disbursementFormSchema.parse({ ...international, amount: '0010.50' });
    expect(parsed).toMatchObject({
      amount: '10.5',
      bankId: 'DEUTDEFF500',
      bankAccountId: 'GB82WEST12345698765432',
    });
  });

  it('keeps only the fields the type uses', () => {
    const ach = disbursementFormSchema.parse({
      type: 'ach',
      amount: '5',
      bankId: '021000021',
      bankAccountId: '123456',
    });
    expect(ach).toEqual({ type: 'ach', amount: '5' });
    expect(toDisbursementRequest('A1', ach)).toEqual({ type: 'ach', accountId: 'A1', amount: '5' });
  });

  it.each([
    ['no type', { amount: '5' }, /Choose how to send/],
    ['a zero amount', { type: 'ach', amount: '0' }, /amount: Amount must be at least \$0\.01/],
    [
      'less than a cent',
      { type: 'ach', amount: '0.001' },
      /at most 2 decimal places \(whole cents\)/,
    ],
    // Whole cents is the rule, however many places the fraction of a cent was typed with.
    [
      'seven decimals',
      { type: 'ach', amount: '0.0000001' },
      /at most 2 decimal places \(whole cents\)/,
    ],
    ['an exponent', { type: 'ach', amount: '1e3' }, /must be a number/],
    [
      'routing of 10 digits',
      { ...domestic, bankId: '0210000210' },
      /bankId: Routing number must be 9 digits/,
    ],
    ['routing with a bad checksum', { ...domestic, bankId: '021000020' }, /ABA checksum/],
    [
      'routing with an unassigned prefix',
      { ...domestic, bankId: '500000005' },
      /Federal Reserve prefix/,
    ],
    ['U.S. account of 5 digits', { ...domestic, bankAccountId: '12345' }, /6 to 17 digits/],
    ['SWIFT of 12 characters', { ...international, bankId: 'DEUTDEFF500X' }, /8 to 11 letters/],
    [
      'SWIFT with digits in the bank code',
      { ...international, bankId: 'D3UTDEFF' },
      /4-letter bank code/,
    ],
    [
      'IBAN with a wrong check digit',
      { ...international, bankAccountId: 'GB83WEST12345698765432' },
      /mod 97/,
    ],
    [
      'IBAN of the wrong length for its country',
      { ...international, bankAccountId: 'GB82WEST1234569876543' },
      /must be 22 characters/,
    ],
    [
      'additional details of 501 characters',
      { ...domestic, additionalDetails: 'x'.repeat(501) },
      /at most 500/,
    ],
    [
      'a wire missing its account',
      { ...domestic, bankAccountId: undefined },
      /bankAccountId: Account number is required/,
    ],
  ])('refuses %s', (_, input, message) => {
    expect(fieldsOf(input).join('\n')).toMatch(message);
  });

  it('refuses a figure too long to be real by the ceiling, not by a count of digits', () => {
    const result = makeDisbursementFormSchema('100000').safeParse({
      type: 'ach',
      amount: '99999999999999999',
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Amount cannot be more than $100,000.00 per request; split larger transfers or contact support',
    ]);
  });
});
