// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountSummary } from '../../../../../../contract/account-views';
import { offeringFixture } from '../../../../../testing/offering';
import { computePreflight } from '../../../../../../contract/preflight';
import type { Session } from '../../../../../../contract/session';
import { bff, mockPost, okAnswer, startMockBff } from '../../../../../testing/mock-bff';
import { fill, openReviewAndArm, renderWithProviders } from '../../../../../testing/render';
import InvestRoute from '../invest';
import { sessionOf } from '../../../../../testing/session';

startMockBff();
afterEach(cleanup);

const approved = { status: 'approved', date: null };
const account = {
  id: 'A1234567',
  name: 'Avery Quinn',
  type: 'individual',
  reviews: { kyc: approved, aml: approved, accreditation: approved, approval: approved },
  loaded: true,
} as unknown as AccountSummary;

const offering = offeringFixture();

const session: Session = sessionOf({ accountIds: [account.id] });

const receipt = {
  tradeId: 'T-000123',
  reference: 'MR-7K2Q9ZX4AB',
  transactionId: null,
  offeringId: '7',
  offeringName: offering.name,
  accountId: account.id,
  units: '20',
  unitPrice: '10',
  amount: '200',
  paymentMethod: 'ach',
  status: 'created',
  createdAt: '2026-07-17T16:09:00',
};

function renderInvestPage() {
  bff.use(
    http.get('/api/session', () => HttpResponse.json(session)),
    http.get('/api/offerings/7', () => HttpResponse.json({ offering })),
    http.get('/api/accounts', () => HttpResponse.json({ accounts: [account] })),
    http.get('/api/offerings/7/preflight', () =>
      HttpResponse.json(computePreflight(account as never, offering, '2026-07-17', null)),
    ),
  );
  return renderWithProviders(
    <Routes>
      <Route path="/offerings/:offeringId/invest" element={<InvestRoute />} />
    </Routes>,
    { path: '/offerings/7/invest' },
  );
}

describe('the invest page after an investment', () => {
  it('"Make another investment" opens an empty form, with focus on its first field', async () => {
    mockPost('/api/offerings/7/investments', okAnswer(receipt));
    const user = userEvent.setup({ delay: null });
    renderInvestPage();
    await fill(user, await screen.findByLabelText(/^Units/), '20');
    const confirm = () => screen.getByRole('button', { name: 'Confirm investment' });
    await openReviewAndArm(
      () => user.click(screen.getByRole('button', { name: 'Review investment' })),
      confirm,
    );
    await user.click(confirm());
    expect(await screen.findByText('Investment submitted')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Make another investment' }));
    const units = await screen.findByLabelText(/^Units/);
    expect(screen.queryByText('Investment submitted')).toBeNull();
    expect(units).toHaveProperty('value', '');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText(/Invest from account/)),
    );
  });
});

const refused = { status: 'disapproved', date: null };
const blockedKyc = {
  ...account,
  id: 'A7654321',
  name: 'Quinn Trust',
  reviews: { ...account.reviews, kyc: refused, aml: refused },
} as unknown as AccountSummary;
const blockedApproval = {
  ...account,
  id: 'A5550001',
  name: 'Quinn IRA',
  reviews: { ...account.reviews, approval: refused },
} as unknown as AccountSummary;

/** The invest page of an investor holding these accounts, each checked as the BFF checks it. */
function renderInvestPageOf(accounts: AccountSummary[]) {
  bff.use(
    http.get('/api/session', () =>
      HttpResponse.json(sessionOf({ accountIds: accounts.map((a) => a.id) })),
    ),
    http.get('/api/offerings/7', () => HttpResponse.json({ offering })),
    http.get('/api/accounts', () => HttpResponse.json({ accounts })),
    http.get('/api/offerings/7/preflight', ({ request }) => {
      const id = new URL(request.url).searchParams.get('accountId');
      const checked = accounts.find((a) => a.id === id);
      return HttpResponse.json(computePreflight(checked as never, offering, '2026-07-17', null));
    }),
  );
  return renderWithProviders(
    <Routes>
      <Route path="/offerings/:offeringId/invest" element={<InvestRoute />} />
    </Routes>,
    { path: '/offerings/7/invest' },
  );
}

describe('the invest page when the checks block accounts', () => {
  it('says no account can invest yet, why for each, and links each account, with no form', async () => {
    renderInvestPageOf([blockedKyc, blockedApproval]);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'No account can invest yet' }),
    ).toBeTruthy();
    const trust = screen.getByRole('region', { name: 'Why Quinn Trust cannot invest' });
    expect(trust.textContent).toContain('Identity (KYC):');
    expect(trust.textContent).toContain('Anti-money-laundering (AML):');
    expect(trust.textContent).not.toContain('Account approval');
    const ira = screen.getByRole('region', { name: 'Why Quinn IRA cannot invest' });
    expect(ira.textContent).toContain(
      'Account approval: Not approved: this account cannot invest.',
    );
    expect(
      screen
        .getByRole('link', { name: 'See the reviews and details of Quinn Trust (A7654321)' })
        .getAttribute('href'),
    ).toBe('/accounts/A7654321');
    expect(
      screen
        .getByRole('link', { name: 'See the reviews and details of Quinn IRA (A5550001)' })
        .getAttribute('href'),
    ).toBe('/accounts/A5550001');
    expect(screen.queryByLabelText(/^Units/)).toBeNull();
    expect(screen.queryByLabelText(/Invest from account/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Review investment' })).toBeNull();
  });

  it('offers only the accounts that can invest, and says which cannot', async () => {
    renderInvestPageOf([blockedKyc, account]);
    const select = (await screen.findByLabelText(/Invest from account/)) as HTMLSelectElement;
    const offered = [...select.options].map((option) => option.value).filter(Boolean);
    expect(offered).toEqual([account.id]);
    // The one account that can invest is chosen already.
    expect(select.value).toBe(account.id);
    expect(
      screen.getByText(/Only the accounts that can invest are offered below\. Quinn Trust cannot/),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No account can invest yet' })).toBeNull();
  });
});
