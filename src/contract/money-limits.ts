import { compare, formatMoney } from './decimal';
import { fail, pass, ruleSchema, type RuleResult } from './rules/result';
import { checkAmount } from './decimal';

/**
 * Limits on money leaving a custody account (createCustodyFundDisbursement, interface document
 * §4.5). The document sets none; the portal refuses what cannot be a real request (less than a
 * cent, fractions of a cent) and anything above a per-request ceiling the operator configures
 * (DISBURSEMENT_MAX_AMOUNT), so a typo of a few zeros never reaches the upstream.
 */

/** Default per-request ceiling: the documented ceiling of a deposit (fundCustodyAccount). */
export const DEFAULT_DISBURSEMENT_CEILING = '100000';

const MIN_DISBURSEMENT = '0.01';

/** The amount field of a disbursement: dollars and cents, at least one cent. */
export function checkDisbursementAmount(input: string, ceiling?: string): RuleResult {
  const value = input.trim();
  const base = checkAmount(value, { label: 'Amount', maxDecimals: 6, allowZero: true });
  if (!base.ok) return base;
  const [, fraction = ''] = base.value.split('.');
  if (fraction.length > 2) {
    return fail('Amount can have at most 2 decimal places (whole cents)');
  }
  if (compare(base.value, MIN_DISBURSEMENT) < 0) {
    return fail('Amount must be at least $0.01');
  }
  if (ceiling !== undefined && compare(base.value, ceiling) > 0) {
    return fail(
      `Amount cannot be more than ${formatMoney(ceiling, { locale: 'en-US' })} per request; split larger transfers or contact support`,
    );
  }
  return pass(base.value);
}

/** The schema form of the static rules (cents, at least one cent); the ceiling is checked too when known. */
function makeDisbursementAmountSchema(ceiling?: string) {
  return ruleSchema((input) => checkDisbursementAmount(input, ceiling), 'Amount is required');
}

export const disbursementAmountSchema = makeDisbursementAmountSchema();
