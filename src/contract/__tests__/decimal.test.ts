import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  amountSchema,
  checkAmount,
  compare,
  formatMoney,
  formatShares,
  isDecimalString,
  makeAmountSchema,
  multiply,
  parseDecimal,
  sum,
  toFixed6,
} from '../decimal';

describe('multiply is exact', () => {
  it.each([
    ['0.1', '3', '0.3'], // 0.1 * 3 is 0.30000000000000004 in binary floats
    ['3', '0.1', '0.3'],
    ['1234567.123456', '1000', '1234567123.456'],
    ['1234567.123456', '1234567.123456', '1524155982318.422345383936'],
    ['100', '10.500000', '1050'],
    ['0.000001', '0.000001', '0.000000000001'],
    ['999999999999.999999', '1', '999999999999.999999'],
    ['12', '0', '0'],
    ['-2.5', '4', '-10'],
  ])('%s × %s = %s', (units, price, product) => {
    expect(multiply(units, price)).toBe(product);
  });
});

describe('sum is exact', () => {
  it.each([
    [[], '0'],
    [['0.1', '0.2'], '0.3'], // 0.30000000000000004 in floats
    [Array<string>(10).fill('0.1'), '1'],
    [['1250.500000', '0.000001', '-0.5'], '1250.000001'],
    [['9007199254740993', '1'], '9007199254740994'], // past Number.MAX_SAFE_INTEGER
  ])('sum(%j) = %s', (values, total) => {
    expect(sum(values)).toBe(total);
  });
});

describe('compare', () => {
  it.each([
    ['1', '2', -1],
    ['2', '1', 1],
    ['1.50', '1.5', 0],
    ['0.1', '0.10000000000000001', -1],
    ['-1', '0', -1],
  ])('compare(%s, %s) = %i', (a, b, order) => {
    expect(compare(a, b)).toBe(order);
  });
});

describe('toFixed6 rounding rules', () => {
  it.each([
    ['5', 'half-up', '5.000000'],
    ['1250.5', 'half-up', '1250.500000'],
    ['1.0000005', 'half-up', '1.000001'], // halves go away from zero
    ['1.00000049', 'half-up', '1.000000'],
    ['-0.0000005', 'half-up', '-0.000001'],
    ['-0.0000004', 'half-up', '0.000000'], // no negative zero
    ['1.0000005', 'half-even', '1.000000'], // banker's rounding: to the even neighbour
    ['1.0000015', 'half-even', '1.000002'],
    ['1.9999999', 'down', '1.999999'], // truncation toward zero
    ['-1.9999999', 'down', '-1.999999'],
    ['1524155982318.422345383936', 'half-up', '1524155982318.422345'],
  ] as const)('toFixed6(%s, %s) = %s', (value, mode, fixed) => {
    expect(toFixed6(value, mode)).toBe(fixed);
  });

  it('rounds half up by default', () => {
    expect(toFixed6('0.0000125')).toBe('0.000013');
  });
});

describe('parse helpers', () => {
  it.each([
    ['12.50', '12.5'],
    [' 007 ', '7'],
    ['-0', '0'],
    ['-12.5', '-12.5'],
    ['0.000000', '0'],
    ['1e3', null], // exponent notation is refused, never read as 1000
    ['1E-7', null],
    ['.5', null],
    ['5.', null],
    ['+5', null],
    ['1,000', null],
    ['1 000', null],
    ['0x10', null],
    ['Infinity', null],
    ['NaN', null],
    ['', null],
  ])('parseDecimal(%j) is %j', (input, parsed) => {
    expect(parseDecimal(input)).toBe(parsed);
    expect(isDecimalString(input.trim())).toBe(parsed !== null);
  });

  it.each([
    () => multiply('1e3', '2'),
    () => sum(['1', 'abc']),
    () => compare('1', ''),
    () => toFixed6('NaN'),
    () => formatMoney('1,000'),
  ])('arithmetic and formatting throw on garbage (%#)', (call) => {
    expect(call).toThrow(TypeError);
  });
});

describe('amountSchema', () => {
  it.each([
    ['1250.50', '1250.5'],
    [' 12 ', '12'],
    ['007', '7'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['0.000001', '0.000001'],
    ['1.5000000', '1.5'], // trailing zeros do not count as decimals
    ['999999999999.999999', '999999999999.999999'],
    ['000999999999999', '999999999999'],
  ])('accepts %j as %s', (input, value) => {
    expect(amountSchema.parse(input)).toBe(value);
  });

  it.each([
    [undefined, 'Amount is required'],
    ['', 'Amount is required'],
    ['  ', 'Amount is required'],
    ['0', 'Amount must be greater than zero'],
    ['0.000000', 'Amount must be greater than zero'],
    ['-5', 'Amount must be greater than zero'],
    ['-.5', 'Amount must be greater than zero'],
    ['1e3', 'Amount must be a number such as 1250.50'],
    ['abc', 'Amount must be a number such as 1250.50'],
    ['1.2.3', 'Amount must be a number such as 1250.50'],
    ['+5', 'Amount must be a number such as 1250.50'],
    ['Infinity', 'Amount must be a number such as 1250.50'],
    ['$5', 'Amount must be a number such as 1250.50'],
    ['1,000', 'Amount must be a number such as 1250.50 (no thousands separators)'],
    ['12,50', 'Amount must be a number such as 1250.50, with a point before the cents: 12.50'],
    ['12,5', 'Amount must be a number such as 1250.50, with a point before the cents: 12.5'],
    ['1,250,50', 'Amount must be a number such as 1250.50 (no thousands separators)'],
    ['0.0000001', 'Amount can have at most 6 decimal places'],
    ['1000000000000', 'Amount can have at most 12 digits before the decimal point'],
  ])('rejects %j: %s', (input, message) => {
    expect(amountSchema.safeParse(input).error?.issues.map((issue) => issue.message)).toEqual([
      message,
    ]);
  });

  it('takes other labels and limits, for example share units', () => {
    const units = makeAmountSchema({ label: 'Units', maxDecimals: 0 });
    expect(units.parse('10')).toBe('10');
    expect(units.safeParse('1.5').error?.issues[0].message).toBe(
      'Units can have at most 0 decimal places',
    );
    expect(checkAmount('0', { label: 'Fee', allowZero: true })).toEqual({ ok: true, value: '0' });
  });

  it('renders as JSON Schema for the OpenAPI document', () => {
    expect(z.toJSONSchema(z.object({ amount: amountSchema }))).toMatchObject({
      properties: { amount: { type: 'string' } },
    });
  });
});

describe('formatMoney: one rule, half-up to cents on the exact decimal', () => {
  it.each([
    ['1234.5', 'en-US', 'USD', '$1,234.50'],
    ['10.125', 'en-US', 'USD', '$10.13'], // half-up, where a float (10.125 → 10.12…) rounds down
    ['10.124999', 'en-US', 'USD', '$10.12'],
    ['1.005', 'en-US', 'USD', '$1.01'], // 1.005 is 1.00499999… as a float
    ['-0.005', 'en-US', 'USD', '-$0.01'], // half away from zero
    ['12345678901234567.895', 'en-US', 'USD', '$12,345,678,901,234,567.90'], // beyond floats
    ['-5', 'en-US', 'USD', '-$5.00'],
    ['0', 'en-US', 'USD', '$0.00'],
    ['0.001', 'en-US', 'USD', '$0.00'],
    ['1234.5', 'de-DE', 'EUR', '1.234,50\u00a0€'],
    ['1234.5', 'en-US', 'JPY', '¥1,235'], // no minor digits in yen
  ])('%s (%s, %s) → %s', (value, locale, currency, text) => {
    expect(formatMoney(value, { locale, currency })).toBe(text);
  });

  it.each([
    ['0.0125', '$0.0125'], // a unit price keeps its digits
    ['10', '$10.00'],
    ['12345678901234.123456', '$12,345,678,901,234.123456'],
    ['1524155982318.422345383936', '$1,524,155,982,318.422345'],
    ['0.0000005', '$0.000001'], // beyond six places: half away from zero
  ])('a unit price %s → %s', (value, text) => {
    expect(formatMoney(value, { locale: 'en-US', precision: 'price' })).toBe(text);
  });

  it('uses USD by default and refuses what is not a decimal string', () => {
    expect(formatMoney('10', { locale: 'en-US' })).toBe('$10.00');
    expect(() => formatMoney('1e3')).toThrow(TypeError);
  });
});

describe('formatShares', () => {
  it.each([
    ['1000', 'en-US', '1,000'],
    ['1250.500000', 'en-US', '1,250.5'],
    ['0.000001', 'en-US', '0.000001'],
    ['12345678901234567.5', 'en-US', '12,345,678,901,234,567.5'],
    ['1250.5', 'de-DE', '1.250,5'],
  ])('%s (%s) → %s', (value, locale, text) => {
    expect(formatShares(value, locale)).toBe(text);
  });
});
