import { z } from 'zod';
import type { Account } from './accounts';
import { linkedBankName, type LinkedBankResult } from './cash';
import { chosenAccountIdSchema } from './account-views';
import { compare, formatMoney, formatShares } from './decimal';
import { investability, unitBounds } from './investments';
import { decimalStringSchema } from './money';
import { apiErrorSchema } from './errors';
import type { Offering } from './offerings';
import type { paymentMethodSchema } from './trades';
import { reviewLabel, reviewVerdict } from './review-verdict';

/**
 * "Why can't I invest?": one checklist per account and offering, computed by the BFF and shown by
 * the invest page before the form. The BFF refuses an investment when any rule blocks.
 *
 * Block or warn, per rule (the document gives no rule; these are the portal's decisions):
 * - account approval, KYC, AML: "Not approved" blocks (the platform refused the account or its
 *   screening; a trade could not be approved). Pending, manual review or not started warns: the
 *   trade itself goes through registered-representative and principal approval (createTrade's
 *   RRApprovalStatus / PrincipalApprovalStatus, real-world notes §4.1), which waits for reviews.
 * - accreditation: never blocks, warns unless approved. Whether an offering needs accredited
 *   investors (Rule 506(c)) is not in the offering record (§2.2), so the portal cannot decide it.
 * - offering status and dates: block unless open (the same rule as `investability`).
 * - units left: none left blocks; fewer than the minimum needs blocks.
 * - custody account: warns when the account's custody account exists and is not approved or is
 *   restricted; absent is fine (investments are paid from the bank, not custody). Unreadable
 *   never blocks either: the checklist says it could not be checked, and the other rules stand.
 * - bank account for ACH: an ACH payment comes from the bank linked through linkExternalAccount
 *   (§4.5 for ACH out; real-world notes §4.1, externalFundMove pays a trade from it). Without one,
 *   ACH cannot be paid: it warns (wire and check remain), and the form and the BFF refuse ACH.
 *   Unreadable, the rule is left out and the BFF checks again when ACH is chosen.
 */

const preflightRuleSchema = z.enum([
  'account_approval',
  'kyc',
  'aml',
  'accreditation',
  'offering_status',
  'units_left',
  'custody_account',
  'ach_bank',
  'investment_limit',
]);
export type PreflightRule = z.infer<typeof preflightRuleSchema>;

const preflightOutcomeSchema = z.enum(['pass', 'warn', 'block']);

const preflightCheckSchema = z.object({
  rule: preflightRuleSchema,
  outcome: preflightOutcomeSchema,
  /** Short name of the rule, as a checklist item. */
  title: z.string(),
  /** The state in words and, when not passing, what to do. */
  detail: z.string(),
});
export type PreflightCheck = z.infer<typeof preflightCheckSchema>;

export const preflightSchema = z.object({
  accountId: z.string(),
  offeringId: z.string(),
  canInvest: z.boolean(),
  checks: z.array(preflightCheckSchema),
  unitPrice: decimalStringSchema,
  /** Whole units; null when no amount of units satisfies the bounds. */
  minimumUnits: decimalStringSchema.nullable(),
  /** Never above what is left, nor above the offering's maximum amount. */
  maximumUnits: decimalStringSchema.nullable(),
  remainingUnits: decimalStringSchema,
  /** Whether ACH can pay: a bank is linked. Null when that could not be read. */
  achAvailable: z.boolean().nullable(),
  /**
   * Why that could not be read (achAvailable null), as an error reply would say it: its code tells
   * the page whether checking again may help (upstream_misconfigured: the platform refused the
   * portal's own access, which only the portal's operators can fix, as its message says).
   */
  achError: z.optional(apiErrorSchema.shape.error),
  /** The linked bank ACH pays from, in a few words ("First Bank ••••6789"); null when none. */
  achBank: z.string().nullable(),
});
export type Preflight = z.infer<typeof preflightSchema>;

export const preflightQuerySchema = z.object({
  accountId: chosenAccountIdSchema,
});

/** The custody account facts the preflight needs, when the upstream could give them. */
export interface CustodyFacts {
  status: string | null;
  restricted: boolean | null;
}

/** The custody account could not be read right now (the upstream failed or answered oddly). */
export const CUSTODY_UNREADABLE = 'unreadable';

/**
 * The account's single investment limit at the platform (§2.5 singleInvestmentLimit), null when
 * none is set. Zero is read as none set, as an empty field is: §2.5 gives the field no meaning.
 */
export const singleInvestmentLimit = (limits: Account['limits']): string | null =>
  limits.singleInvestment !== null && compare(limits.singleInvestment, '0') > 0
    ? limits.singleInvestment
    : null;

const titles: Record<PreflightRule, string> = {
  account_approval: 'Account approval',
  kyc: 'Identity (KYC)',
  aml: 'Anti-money-laundering (AML)',
  accreditation: 'Accredited investor',
  offering_status: 'Offering open for investment',
  units_left: 'Units available',
  custody_account: 'Custody account',
  ach_bank: 'Bank account for ACH',
  investment_limit: 'Single investment limit',
};

const money = (value: string) => formatMoney(value, { locale: 'en-US' });
const price = (value: string) => formatMoney(value, { locale: 'en-US', precision: 'price' });
const units = (value: string) => formatShares(value, 'en-US');
/** A calendar date (YYYY-MM-DD, §2.2) in words, as the pages write it: "July 30, 2026". */
const calendarDate = (value: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${value}T00:00:00Z`),
  );

function reviewCheck(
  rule: 'account_approval' | 'kyc' | 'aml' | 'accreditation',
  status: string | null,
): PreflightCheck {
  const verdict = reviewVerdict(status);
  const label = reviewLabel(status);
  const title = titles[rule];
  if (verdict === 'approved') return { rule, outcome: 'pass', title, detail: `${label}.` };
  if (verdict === 'not_approved' && rule !== 'accreditation') {
    return {
      rule,
      outcome: 'block',
      title,
      detail: `${label}: this account cannot invest. Contact support to find out why and what you can provide to be reviewed again.`,
    };
  }
  if (rule === 'accreditation') {
    return {
      rule,
      outcome: 'warn',
      title,
      detail: `${label}. Offerings open only to accredited investors may refuse this investment at approval.`,
    };
  }
  return {
    rule,
    outcome: 'warn',
    title,
    detail: `${label}. You can submit; the trade is approved only once this review is complete.`,
  };
}

/** Whole units needed to reach `amount` at `price`. */

export function computePreflight(
  // The limits may be left out (an account as GET /api/accounts lists it has none): no limit rule.
  account: Pick<Account, 'id' | 'reviews'> & Partial<Pick<Account, 'limits'>>,
  offering: Offering,
  today: string,
  /** None (or none the portal may read): the rule is left out; unreadable: it says so. */
  custody: CustodyFacts | null | typeof CUSTODY_UNREADABLE,
  /**
   * The account's linked bank; null when it could not be read (the checklist says so), left out
   * when it was not asked.
   */
  linkedBank?: LinkedBankResult | null,
): Preflight {
  const checks: PreflightCheck[] = [
    reviewCheck('account_approval', account.reviews.approval.status),
    reviewCheck('kyc', account.reviews.kyc.status),
    reviewCheck('aml', account.reviews.aml.status),
    reviewCheck('accreditation', account.reviews.accreditation.status),
  ];

  // Offering status and dates; sold out is reported under units.
  const open = investability(
    {
      ...offering,
      remainingShares: compare(offering.remainingShares, '0') > 0 ? offering.remainingShares : '1',
    },
    today,
    { units: false },
  );
  // In the words the offering's page uses: a person reads "approved" or 2026-07-30 nowhere else.
  const datesText = [
    offering.startDate ? `opened ${calendarDate(offering.startDate)}` : null,
    offering.endDate ? `closes ${calendarDate(offering.endDate)}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  checks.push(
    open.ok
      ? {
          rule: 'offering_status',
          outcome: 'pass',
          title: titles.offering_status,
          detail: `Open for investment${datesText ? ` (${datesText})` : ''}.`,
        }
      : {
          rule: 'offering_status',
          outcome: 'block',
          title: titles.offering_status,
          detail: open.reason,
        },
  );

  // The real bounds: at least the minimum amount, at most the maximum amount and what is left.
  const { remaining, minimum: minimumUnits, maximum: maximumUnits } = unitBounds(offering);
  const feasible = compare(remaining, '0') > 0 && compare(minimumUnits, maximumUnits) <= 0;
  if (compare(remaining, '0') <= 0) {
    checks.push({
      rule: 'units_left',
      outcome: 'block',
      title: titles.units_left,
      detail: 'This offering is sold out: no units remain.',
    });
  } else if (!feasible) {
    checks.push({
      rule: 'units_left',
      outcome: 'block',
      title: titles.units_left,
      detail: `The minimum investment of ${money(offering.minAmount)} needs ${units(minimumUnits)} units, but at most ${units(maximumUnits)} can be bought.`,
    });
  } else {
    checks.push({
      rule: 'units_left',
      outcome: 'pass',
      title: titles.units_left,
      detail: `${units(remaining)} units left. You can buy from ${units(minimumUnits)} to ${units(maximumUnits)} units at ${price(offering.unitPrice)} each.`,
    });
  }

  if (custody === CUSTODY_UNREADABLE) {
    checks.push({
      rule: 'custody_account',
      outcome: 'warn',
      title: titles.custody_account,
      detail:
        'Could not be checked right now. This does not stop the investment: it is paid from your bank or by wire or check, not from the custody account.',
    });
  } else if (custody) {
    const verdict = reviewVerdict(custody.status);
    if (custody.restricted) {
      checks.push({
        rule: 'custody_account',
        outcome: 'warn',
        title: titles.custody_account,
        detail:
          'Your custody account is restricted. Investments paid from it may be held; contact support.',
      });
    } else if (verdict !== 'approved') {
      checks.push({
        rule: 'custody_account',
        outcome: 'warn',
        title: titles.custody_account,
        detail: `${reviewLabel(custody.status)}. Investments paid from the custody account wait for its approval.`,
      });
    } else {
      checks.push({
        rule: 'custody_account',
        outcome: 'pass',
        title: titles.custody_account,
        detail: 'Approved.',
      });
    }
  }

  const achBank = linkedBank?.state === 'linked' ? linkedBankName(linkedBank.bank) : null;
  if (linkedBank === null) {
    // Unreadable is not "none linked": the person is told it is unknown, not left to assume ACH
    // is fine. The invest form does not offer ACH then; the invest route reads the bank again
    // and refuses an ACH it cannot confirm.
    checks.push({
      rule: 'ach_bank',
      outcome: 'warn',
      title: titles.ach_bank,
      detail:
        'Could not be checked right now: whether a bank account is linked to this account is not known. ACH is not offered until it can be checked; wire or check do not need one.',
    });
  } else if (linkedBank) {
    checks.push(
      achBank
        ? {
            rule: 'ach_bank',
            outcome: 'pass',
            title: titles.ach_bank,
            detail: `An ACH payment comes from ${achBank}.`,
          }
        : {
            rule: 'ach_bank',
            outcome: 'warn',
            title: titles.ach_bank,
            detail: `None is linked, so this account cannot pay by ACH. ${ACH_CHOICES}`,
          },
    );
  }

  // A limit the platform keeps on the account (§2.5 singleInvestmentLimit), which the document
  // does not say how it enforces: said before the form, against the offering's minimum, and
  // never blocking (the platform decides). None set, or zero, is no limit.
  const limit = account.limits ? singleInvestmentLimit(account.limits) : null;
  if (limit !== null) {
    checks.push({
      rule: 'investment_limit',
      outcome: 'warn',
      title: titles.investment_limit,
      detail:
        compare(offering.minAmount, limit) > 0
          ? `This account's single investment limit at the platform is ${money(limit)}, below this offering's minimum investment of ${money(offering.minAmount)}: the platform may refuse any investment in it. Contact support before investing.`
          : `This account's single investment limit at the platform is ${money(limit)}: the platform may refuse an investment above it.`,
    });
  }

  return {
    accountId: account.id,
    offeringId: offering.id,
    canInvest: checks.every((check) => check.outcome !== 'block'),
    checks,
    unitPrice: offering.unitPrice,
    minimumUnits: feasible ? minimumUnits : null,
    maximumUnits: feasible ? maximumUnits : null,
    remainingUnits: offering.remainingShares,
    achAvailable: linkedBank ? linkedBank.state === 'linked' : null,
    achBank,
  };
}

const ACH_CHOICES =
  'Pay by wire or check, or link a bank account on the Money and timeline page first.';

/** The refusal of ACH from an account with no linked bank, on the payment method field. */
/**
 * What to do when the offering, not the request, refuses an investment (closed, sold out, not
 * open yet): the second sentence of the BFF's refusal pair.
 */
export const OFFERING_NEXT =
  'Choose another offering, or come back once this one accepts investments: changing the units would not help.';
/** What to do when the account cannot invest (its reviews): another account may. */
export const ACCOUNT_NEXT = 'Invest from another of your accounts, if you have one.';

export const achWithoutBankPair = {
  why: 'ACH needs a bank account linked to this account, and none is linked.',
  next: ACH_CHOICES,
};
const ACH_WITHOUT_BANK = `${achWithoutBankPair.why} ${achWithoutBankPair.next}`;

/**
 * Whether the payment method can be used from the preflight's account: ACH only with a linked
 * bank. The invest form refuses it at Review and the BFF on arrival, with the same words.
 */
export function paymentMethodBlock(
  preflight: Pick<Preflight, 'achAvailable'> | undefined,
  method: z.infer<typeof paymentMethodSchema>,
): string | null {
  return method === 'ach' && preflight?.achAvailable === false ? ACH_WITHOUT_BANK : null;
}

/** The account's own reviews: nothing the investor can correct in a form. */
const accountReviewRules: readonly PreflightRule[] = ['account_approval', 'kyc', 'aml'];

/** What stops an investment, told once, with the form field it belongs to. */
export interface InvestmentBlock {
  /** Every rule that blocks, and what the person can do about it. */
  message: string;
  /**
   * `accountId` when the account itself cannot invest (another account may), null when the
   * offering blocks (closed, sold out): no field of the form can change that.
   */
  field: 'accountId' | null;
}

/**
 * Every blocking rule of a preflight as one refusal, for the invest form's Review step and the
 * BFF alike. A review that was not approved cannot be corrected by the investor: the way out is
 * support, so the refusal says so instead of inviting another try.
 */
export function investmentBlock(preflight: Preflight): InvestmentBlock | null {
  const blocks = preflight.checks.filter((check) => check.outcome === 'block');
  if (blocks.length === 0) return null;
  const reviews = blocks.filter((check) => accountReviewRules.includes(check.rule));
  const others = blocks.filter((check) => !accountReviewRules.includes(check.rule));
  const sentences = others.map((check) => `${check.title}: ${check.detail}`);
  if (reviews.length > 0) {
    sentences.unshift(
      `Account ${preflight.accountId} cannot invest. Not approved: ${reviews.map((check) => check.title).join(', ')}. This cannot be changed here: contact support to find out why and what you can provide to be reviewed again.`,
    );
  }
  return { message: sentences.join(' '), field: reviews.length > 0 ? 'accountId' : null };
}
