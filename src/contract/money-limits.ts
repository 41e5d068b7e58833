import { compare, formatMoney } from './decimal';
import { fail, pass, ruleSchema, type RuleResult } from './rules/result';
import { checkAmount } from './decimal';

/**
 * Limits on money one request moves into or out of a custody account: a deposit
 * (fundCustodyAccount, interface document §4.16) and a disbursement (createCustodyFundDisbursement,
 * §4.5). The portal refuses what cannot be a real request (less than a cent, fractions of a cent)
 * and anything above the request's ceiling, so a typo of a few zeros never reaches the upstream.
 * The form and the BFF check with the same rule and give the same words.
 */

/**
 * Ceiling of one deposit: the documented limit of fundCustodyAccount (real-world notes §4.1,
 * "amount ≤ 100,000"). The upstream's own, so not configurable. It is also the default
 * per-request ceiling of a disbursement, which the operator may change (DISBURSEMENT_MAX_AMOUNT):
 * the only ceiling the document gives.
 */
export const DEPOSIT_MAX_AMOUNT = '100000';

const MIN_AMOUNT = '0.01';

/** An amount of money: dollars and whole cents, at least one cent, at most `ceiling` if given. */
export function checkMoneyAmount(input: string, ceiling?: string): RuleResult {
  const value = input.trim();
  // Under a ceiling, a figure too long to be real is refused by the ceiling, the rule that
  // matters to the person ("at most $100,000.00"), not by a count of digits.
  // Any number of decimals passes here, so that a fraction of a cent is refused by the rule
  // that holds (whole cents) however many places it was typed with.
  const base = checkAmount(value, {
    label: 'Amount',
    maxDecimals: Number.POSITIVE_INFINITY,
    allowZero: true,
    maxIntegerDigits: ceiling === undefined ? 12 : 1000,
  });
  if (!base.ok) return base;
  const [, fraction = ''] = base.value.split('.');
  if (fraction.length > 2) {
    return fail('Amount can have at most 2 decimal places (whole cents)');
  }
  if (compare(base.value, MIN_AMOUNT) < 0) {
    return fail('Amount must be at least $0.01');
  }
  if (ceiling !== undefined && compare(base.value, ceiling) > 0) {
    return fail(
      `Amount cannot be more than ${formatMoney(ceiling, { locale: 'en-US' })} per request; split larger transfers or contact support`,
    );
  }
  return pass(base.value);
}

/** The schema form of `checkMoneyAmount`: the amount field of a money form and its BFF route. */
export function moneyAmountSchema(ceiling?: string) {
  return ruleSchema((input) => checkMoneyAmount(input, ceiling), 'Amount is required', '1250.50');
}
