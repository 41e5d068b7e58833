import Big from 'big.js';
import { z } from 'zod';
import { fail, pass, ruleSchema, type RuleResult } from './rules/result';

/**
 * Exact money and share arithmetic. Values travel as decimal strings
 * such as `1250.5` and are computed with big.js, never with binary floats: `multiply('0.1', '3')`
 * is `'0.3'`. The upstream carries amounts with six decimal places (interface document §2).
 *
 * Arithmetic returns canonical strings: plain notation, no leading zeros, no trailing fraction
 * zeros. Rounding happens only where asked (`toFixed6`), half away from zero by default.
 * Arithmetic and formatting throw a TypeError on anything but a plain decimal string: inputs are
 * meant to come through `amountSchema` or the wire layer, so garbage here is a bug, not input.
 */

export type DecimalString = string;
export type RoundingMode = 'half-up' | 'half-even' | 'down';

export interface AmountRules {
  /** Field name at the start of each message, such as "Amount" or "Units". */
  label: string;
  maxDecimals?: number;
  maxIntegerDigits?: number;
  allowZero?: boolean;
}

/**
 * What a person may type as an amount: digits with an optional decimal point (`1250.50`, `.5`).
 * Signs, exponents (`1e3`), thousands separators and spaces inside are refused with a message
 * naming the field. The output is canonical (`0.5`, `1250.5`).
 */
export function checkAmount(input: string, rules: AmountRules): RuleResult {
  const { label, maxDecimals = 6, maxIntegerDigits = 12, allowZero = false } = rules;
  const value = input.trim();
  if (value === '') return fail(`${label} is required`);
  if (/^-\d*\.?\d+$/.test(value)) return fail(`${label} must be greater than zero`);
  if (!/^(\d+\.?\d*|\.\d+)$/.test(value)) {
    // A comma before one or two last digits is a decimal comma (12,50): a person who read "no
    // thousands separators" and took it out would type 1250, a hundred times the amount.
    const hint = /^\d+,\d{1,2}$/.test(value)
      ? `, with a point before the cents: ${value.replace(',', '.')}`
      : value.includes(',')
        ? ' (no thousands separators)'
        : '';
    return fail(`${label} must be a number such as 1250.50${hint}`);
  }
  const [integer, fraction = ''] = value.split('.');
  if (fraction.replace(/0+$/, '').length > maxDecimals) {
    return fail(`${label} can have at most ${maxDecimals} decimal places`);
  }
  if (integer.replace(/^0+/, '').length > maxIntegerDigits) {
    return fail(`${label} can have at most ${maxIntegerDigits} digits before the decimal point`);
  }
  const amount = canonical(new Decimal(value.startsWith('.') ? `0${value}` : value));
  if (!allowZero && amount === '0') return fail(`${label} must be greater than zero`);
  return pass(amount);
}

/** A positive amount field; see `checkAmount`. */
export function makeAmountSchema(rules: AmountRules) {
  return ruleSchema((input) => checkAmount(input, rules), `${rules.label} is required`);
}

/** A positive amount with at most 6 decimals (the upstream's precision) and 12 integer digits. */
export const amountSchema = makeAmountSchema({ label: 'Amount' });

/** Exact decimal amounts travel as strings, such as `-12.5` or `3`. */
const DECIMAL = /^-?\d+(\.\d+)?$/;
export const decimalStringSchema = z
  .string()
  .regex(DECIMAL, 'must be a decimal number such as 1250.50');

/** A plain decimal string, `-12.5` or `3`: no exponent, no `+`, no bare `.5`, no spaces. */
export function isDecimalString(value: string): boolean {
  return DECIMAL.test(value);
}

/** The canonical form of a decimal string (trimmed), or null when it is not one. */
export function parseDecimal(value: string): DecimalString | null {
  const trimmed = value.trim();
  return isDecimalString(trimmed) ? canonical(new Decimal(trimmed)) : null;
}

/** units × unitPrice, exact (up to twice the decimals of the inputs; round with `toFixed6`). */
export function multiply(units: DecimalString, unitPrice: DecimalString): DecimalString {
  return canonical(toDecimal(units).times(toDecimal(unitPrice)));
}

export function sum(values: readonly DecimalString[]): DecimalString {
  return canonical(values.reduce((total, value) => total.plus(toDecimal(value)), new Decimal('0')));
}

/**
 * How many whole units `amount` buys at `unitPrice`: rounded up (units needed to reach it) or
 * down (units that fit within it). Exact division; the price must be positive.
 */
export function wholeUnits(
  amount: DecimalString,
  unitPrice: DecimalString,
  mode: 'up' | 'down',
): DecimalString {
  const quotient = toDecimal(amount).div(toDecimal(unitPrice));
  return canonical(quotient.round(0, mode === 'up' ? Big.roundUp : Big.roundDown));
}

export function compare(a: DecimalString, b: DecimalString): -1 | 0 | 1 {
  return toDecimal(a).cmp(toDecimal(b));
}

/** Rounded to whole cents, half away from zero: the rule `formatMoney` shows amounts with. */
function toCents(value: DecimalString): DecimalString {
  return canonical(toDecimal(value).round(2, Big.roundHalfUp));
}

/** Whether two amounts show as the same number of cents ($0.999 and $1.00 do). */
export function sameToTheCent(a: DecimalString, b: DecimalString): boolean {
  return toDecimal(toCents(a)).eq(toDecimal(toCents(b)));
}

/**
 * A plain amount for a file a person or a spreadsheet reads (an export): at least two decimal
 * places (30 → 30.00), every further digit kept (10.125 stays), no currency sign or grouping, so
 * that it stays a number. The column's header names the currency.
 */
export function plainAmount(value: DecimalString): DecimalString {
  const decimal = toDecimal(value);
  return decimal.eq('0') ? '0.00' : decimal.toFixed(Math.max(2, decimal.c.length - decimal.e - 1));
}

/**
 * Six decimal places, the upstream's amount format (§2). `half-up` rounds halves away from zero
 * (0.0000005 → 0.000001, −0.0000005 → −0.000001); `half-even` is banker's rounding; `down`
 * truncates toward zero.
 */
export function toFixed6(value: DecimalString, mode: RoundingMode = 'half-up'): DecimalString {
  const rounded = toDecimal(value).round(6, ROUNDING[mode]);
  return rounded.eq('0') ? '0.000000' : rounded.toFixed(6);
}

export interface MoneyFormat {
  locale?: string;
  currency?: string;
  /**
   * `cents` (the default) for amounts: rounded to the currency's minor unit. `price` for unit
   * prices: up to six decimals, the upstream's precision (§2), so $0.0125 is not shown as $0.01.
   * `stated` for one record's amount as the platform stated it (a trade of 2 units at $0.333 is
   * $0.666): the same six decimals, so that records listed above a total (their exact sum, rounded
   * once) add up to it, instead of each rounded to the cent and the total off by their roundings.
   */
  precision?: 'cents' | 'price' | 'stated';
}

/**
 * Money for people, the one money formatter of the portal (browser and BFF messages alike).
 * Rounding rule: half away from zero (half-up), to the currency's minor unit for amounts
 * ($10.125 → $10.13, −$0.005 → −$0.01) or to six decimals for prices, done on the exact decimal
 * with big.js. The rounded string then goes to `Intl.NumberFormat`, which formats strings without
 * going through a float (engines with Intl.NumberFormat v3: Chrome 106, Firefox 116, Safari
 * 15.4, Node 19) and has nothing left to round.
 */
export function formatMoney(value: DecimalString, format: MoneyFormat = {}): string {
  const { locale, currency = 'USD', precision = 'cents' } = format;
  const minor = minorDigits(locale, currency);
  const places = precision === 'cents' ? minor : Math.max(minor, 6);
  const rounded = canonical(toDecimal(value).round(places, Big.roundHalfUp));
  return numberFormat(locale, { style: 'currency', currency }, minor, places).format(
    rounded as `${number}`,
  );
}

/** Share counts: grouped digits and up to six decimals, no trailing zeros (1,250.5). */
export function formatShares(value: DecimalString, locale?: string): string {
  return numberFormat(locale, {}, 0, 6).format(numeric(value));
}

// A private constructor, so that our settings never leak into other users of big.js. Strict mode
// refuses JavaScript numbers, which would already have lost precision.
const Decimal = Big();
Decimal.strict = true;

const ROUNDING: Readonly<Record<RoundingMode, Big.RoundingMode>> = {
  down: Big.roundDown,
  'half-up': Big.roundHalfUp,
  'half-even': Big.roundHalfEven,
};

function toDecimal(value: DecimalString): Big.Big {
  if (!isDecimalString(value))
    throw new TypeError(`Not a decimal string: ${JSON.stringify(value)}`);
  return new Decimal(value);
}

// toFixed() without places prints every digit in plain notation; −0 prints as 0.
const canonical = (value: Big.Big): DecimalString => (value.eq('0') ? '0' : value.toFixed());

const numeric = (value: DecimalString) => canonical(toDecimal(value)) as `${number}`;

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(
  locale: string | undefined,
  options: Intl.NumberFormatOptions,
  minimumFractionDigits: number,
  maximumFractionDigits: number,
): Intl.NumberFormat {
  const key = JSON.stringify([locale, options, minimumFractionDigits, maximumFractionDigits]);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      ...options,
      minimumFractionDigits,
      maximumFractionDigits,
    });
    formats.set(key, format);
  }
  return format;
}

const minorDigitsOf = new Map<string, number>();

/**
 * The currency's minor digits: 2 for USD and EUR, 0 for JPY. Kept per locale and currency, as the
 * formats above: every amount of a grid's page asks.
 */
function minorDigits(locale: string | undefined, currency: string): number {
  const key = `${locale ?? ''}|${currency}`;
  let digits = minorDigitsOf.get(key);
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions()
        .minimumFractionDigits ?? 2;
    minorDigitsOf.set(key, digits);
  }
  return digits;
}
