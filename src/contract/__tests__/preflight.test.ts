import { describe, expect, it } from 'vitest';
import type { Account } from '../accounts';
import type { Offering } from '../offerings';
import {
  computePreflight,
  investmentBlock,
  paymentMethodBlock,
  type PreflightRule,
} from '../preflight';

/*
 * One test per preflight rule: what a person whose account or offering is in that state is told
 * before investing, and whether the BFF lets the investment through (canInvest).
 */

const review = (status: string | null) => ({ status, date: null });

function account(
  statuses: Partial<Record<'approval' | 'kyc' | 'aml' | 'accreditation', string | null>> = {},
): Pick<Account, 'id' | 'reviews'> {
  // A key given as null means "no review yet"; a key left out means approved.
  const status = (key: keyof typeof statuses) =>
    key in statuses ? (statuses[key] ?? null) : 'approved';
  return {
    id: 'A1000001',
    reviews: {
      approval: { ...review(status('approval')), principal: null },
      kyc: review(status('kyc')),
      aml: review(status('aml')),
      accreditation: { ...review(status('accreditation')) },
    },
  };
}

const openOffering: Offering = {
  id: '5201',
  issuerId: '77',
  name: 'Harbor Lofts',
  type: 'Equity',
  status: 'Approved',
  unitPrice: '10.00',
  minAmount: '100.00',
  targetAmount: '100000.00',
  maxAmount: '50000.00',
  totalShares: '10000',
  remainingShares: '8000',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  description: '',
  stampingText: '',
  createdAt: null,
};

const today = '2026-11-24';

function check(rule: PreflightRule, result: ReturnType<typeof computePreflight>) {
  const found = result.checks.find((c) => c.rule === rule);
  if (!found) throw new Error(`no ${rule} check`);
  return found;
}

describe('preflight before investing: one rule at a time', () => {
  it('an approved account on an open offering passes every rule and may invest', () => {
    const result = computePreflight(account(), openOffering, today, {
      status: 'approved',
      restricted: false,
    });
    expect(result.canInvest).toBe(true);
    expect(result.checks.map((c) => c.outcome)).toEqual(Array(7).fill('pass'));
    expect(investmentBlock(result)).toBeNull();
    // Said as the offering's page says it, not as the platform's status and ISO dates.
    expect(check('offering_status', result).detail).toBe(
      'Open for investment (opened January 1, 2026, closes December 31, 2026).',
    );
  });

  it('an account whose approval was refused is blocked and told to contact support', () => {
    const result = computePreflight(
      account({ approval: 'Disapproved' }),
      openOffering,
      today,
      null,
    );
    expect(check('account_approval', result).outcome).toBe('block');
    expect(check('account_approval', result).detail).toMatch(/cannot invest.*Contact support/);
    expect(result.canInvest).toBe(false);
    expect(investmentBlock(result)).toEqual({
      field: 'accountId',
      message:
        'Account A1000001 cannot invest. Not approved: Account approval. This cannot be changed here: contact support to find out why and what you can provide to be reviewed again.',
    });
  });

  it('an account whose approval is pending may invest with a warning that the trade waits', () => {
    const result = computePreflight(account({ approval: 'Pending' }), openOffering, today, null);
    expect(check('account_approval', result).outcome).toBe('warn');
    expect(check('account_approval', result).detail).toMatch(/approved only once this review/);
    expect(result.canInvest).toBe(true);
  });

  it('a failed identity check (KYC) blocks', () => {
    const result = computePreflight(account({ kyc: 'failed' }), openOffering, today, null);
    expect(check('kyc', result).outcome).toBe('block');
    expect(result.canInvest).toBe(false);
  });

  it('a KYC review not started yet warns', () => {
    const result = computePreflight(account({ kyc: null }), openOffering, today, null);
    expect(check('kyc', result).outcome).toBe('warn');
    expect(result.canInvest).toBe(true);
  });

  it('an AML screening that was declined blocks', () => {
    const result = computePreflight(account({ aml: 'Declined' }), openOffering, today, null);
    expect(check('aml', result).outcome).toBe('block');
    expect(result.canInvest).toBe(false);
  });

  it('several reviews not approved are one refusal on the account, naming each and whom to ask, never "try again"', () => {
    const closed = { ...openOffering, endDate: '2026-06-30' };
    const result = computePreflight(
      account({ kyc: 'failed', aml: 'Declined' }),
      closed,
      today,
      null,
    );
    const block = investmentBlock(result)!;
    expect(block.field).toBe('accountId');
    expect(block.message).toMatch(
      /^Account A1000001 cannot invest\. Not approved: Identity \(KYC\), Anti-money-laundering \(AML\)\. This cannot be changed here: contact support/,
    );
    // The offering's own block follows; alone, it belongs to no field of the form.
    expect(block.message).toMatch(/Offering open for investment: /);
    expect(block.message).not.toMatch(/try again/);
    expect(investmentBlock(computePreflight(account(), closed, today, null))?.field).toBeNull();
  });

  it('accreditation never blocks: refused or missing, it warns (the offering does not say it needs it)', () => {
    for (const status of ['Disapproved', 'Pending', null]) {
      const result = computePreflight(
        account({ accreditation: status }),
        openOffering,
        today,
        null,
      );
      expect(check('accreditation', result).outcome, String(status)).toBe('warn');
      expect(check('accreditation', result).detail).toMatch(/accredited investors/);
      expect(result.canInvest).toBe(true);
    }
  });

  it('an offering that has closed blocks', () => {
    const closed = { ...openOffering, endDate: '2026-06-30' };
    const result = computePreflight(account(), closed, today, null);
    expect(check('offering_status', result).outcome).toBe('block');
    expect(result.canInvest).toBe(false);
  });

  it('an offering that has not opened yet blocks', () => {
    const later = { ...openOffering, startDate: '2027-01-01' };
    const result = computePreflight(account(), later, today, null);
    expect(check('offering_status', result).outcome).toBe('block');
  });

  it('a sold-out offering blocks under units, not under its status', () => {
    const soldOut = { ...openOffering, remainingShares: '0' };
    const result = computePreflight(account(), soldOut, today, null);
    expect(check('offering_status', result).outcome).toBe('pass');
    expect(check('units_left', result)).toMatchObject({ outcome: 'block' });
    expect(check('units_left', result).detail).toMatch(/sold out/);
    expect(result.maximumUnits).toBeNull();
  });

  it('the maximum is never above what is left, nor above the maximum amount', () => {
    const few = { ...openOffering, remainingShares: '125' };
    expect(computePreflight(account(), few, today, null).maximumUnits).toBe('125');
    // 50,000.00 / 10.00 = 5,000 units, below the 8,000 left.
    expect(computePreflight(account(), openOffering, today, null).maximumUnits).toBe('5000');
    expect(computePreflight(account(), openOffering, today, null).minimumUnits).toBe('10');
  });

  it('fewer units left than the minimum investment needs blocks, with both figures', () => {
    const tail = { ...openOffering, remainingShares: '4' };
    const result = computePreflight(account(), tail, today, null);
    expect(check('units_left', result).outcome).toBe('block');
    expect(check('units_left', result).detail).toMatch(/\$100\.00 needs 10 units.*at most 4/);
  });

  it('a restricted custody account warns; an absent one adds no rule', () => {
    const restricted = computePreflight(account(), openOffering, today, {
      status: 'approved',
      restricted: true,
    });
    expect(check('custody_account', restricted).outcome).toBe('warn');
    expect(check('custody_account', restricted).detail).toMatch(/restricted/);
    expect(restricted.canInvest).toBe(true);

    const pending = computePreflight(account(), openOffering, today, {
      status: 'pending',
      restricted: false,
    });
    expect(check('custody_account', pending).outcome).toBe('warn');

    const none = computePreflight(account(), openOffering, today, null);
    expect(none.checks.some((c) => c.rule === 'custody_account')).toBe(false);
  });

  it('ACH pays from the linked bank: none linked warns and refuses ACH alone; unreadable says it could not be checked', () => {
    const linked = computePreflight(account(), openOffering, today, null, {
      state: 'linked',
      bank: {
        bankName: 'Prairie National Bank',
        holderName: null,
        accountType: null,
        accountNumberMasked: '••••1592',
        routingNumberMasked: '••••0021',
      },
    });
    expect(check('ach_bank', linked)).toMatchObject({
      outcome: 'pass',
      detail: 'An ACH payment comes from Prairie National Bank ••••1592.',
    });
    expect(linked).toMatchObject({ achAvailable: true, achBank: 'Prairie National Bank ••••1592' });
    expect(paymentMethodBlock(linked, 'ach')).toBeNull();

    const none = computePreflight(account(), openOffering, today, null, {
      state: 'none',
      message: 'No bank account is linked.',
    });
    expect(check('ach_bank', none).outcome).toBe('warn');
    // Wire and check remain: the account may invest, not by ACH.
    expect(none.canInvest).toBe(true);
    expect(investmentBlock(none)).toBeNull();
    expect(none).toMatchObject({ achAvailable: false, achBank: null });
    expect(paymentMethodBlock(none, 'ach')).toBe(
      'ACH needs a bank account linked to this account, and none is linked. Pay by wire or check, or link a bank account on the Money and timeline page first.',
    );
    expect(paymentMethodBlock(none, 'wire')).toBeNull();
    expect(paymentMethodBlock(none, 'check')).toBeNull();

    const unknown = computePreflight(account(), openOffering, today, null, null);
    expect(check('ach_bank', unknown)).toMatchObject({
      outcome: 'warn',
      detail:
        'Could not be checked right now: whether a bank account is linked to this account is not known. ACH is not offered until it can be checked; wire or check do not need one.',
    });
    expect(unknown.canInvest).toBe(true);
    expect(unknown.achAvailable).toBeNull();
    expect(paymentMethodBlock(unknown, 'ach')).toBeNull();
  });

  it.each([
    ['no limit set', null, null],
    ['a limit of zero, which is none', '0', null],
    [
      'a limit above the minimum',
      '5000',
      "This account's single investment limit at the platform is $5,000.00: the platform may refuse an investment above it.",
    ],
    [
      'a limit below the minimum',
      '50',
      "This account's single investment limit at the platform is $50.00, below this offering's minimum investment of $100.00: the platform may refuse any investment in it. Contact support before investing.",
    ],
  ])(
    'an account with %s (§2.5 singleInvestmentLimit) is warned, never blocked',
    (_, limit, detail) => {
      const result = computePreflight(
        { ...account(), limits: { rule506c: null, accountTotal: null, singleInvestment: limit } },
        openOffering,
        today,
        null,
      );
      const found = result.checks.find((c) => c.rule === 'investment_limit');
      expect(found && { outcome: found.outcome, detail: found.detail }).toEqual(
        detail === null ? undefined : { outcome: 'warn', detail },
      );
      expect(result.canInvest).toBe(true);
    },
  );
});
