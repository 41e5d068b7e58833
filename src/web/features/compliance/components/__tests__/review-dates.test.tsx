// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountView } from '../../../../../contract/account-views';
import { accountView } from '../../../../testing/account';
import { entityView } from '../../../../testing/entity';
import { renderWithProviders } from '../../../../testing/render';
import type { CustodyAccountResult } from '../../../../../contract/custody-views';
import { approvedCustody } from '../../../../testing/custody';
import { AccountProfileForReview, AccountReviews, CustodyAccountSummary } from '../account-review';
import { EntityDetails } from '../entity-details';

afterEach(cleanup);

/*
 * The platform records some review dates as zone-less wall times (an account's kycDate, amlDate,
 * suitabilityDate) and others as calendar days (accreditedInvestorDate, approvalLastReview, an
 * entity's AMLdate), interface document §2.5, §2.6. A reviewer reads them side by side: each is
 * shown as the platform's day, in one format.
 */
const address = { line1: null, line2: null, city: null, state: null, zip: null, country: null };

const account: AccountView = accountView({
  reviews: {
    // Late in the platform's evening: still the 24th there, whatever the viewer's zone.
    kyc: { status: 'approved', date: '2026-11-24T23:30:00' },
    aml: { status: 'approved', date: '2026-11-24T09:05:00' },
    accreditation: { status: 'pending', date: '2026-11-20' },
    approval: { status: null, date: null, principal: null },
  },
  suitability: { score: '7', date: '2026-11-21T16:45:00', approver: 'R. Lee' },
});

const entity = entityView({
  name: 'Quinn Holdings LLC',
  address,
  reviews: {
    kyc: { status: 'approved', date: '2026-11-24T23:30:00' },
    aml: { status: 'pending', date: '2026-11-20' },
  },
});
/** The text of the definition that a term of a description list names. */
const definitionOf = (term: string) =>
  screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('a reviewer reads the review dates of an account and of an entity', () => {
  it('reads every review date of an account as its day, in one format', () => {
    renderWithProviders(
      <>
        <AccountReviews account={account} />
        <AccountProfileForReview account={account} />
      </>,
    );
    const table = screen.getByRole('table', { name: 'Reviews' });
    const dates = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1].textContent);
    expect(dates).toEqual(['Nov 24, 2026', 'Nov 24, 2026', 'Nov 20, 2026', 'Not recorded']);
    expect(definitionOf('Suitability')).toBe('Score 7, approved by R. Lee on Nov 21, 2026');
  });

  it('reads the review dates of an entity in the same format', () => {
    renderWithProviders(<EntityDetails entity={entity} />);
    expect(definitionOf('KYC')).toBe('Approved (Nov 24, 2026)');
    expect(definitionOf('AML')).toBe('Pending (Nov 20, 2026)');
  });
});

describe('the accredited investor review (§2.5)', () => {
  it('shows the status and its date, and no upstream yes/no as a "basis" beside it', () => {
    // An account approved as accredited whose accreditedInvestor reads "No": §2.5 gives that
    // field no meaning, so it is never printed beside the status it could contradict, even when
    // a reply still carries it.
    const approved = accountView({
      reviews: {
        ...account.reviews,
        accreditation: { status: 'approved', date: '2025-11-16', basis: 'No' } as never,
      },
    });
    renderWithProviders(<AccountReviews account={approved} />);
    const row = screen.getByRole('row', { name: /Accredited investor/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Approved', 'Nov 16, 2025', '—']);
  });
});

describe('the custody account on the review page', () => {
  /** The value beside `label` in the summary's description list. */
  const valueOf = (label: string) =>
    screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

  it('says when it was approved, "Not yet" while pending, "Not reported" when the platform left it out (§2.12)', () => {
    const read = approvedCustody('A1234567', 'CR-1');
    if (read.state !== 'available') throw new Error('the fixture is an available account');
    const withStatus = (status: string, approvedAt: string | null): CustodyAccountResult => ({
      ...read,
      custodyAccount: { ...read.custodyAccount, status, approvedAt },
    });

    renderWithProviders(
      <CustodyAccountSummary result={withStatus('approved', '2026-11-02T10:15:00')} />,
    );
    expect(valueOf('Approved on')).toMatch(/^Nov 2, 2026/);
    cleanup();
    renderWithProviders(<CustodyAccountSummary result={withStatus('pending', null)} />);
    expect(valueOf('Approved on')).toBe('Not yet');
    cleanup();
    renderWithProviders(<CustodyAccountSummary result={withStatus('approved', null)} />);
    expect(valueOf('Approved on')).toBe('Not reported');
  });
});
