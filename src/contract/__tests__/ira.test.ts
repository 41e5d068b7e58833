import { describe, expect, it, vi } from 'vitest';
import { mailingAddressStepSchema, makeIraSupplementSchema, toSupplementRequest } from '../ira';

const schema = makeIraSupplementSchema({ today: '2026-03-10' });
const valid = {
  mailing: {
    maritalStatus: 'not_married',
    line1: '1 Main St',
    city: 'Denver',
    state: 'co',
    zipCode: '802021234',
    country: 'us',
  },
  management: { investmentManager: 'appoint', proxyVoting: 'send_to_manager' },
  funding: {
    contributionMethod: 'transfer',
    currentHolding: { firmName: 'Old Firm', accountNumber: 'AB-1234' },
  },
};

const issues = (input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

const regularFor = (contributionTaxYear: string) => ({
  ...valid,
  funding: { contributionMethod: 'regular_contribution', contributionTaxYear, currentHolding: {} },
});
const taxYearIssues = (today: string | undefined, year: string) => {
  const result = makeIraSupplementSchema(today ? { today } : {}).safeParse(regularFor(year));
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('the tax year of a regular contribution', () => {
  it('takes last year until its filing deadline, April 15, and then this year only', () => {
    expect(taxYearIssues('2026-04-15', '2025')).toEqual([]);
    expect(taxYearIssues('2026-04-16', '2025')).toEqual([
      'Tax year must be 2026: contributions for 2025 could be made until its filing deadline, April 15, 2026',
    ]);
    expect(taxYearIssues('2026-04-16', '2026')).toEqual([]);
  });

  it('moves the deadline to the Monday after when April 15 is a weekend day', () => {
    // 2028-04-15 is a Saturday.
    expect(taxYearIssues('2028-04-17', '2027')).toEqual([]);
    expect(taxYearIssues('2028-04-18', '2027')).toEqual([
      'Tax year must be 2028: contributions for 2027 could be made until its filing deadline, April 17, 2028',
    ]);
  });

  it('never takes next year', () => {
    expect(taxYearIssues('2026-03-10', '2027')).toEqual([
      'Tax year must be 2026 or 2025: 2027 has not begun',
    ]);
    expect(taxYearIssues('2026-12-31', '2027')).toEqual([
      'Tax year must be 2026: 2027 has not begun',
    ]);
  });

  it('counts the year in US Eastern time: at 8:30 PM on December 31 in New York, the next year has not begun', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 2027-01-01 in UTC, still 2026-12-31 in New York (§8).
      vi.setSystemTime(new Date('2027-01-01T01:30:00Z'));
      expect(taxYearIssues(undefined, '2027')).toEqual([
        'Tax year must be 2026: 2027 has not begun',
      ]);
      expect(taxYearIssues(undefined, '2026')).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the mailing address step says every broken rule in one pass', () => {
  it('names a U.S. state and ZIP that break their rules while the marital status is still missing', () => {
    const messages = mailingAddressStepSchema
      .safeParse({
        line1: '1 Main St',
        city: '',
        state: 'Colorado',
        zipCode: '8020',
        country: 'US',
      })
      .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toEqual([
      'maritalStatus: Choose your marital status',
      'city: City is required',
      'state: State or region must be a two-letter code, such as NY',
      'zipCode: ZIP or postal code must be 5 digits or ZIP+4, such as 12345 or 12345-6789',
    ]);
  });

  it('leaves a blank field to its own "is required", once', () => {
    const messages = mailingAddressStepSchema
      .safeParse({
        maritalStatus: 'married',
        line1: '1 Main St',
        city: 'Denver',
        state: ' ',
        zipCode: '',
        country: 'US',
      })
      .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toEqual([
      'state: State or region is required',
      'zipCode: ZIP or postal code is required',
    ]);
  });
});

describe('IRA supplement wizard schema (§4.7)', () => {
  it('accepts a complete request and maps it to the upstream request', () => {
    const parsed = schema.parse(valid);
    expect(toSupplementRequest('A1', parsed)).toEqual({
      accountId: 'A1',
      maritalStatus: 'not_married',
      mailingAddress: {
        line1: '1 Main St',
        city: 'Denver',
        state: 'CO',
        zipCode: '802021234',
        country: 'US',
      },
      investmentManager: 'appoint',
      proxyVoting: 'send_to_manager',
      contributionMethod: 'transfer',
      holdings: [
        { firmName: 'Old Firm', country: null, accountName: null, accountNumber: 'AB-1234' },
      ],
    });
  });

  it.each([
    [
      'regular contribution this year',
      {
        contributionMethod: 'regular_contribution',
        contributionTaxYear: '2026',
        currentHolding: {},
      },
    ],
    [
      'regular contribution last year',
      {
        contributionMethod: 'regular_contribution',
        contributionTaxYear: '2025',
        currentHolding: {},
      },
    ],
    [
      'SEP contribution without a holding',
      { contributionMethod: 'sep_contribution', currentHolding: {} },
    ],
  ])('accepts %s', (_, funding) => {
    expect(issues({ ...valid, funding })).toEqual([]);
  });

  it.each([
    [
      'a regular contribution without a tax year',
      { funding: { contributionMethod: 'regular_contribution', currentHolding: {} } },
      /funding.contributionTaxYear: Tax year is required/,
    ],
    [
      'a tax year two years back',
      {
        funding: {
          contributionMethod: 'regular_contribution',
          contributionTaxYear: '2024',
          currentHolding: {},
        },
      },
      /Tax year must be 2026 or 2025/,
    ],
    [
      'a tax year that is not a year',
      {
        funding: {
          contributionMethod: 'regular_contribution',
          contributionTaxYear: '26',
          currentHolding: {},
        },
      },
      /a year such as/,
    ],
    [
      'a rollover without the firm',
      { funding: { contributionMethod: 'rollover', currentHolding: { accountNumber: '1234' } } },
      /currentHolding.firmName: Firm name is required for a transfer, a rollover or a Roth conversion/,
    ],
    [
      'a transfer without the account number',
      { funding: { contributionMethod: 'transfer', currentHolding: { firmName: 'X' } } },
      /currentHolding.accountNumber: Account number at that firm is required for a transfer/,
    ],
    [
      'an account number with symbols',
      { funding: { ...valid.funding, currentHolding: { firmName: 'X', accountNumber: '12$4' } } },
      /letters, digits or hyphens/,
    ],
    [
      'an account number that is a word',
      { funding: { ...valid.funding, currentHolding: { firmName: 'X', accountNumber: 'Test' } } },
      /currentHolding.accountNumber: Account number at that firm must be .*with at least one digit/,
    ],
    [
      'a second holding account number that is a word, named as its field is',
      {
        funding: {
          ...valid.funding,
          secondHolding: { firmName: 'Y', accountNumber: 'Test' },
        },
      },
      /secondHolding.accountNumber: Account number at the second firm must be 4 to 34/,
    ],
    [
      'an international account number without a digit',
      { funding: { ...valid.funding, internationalAccountNumber: 'ABCD EFGH' } },
      /internationalAccountNumber: .*with at least one digit/,
    ],
    [
      'a holding country that is not a country',
      {
        funding: {
          ...valid.funding,
          currentHolding: { firmName: 'X', accountNumber: '1234', country: 'QQ' },
        },
      },
      /currentHolding.country: Country of the firm /,
    ],
    [
      'a U.S. state that is not one',
      { mailing: { ...valid.mailing, state: 'Colorado' } },
      // The message names the field as the wizard labels it, "State or region".
      /mailing.state: State or region must be a two-letter code, such as NY/,
    ],
    [
      'a U.S. ZIP of 4 digits',
      { mailing: { ...valid.mailing, zipCode: '8020' } },
      /mailing.zipCode: ZIP or postal code must be 5 digits or ZIP\+4/,
    ],
    [
      'a missing city',
      { mailing: { ...valid.mailing, city: ' ' } },
      /mailing.city: City is required/,
    ],
    ['an unknown country', { mailing: { ...valid.mailing, country: 'XX' } }, /mailing.country/],
    [
      'proxies to a manager not appointed',
      { management: { investmentManager: 'not_now', proxyVoting: 'send_to_manager' } },
      /management.proxyVoting/,
    ],
    [
      'a missing marital status',
      { mailing: { ...valid.mailing, maritalStatus: undefined } },
      /mailing.maritalStatus/,
    ],
  ])('refuses %s', (_, change, message) => {
    expect(issues({ ...valid, ...change }).join('\n')).toMatch(message);
  });

  it('accepts a foreign address with free-text state and postal code', () => {
    expect(
      issues({
        ...valid,
        mailing: { ...valid.mailing, country: 'GB', state: 'Greater London', zipCode: 'SW1A 1AA' },
      }),
    ).toEqual([]);
  });
});

describe('an investor opens an IRA with a second holding only (§4.7 bank*2)', () => {
  it('sends it as the second holding, with the first left empty', () => {
    const parsed = schema.parse({
      ...valid,
      funding: {
        contributionMethod: 'sep_contribution',
        currentHolding: {},
        secondHolding: { firmName: 'Second Bank', country: 'USA', accountNumber: '55554444' },
      },
    });
    const request = toSupplementRequest('A1', parsed);
    expect(request.holdings).toEqual([
      {},
      { firmName: 'Second Bank', country: 'US', accountName: null, accountNumber: '55554444' },
    ]);
  });

  it('needs no investment manager, proxy voting or funding method: §4.7 makes them optional', () => {
    const parsed = schema.parse({
      mailing: valid.mailing,
      management: {},
      funding: { currentHolding: {}, internationalAccountNumber: 'DE89 3704 0044 0532 0130 00' },
    });
    const request = toSupplementRequest('A1', parsed);
    expect(request).not.toHaveProperty('investmentManager');
    expect(request).not.toHaveProperty('proxyVoting');
    expect(request).not.toHaveProperty('contributionMethod');
    expect(request.internationalAccountNumber).toBe('DE89370400440532013000');
  });
});
