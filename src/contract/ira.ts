import { z } from 'zod';
import {
  contributionMethodSchema,
  investmentManagerChoiceSchema,
  maritalStatusSchema,
  proxyVotingChoiceSchema,
  recordedAddressSchema,
  type AccountSupplementRequest,
} from './custody';
import { checkCountryCode, checkUsState, checkZip } from './rules/identity';
import { periodTimeZoneSchema } from './dates';
import { requiredTextSchema } from './free-text';
import { addDays, dayOfWeek, EASTERN, todayInZone } from './time';

/**
 * Opening a custodial (IRA) account: the supplement of interface document §4.7 as a wizard.
 * The steps validate with the step schemas below; the whole request with `iraSupplementSchema`,
 * which the BFF applies too. Codes travel as words here and become the document's numeric codes
 * only in the wire layer.
 */

const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} can be at most ${max} characters`).optional();

export const maritalStatusLabels: Record<z.infer<typeof maritalStatusSchema>, string> = {
  not_married: 'Not married',
  married: 'Married',
};

export const investmentManagerLabels: Record<
  z.infer<typeof investmentManagerChoiceSchema>,
  string
> = {
  appoint: 'Appoint an investment manager',
  not_now: 'No appointment now',
};

export const proxyVotingLabels: Record<z.infer<typeof proxyVotingChoiceSchema>, string> = {
  receive_all: 'Send me all proxy materials',
  send_to_manager: 'Send all proxy materials to my investment manager',
  send_none: 'Send no proxy materials',
};

export const contributionMethodLabels: Record<z.infer<typeof contributionMethodSchema>, string> = {
  transfer: 'Transfer from another IRA',
  regular_contribution: 'Regular contribution',
  roth_conversion: 'Roth conversion',
  rollover: 'Rollover from an employer plan',
  sep_contribution: 'SEP contribution',
};

/** Methods that move assets held elsewhere, so the current holding must be named. */
const METHODS_NEEDING_HOLDING = ['transfer', 'rollover', 'roth_conversion'] as const;
/** The funding methods that need the current holding, as the wizard names them. */
const neededFor = 'a transfer, a rollover or a Roth conversion';

/** The contract's choice with a message that says what to choose. */
const choice = <T extends Readonly<Record<string, string>>>(values: T, message: string) =>
  z.enum(values, { error: message });

export const mailingAddressStepSchema = z
  .object({
    maritalStatus: choice(maritalStatusSchema.enum, 'Choose your marital status'),
    line1: requiredTextSchema('Address line 1', 100),
    line2: optionalText('Address line 2', 100),
    city: requiredTextSchema('City', 60),
    // Each message names its field as the wizard labels it.
    state: requiredTextSchema('State or region', 60),
    zipCode: requiredTextSchema('ZIP or postal code', 20),
    // A code (US), an alpha-3 code (USA) or an English name; the rule reads all three.
    country: requiredTextSchema('Country', 60),
  })
  .superRefine(
    (value, ctx) => {
      // Read as typed: this runs while other fields are still missing (`when` below), so that a
      // step's every broken rule is said at once, not in a second round once those are fixed. A
      // blank field is left to its own "is required".
      const typed = (text: unknown) =>
        typeof text === 'string' && text.trim() !== '' ? text : null;
      const countryText = typed(value.country);
      if (countryText === null) return;
      const country = checkCountryCode(countryText);
      if (!country.ok) {
        ctx.addIssue({ code: 'custom', message: country.message, path: ['country'] });
        return;
      }
      // U.S. addresses get the state and ZIP rules; elsewhere they are free text.
      if (country.value !== 'US') return;
      const stateText = typed(value.state);
      const state = stateText === null ? null : checkUsState(stateText, 'State or region');
      if (state && !state.ok) {
        ctx.addIssue({ code: 'custom', message: state.message, path: ['state'] });
      }
      const zipText = typed(value.zipCode);
      const zip = zipText === null ? null : checkZip(zipText, 'ZIP or postal code');
      if (zip && !zip.ok) ctx.addIssue({ code: 'custom', message: zip.message, path: ['zipCode'] });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );

/* §4.7: appointmentOfInvestmentManager, proxyVotingPreferences and methodOfContributionOrFunding
   are optional; an unanswered choice is simply not sent. */
export const managementStepSchema = z
  .object({
    investmentManager: choice(
      investmentManagerChoiceSchema.enum,
      'Choose whether to appoint an investment manager',
    ).optional(),
    proxyVoting: choice(proxyVotingChoiceSchema.enum, 'Choose where proxy materials go').optional(),
    otherServices: optionalText('Other services', 500),
  })
  .refine(
    (value) => value.proxyVoting !== 'send_to_manager' || value.investmentManager === 'appoint',
    {
      message: 'Proxy materials can go to an investment manager only when you appoint one',
      path: ['proxyVoting'],
    },
  );

/**
 * Where assets are held now (§2.11 bank*1, bank*2), each message naming the field as the wizard
 * labels it for that holding.
 */
const holdingLabels = {
  currentHolding: {
    firmName: 'Firm name',
    accountName: 'Account name',
    accountNumber: 'Account number at that firm',
    country: 'Country of the firm',
  },
  secondHolding: {
    firmName: 'Second firm name',
    accountName: 'Second account name',
    accountNumber: 'Account number at the second firm',
    country: 'Country of the second firm',
  },
} as const;

const makeHoldingSchema = (labels: Record<keyof typeof holdingLabels.currentHolding, string>) =>
  z.object({
    firmName: optionalText(labels.firmName, 100),
    country: optionalText(labels.country, 60),
    accountName: optionalText(labels.accountName, 100),
    accountNumber: z
      .string()
      .trim()
      // A word such as "Test" is no account number: at least one digit, as every account number has.
      .regex(
        /^((?=[^0-9]*[0-9])[A-Za-z0-9-]{4,34})?$/,
        `${labels.accountNumber} must be 4 to 34 letters, digits or hyphens, with at least one digit`,
      )
      .optional(),
  });
const holdingSchema = makeHoldingSchema(holdingLabels.currentHolding);
type Holding = z.infer<typeof holdingSchema>;

const holdingIsEmpty = (holding: Holding | undefined) =>
  !holding || Object.values(holding).every((value) => !value);

export interface IraRuleOptions {
  /** Today, YYYY-MM-DD; today in US Eastern time when absent, read at validation time. */
  today?: string;
}

/**
 * The last day a contribution may count for the year before `year`: the filing deadline, April 15
 * (the IRS's rule for prior-year IRA contributions; the document only says YYYY, §4.7), moved to
 * the Monday after when it falls on a weekend.
 */
function priorYearDeadline(year: number): string {
  const april15 = `${year}-04-15`;
  const weekday = dayOfWeek(april15);
  return weekday === 'saturday'
    ? addDays(april15, 2)
    : weekday === 'sunday'
      ? addDays(april15, 1)
      : april15;
}

/**
 * The tax year of a regular contribution: this year, or last year until its filing deadline.
 * Years count in US Eastern time, the portal's business day (§8): at 8 PM on December 31 in New
 * York the next year has begun in UTC, not there.
 */
function taxYearProblem(year: string | undefined, today: string): string | null {
  if (!year) return 'Tax year is required for a regular contribution';
  if (!/^\d{4}$/.test(year)) return 'Tax year must be a year such as 2025';
  const current = Number(today.slice(0, 4));
  const deadline = priorYearDeadline(current);
  const lastYearOpen = today <= deadline;
  if (Number(year) === current || (lastYearOpen && Number(year) === current - 1)) return null;
  const allowed = lastYearOpen ? `${current} or ${current - 1}` : `${current}`;
  if (Number(year) > current) return `Tax year must be ${allowed}: ${year} has not begun`;
  return lastYearOpen
    ? `Tax year must be ${allowed}`
    : `Tax year must be ${allowed}: contributions for ${current - 1} could be made until its filing deadline, April ${deadline.slice(8)}, ${current}`;
}

export function makeFundingStepSchema(options: IraRuleOptions = {}) {
  return z
    .object({
      contributionMethod: choice(
        contributionMethodSchema.enum,
        'Choose how the IRA is funded',
      ).optional(),
      contributionTaxYear: z.string().trim().optional(),
      /** §4.7 "For international accounts"; the document gives no shape, so letters and digits. */
      internationalAccountNumber: z
        .string()
        .trim()
        .regex(
          /^((?=[^0-9]*[0-9])[A-Za-z0-9 -]{4,40})?$/,
          'International account number must be 4 to 40 letters, digits, spaces or hyphens, with at least one digit',
        )
        .optional(),
      currentHolding: holdingSchema,
      secondHolding: makeHoldingSchema(holdingLabels.secondHolding).optional(),
    })
    .superRefine((value, ctx) => {
      const today = options.today ?? todayInZone(EASTERN);
      if (value.contributionMethod === 'regular_contribution') {
        const problem = taxYearProblem(value.contributionTaxYear, today);
        if (problem)
          ctx.addIssue({ code: 'custom', message: problem, path: ['contributionTaxYear'] });
      }
      if (
        value.contributionMethod &&
        (METHODS_NEEDING_HOLDING as readonly string[]).includes(value.contributionMethod)
      ) {
        if (!value.currentHolding.firmName) {
          ctx.addIssue({
            code: 'custom',
            message: `Firm name is required for ${neededFor}`,
            path: ['currentHolding', 'firmName'],
          });
        }
        if (!value.currentHolding.accountNumber) {
          ctx.addIssue({
            code: 'custom',
            message: `Account number at that firm is required for ${neededFor}`,
            path: ['currentHolding', 'accountNumber'],
          });
        }
      }
      for (const key of ['currentHolding', 'secondHolding'] as const) {
        const country = value[key]?.country;
        if (!country) continue;
        const check = checkCountryCode(country, holdingLabels[key].country);
        if (!check.ok)
          ctx.addIssue({ code: 'custom', message: check.message, path: [key, 'country'] });
      }
    });
}

/** The whole wizard; the BFF body of `POST /api/accounts/:accountId/ira-supplement`. */
export function makeIraSupplementSchema(options: IraRuleOptions = {}) {
  return z.object({
    mailing: mailingAddressStepSchema,
    management: managementStepSchema,
    funding: makeFundingStepSchema(options),
  });
}
export const iraSupplementSchema = makeIraSupplementSchema();

/**
 * The request's query: the viewer's zone (IANA), which the page sends so that a refusal naming an
 * earlier request says when it was made in the viewer's time, as the timeline beside it does.
 * Absent, UTC, named.
 */
export const iraSupplementQuerySchema = z.object({
  timeZone: periodTimeZoneSchema.optional(),
});
export type IraSupplement = z.infer<typeof iraSupplementSchema>;

/** The upstream request for an account (the wire layer's input). */
export function toSupplementRequest(
  accountId: string,
  form: IraSupplement,
): AccountSupplementRequest {
  // Positions matter (§4.7 bank*1 is where the assets are held now, bank*2 the second holding):
  // a second holding given alone stays second, with an empty first.
  const toHolding = (holding: Holding | undefined) =>
    holdingIsEmpty(holding)
      ? {}
      : {
          firmName: holding?.firmName || null,
          country: holding?.country ? countryCodeOf(holding.country) : null,
          accountName: holding?.accountName || null,
          accountNumber: holding?.accountNumber || null,
        };
  const holdings = holdingIsEmpty(form.funding.secondHolding)
    ? holdingIsEmpty(form.funding.currentHolding)
      ? []
      : [toHolding(form.funding.currentHolding)]
    : [toHolding(form.funding.currentHolding), toHolding(form.funding.secondHolding)];
  const { mailing, management, funding } = form;
  const country = countryCodeOf(mailing.country);
  return {
    accountId,
    maritalStatus: mailing.maritalStatus,
    mailingAddress: {
      line1: mailing.line1,
      ...(mailing.line2 ? { line2: mailing.line2 } : {}),
      city: mailing.city,
      state: stateAsRecorded(mailing),
      zipCode: mailing.zipCode,
      country,
    },
    ...(management.investmentManager ? { investmentManager: management.investmentManager } : {}),
    ...(management.proxyVoting ? { proxyVoting: management.proxyVoting } : {}),
    ...(management.otherServices ? { otherServices: management.otherServices } : {}),
    ...(funding.contributionMethod ? { contributionMethod: funding.contributionMethod } : {}),
    ...(funding.internationalAccountNumber
      ? { internationalAccountNumber: funding.internationalAccountNumber.replace(/\s+/g, '') }
      : {}),
    ...(funding.contributionMethod === 'regular_contribution'
      ? { contributionTaxYear: funding.contributionTaxYear }
      : {}),
    ...(holdings.length > 0 ? { holdings } : {}),
  };
}

/**
 * The state of a mailing address as it is sent: a U.S. state as its upper-case code ("co" is
 * CO), so the review shows what the platform will record.
 */
export function stateAsRecorded(mailing: { state: string; country: string }): string {
  return countryCodeOf(mailing.country) === 'US' ? mailing.state.toUpperCase() : mailing.state;
}

/** A country as typed, as the code the upstream takes (the rule has already accepted it). */
function countryCodeOf(input: string): string {
  const check = checkCountryCode(input);
  return check.ok ? check.value : input.trim().toUpperCase();
}

/**
 * What the upstream recorded, codes mapped back to words; account numbers masked. The upstream
 * answer carries no request id (§2.11), so our reference (the register's, which the account's
 * timeline shows) is the one to quote, with the moment the portal received the answer (UTC,
 * always known).
 */
export const iraSupplementReceiptSchema = z.object({
  reference: z.string(),
  submittedAt: z.iso.datetime(),
  accountId: z.string(),
  maritalStatus: maritalStatusSchema.nullable(),
  mailingAddress: recordedAddressSchema,
  investmentManager: investmentManagerChoiceSchema.nullable(),
  proxyVoting: proxyVotingChoiceSchema.nullable(),
  otherServices: z.string().nullable(),
  contributionMethod: contributionMethodSchema.nullable(),
  contributionTaxYear: z.string().nullable(),
  internationalAccountNumberMasked: z.string().nullable(),
  holdings: z.array(
    z.object({
      firmName: z.string().nullable(),
      country: z.string().nullable(),
      accountName: z.string().nullable(),
      accountNumberMasked: z.string().nullable(),
    }),
  ),
});
export type IraSupplementReceipt = z.infer<typeof iraSupplementReceiptSchema>;
