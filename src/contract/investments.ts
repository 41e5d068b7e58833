import { z } from 'zod';
import { additionalToShape, receiptReferenceShape } from './money-requests';
import { chosenAccountIdSchema, INVEST_FROM_ACCOUNT_REQUIRED } from './account-views';
import { compare, formatMoney, formatShares, multiply, wholeUnits } from './decimal';
import { decimalStringSchema, localDateTimeSchema } from './money';
import type { Offering } from './offerings';
import { fail, pass, requiredText, type RuleResult } from './rules/result';
import { lowerCaseStatusSchema } from './status';
import { paymentMethodSchema } from './trades';

/**
 * Investing in an offering: the rules the invest form and `POST /api/offerings/:id/investments`
 * share. The amount is units × unit price, exact.
 */

/**
 * Offering statuses that take new investments. The document lists only Pending and closed (§3);
 * the sandbox and live data also show Approved and Open. We decide: an offering is open for
 * investment once approved or open; pending means it still awaits approval, and anything else
 * (closed, cancelled, unknown values) is not investable until someone says otherwise.
 */
const INVESTABLE_OFFERING_STATUSES = ['approved', 'open', 'active'] as const;

export type Investability = { ok: true } | { ok: false; reason: string };

/**
 * The whole units one investment may buy now: at least what the minimum amount needs (rounded
 * up), at most what is left and what the maximum amount allows (rounded down).
 */
export function unitBounds(
  offering: Pick<Offering, 'remainingShares' | 'unitPrice' | 'minAmount' | 'maxAmount'>,
): {
  remaining: string;
  minimum: string;
  maximum: string;
} {
  const remaining = wholeUnits(offering.remainingShares, '1', 'down');
  const priced = compare(offering.unitPrice, '0') > 0;
  const minimum =
    compare(offering.minAmount, '0') > 0 && priced
      ? wholeUnits(offering.minAmount, offering.unitPrice, 'up')
      : '1';
  let maximum = remaining;
  if (compare(offering.maxAmount, '0') > 0 && priced) {
    const byAmount = wholeUnits(offering.maxAmount, offering.unitPrice, 'down');
    if (compare(byAmount, maximum) < 0) maximum = byAmount;
  }
  return { remaining, minimum, maximum };
}

/**
 * Whether `offering` accepts investments now, and in words why not. An offering whose minimum
 * needs more units than can still be bought takes no new investment from anyone: the offering
 * says so once, as a closed one does, rather than each account being told it cannot invest.
 * `units: false` leaves what is left to sell to the caller (the preflight's own units rule).
 */
export function investability(
  offering: Offering,
  today?: string,
  { units = true }: { units?: boolean } = {},
): Investability {
  const status = offering.status.toLowerCase();
  if (status === 'pending') {
    return {
      ok: false,
      reason: 'This offering is awaiting approval and does not accept investments yet.',
    };
  }
  if (status === 'closed')
    return { ok: false, reason: 'This offering is closed to new investments.' };
  if (!(INVESTABLE_OFFERING_STATUSES as readonly string[]).includes(status)) {
    return {
      ok: false,
      reason: `This offering does not accept investments while its status is "${offering.status}".`,
    };
  }
  if (compare(offering.remainingShares, '0') <= 0) {
    return { ok: false, reason: 'This offering is sold out: no units remain.' };
  }
  // A unit price of zero (or less) prices nothing: every amount would be $0.00, below any
  // minimum, while the units would read as buyable. §2.2 gives unitPrice as the offering's price;
  // one the portal cannot use stops investing rather than offering a range nobody can buy.
  if (compare(offering.unitPrice, '0') <= 0) {
    return {
      ok: false,
      reason: `This offering's unit price could not be read (the platform gives ${usd(offering.unitPrice)}): it cannot take investments now.`,
    };
  }
  if (today && offering.endDate && offering.endDate < today) {
    return { ok: false, reason: 'This offering ended and no longer accepts investments.' };
  }
  if (today && offering.startDate && offering.startDate > today) {
    return { ok: false, reason: 'This offering has not opened for investment yet.' };
  }
  const bounds = unitBounds(offering);
  if (units && compare(bounds.minimum, bounds.maximum) > 0) {
    const limit =
      bounds.maximum === bounds.remaining
        ? `only ${plain(bounds.remaining)} ${bounds.remaining === '1' ? 'unit is' : 'units are'} left`
        : `its maximum investment allows at most ${plain(bounds.maximum)} units`;
    return {
      ok: false,
      reason: `This offering cannot take a new investment: ${limit}, fewer than the ${plain(bounds.minimum)} units its minimum investment of ${usd(offering.minAmount)} needs.`,
    };
  }
  return { ok: true };
}

/** Units are whole numbers: a unit is the smallest thing an offering sells. */
export function checkUnits(input: string): RuleResult {
  const value = input.trim();
  if (value === '') return fail('Units is required');
  // "-3" is a whole number: the rule it breaks is the least, not wholeness.
  if (/^-\d+$/.test(value)) return fail('Units must be at least 1');
  // 1,000 is a whole number typed as people write it: the rule it breaks is the digits only.
  if (/^\d{1,3}(,\d{3})+$/.test(value)) {
    return fail(
      `Units must be digits only, without thousands separators: ${value.replaceAll(',', '')}`,
    );
  }
  if (!/^\d+$/.test(value)) return fail('Units must be a whole number, such as 10');
  const units = value.replace(/^0+(?=\d)/, '');
  if (units === '0') return fail('Units must be at least 1');
  if (units.length > 12) return fail('Units can have at most 12 digits');
  return pass(units);
}

export interface InvestmentQuote {
  units: string;
  unitPrice: string;
  /** units × unitPrice, exact. */
  amount: string;
}

interface InvestmentBounds {
  /** The offering's minimum investment; null when it states none. */
  minAmount: string | null;
  /**
   * The most one can invest now: the offering's maximum, but never above what is left to sell
   * (remaining units × unit price, §2.2), so the form never states a maximum it would refuse.
   */
  maxAmount: string;
  remainingUnits: string;
}

function investmentBounds(offering: Offering): InvestmentBounds {
  const left = multiply(offering.remainingShares, offering.unitPrice);
  const stated = compare(offering.maxAmount, '0') > 0 ? offering.maxAmount : null;
  return {
    minAmount: compare(offering.minAmount, '0') > 0 ? offering.minAmount : null,
    maxAmount: stated !== null && compare(stated, left) < 0 ? stated : left,
    remainingUnits: offering.remainingShares,
  };
}

/** The form's statement of what may be invested, with the bounds it checks. */
export function describeInvestmentBounds(offering: Offering): string {
  const bounds = investmentBounds(offering);
  const range = bounds.minAmount
    ? `investments from ${usd(bounds.minAmount)} to ${usd(bounds.maxAmount)}`
    : `investments up to ${usd(bounds.maxAmount)}`;
  return `${plain(offering.remainingShares)} units remain at ${price(offering.unitPrice)} each; ${range}.`;
}

/**
 * A whole number of units that the generic rule would refuse in its own words ("at least 1", "at
 * most 12 digits") while this offering has a bound that says more: its minimum in units, or the
 * units that remain. Zero and a negative number ("-3") are below its minimum.
 */
function unitsOutOfBounds(offering: Offering, input: string): string | null {
  const typed = input.trim();
  if (!/^-?\d+$/.test(typed)) return null;
  const negative = typed.startsWith('-');
  const significant = negative ? '' : typed.replace(/^0+/, '');
  if (significant.length > 12) {
    return `Units cannot be more than the ${plain(offering.remainingShares)} units that remain`;
  }
  if (
    significant === '' &&
    compare(offering.minAmount, '0') > 0 &&
    compare(offering.unitPrice, '0') > 0
  ) {
    const least = wholeUnits(offering.minAmount, offering.unitPrice, 'up');
    return `Units must be at least ${plain(least)}: this offering's minimum investment is ${usd(offering.minAmount)}`;
  }
  return null;
}

/**
 * The bounds of an investment in `offering`: at most the remaining units, and an amount between
 * the offering's minimum and maximum. Each failure names the bound in words and numbers.
 */
export function checkInvestment(
  offering: Offering,
  unitsInput: string,
): RuleResult<InvestmentQuote> {
  const outOfBounds = unitsOutOfBounds(offering, unitsInput);
  if (outOfBounds) return fail(outOfBounds);
  const units = checkUnits(unitsInput);
  if (!units.ok) return units;
  const amount = multiply(units.value, offering.unitPrice);
  if (compare(units.value, offering.remainingShares) > 0) {
    return fail(
      `Units cannot be more than the ${plain(offering.remainingShares)} units that remain`,
    );
  }
  // Said of the units, the field the person types, and how many the bound allows, as the rule
  // for 0 units says it: the amount alone would leave them to work out the units.
  if (compare(offering.minAmount, '0') > 0 && compare(amount, offering.minAmount) < 0) {
    const least = wholeUnits(offering.minAmount, offering.unitPrice, 'up');
    return fail(
      `Units must be at least ${plain(least)}: the amount (${exact(amount)}) is below this offering's minimum investment of ${usd(offering.minAmount)}`,
    );
  }
  if (compare(offering.maxAmount, '0') > 0 && compare(amount, offering.maxAmount) > 0) {
    const most = wholeUnits(offering.maxAmount, offering.unitPrice, 'down');
    return fail(
      `Units can be at most ${plain(most)}: the amount (${exact(amount)}) is above this offering's maximum investment of ${usd(offering.maxAmount)}`,
    );
  }
  return pass({ units: units.value, unitPrice: offering.unitPrice, amount });
}

/**
 * The form's schema for one offering: units within bounds, an account that may invest
 * (`blockOf` gives the refusal of an account whose preflight blocks it, see preflight.ts) and a
 * payment method it can pay with. The BFF applies `checkInvestment` and the preflight again when
 * the request arrives.
 */
export function makeInvestmentFormSchema(
  offering: Offering,
  blockOf: (accountId: string) => string | null = () => null,
  /** The refusal of a payment method from an account (ACH with no linked bank), see preflight.ts. */
  paymentBlockOf: (
    accountId: string,
    method: z.infer<typeof paymentMethodSchema>,
  ) => string | null = () => null,
) {
  return z
    .object({
      accountId: z
        .string({ error: INVEST_FROM_ACCOUNT_REQUIRED })
        .min(1, INVEST_FROM_ACCOUNT_REQUIRED)
        .superRefine((accountId, ctx) => {
          const blocked = blockOf(accountId);
          if (blocked) ctx.addIssue({ code: 'custom', message: blocked });
        }),
      units: z
        .string({ error: requiredText('Units is required', '20') })
        .superRefine((value, ctx) => {
          const result = checkInvestment(offering, value);
          if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message });
        }),
      paymentMethod: paymentMethodSchema,
    })
    .superRefine(({ accountId, paymentMethod }, ctx) => {
      const blocked = paymentBlockOf(accountId, paymentMethod);
      if (blocked) ctx.addIssue({ code: 'custom', path: ['paymentMethod'], message: blocked });
    });
}
export type InvestmentForm = z.infer<ReturnType<typeof makeInvestmentFormSchema>>;

/** Body of `POST /api/offerings/:offeringId/investments`. */
export const investmentRequestSchema = z.object({
  accountId: chosenAccountIdSchema,
  units: z.string({ error: requiredText('Units is required', '20') }).superRefine((value, ctx) => {
    const result = checkUnits(value);
    if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message });
  }),
  paymentMethod: paymentMethodSchema.default('ach'),
  ...additionalToShape,
});
export type InvestmentRequest = z.infer<typeof investmentRequestSchema>;

export const paymentMethodLabels: Record<z.infer<typeof paymentMethodSchema>, string> = {
  ach: 'ACH bank transfer',
  wire: 'Wire transfer',
  check: 'Check',
  credit_card: 'Credit card',
};

/** What the investor is shown after a trade was created. */
export const investmentReceiptSchema = z.object({
  tradeId: z.string(),
  ...receiptReferenceShape,
  transactionId: z.string().nullable(),
  offeringId: z.string(),
  offeringName: z.string(),
  accountId: z.string(),
  units: decimalStringSchema,
  unitPrice: decimalStringSchema,
  /**
   * The trade's amount as the platform answered it (createTrade's transactionAmount, real-world
   * notes §4.1); units × unitPrice only when the answer carried none.
   */
  amount: decimalStringSchema,
  /**
   * The amount the person reviewed before sending (units × unitPrice as the portal read the
   * offering), when the platform's amount differs from it to the cent; null when they agree.
   * Absent in receipts kept from before it was given.
   */
  quotedAmount: decimalStringSchema.nullable().optional(),
  paymentMethod: paymentMethodSchema,
  /**
   * For ACH, the linked bank the payment comes from, in a few words; null otherwise. Absent in
   * receipts kept from before it was given.
   */
  achBank: z.string().nullable().optional(),
  /** Lower case; the live upstream answers created. */
  status: lowerCaseStatusSchema,
  createdAt: localDateTimeSchema.nullable(),
});
export type InvestmentReceipt = z.infer<typeof investmentReceiptSchema>;

const plain = (value: string) => formatShares(value, 'en-US');
const usd = (value: string) => formatMoney(value, { locale: 'en-US' });
/**
 * Units × a price of more than two places, as it is: rounded to the cent, $0.999999 would read
 * "$1.00 is below the minimum of $1.00".
 */
const exact = (value: string) => formatMoney(value, { locale: 'en-US', precision: 'stated' });
const price = (value: string) => formatMoney(value, { locale: 'en-US', precision: 'price' });
