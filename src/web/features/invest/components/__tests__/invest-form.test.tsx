// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountSummary } from '../../../../../contract/account-views';
import type { Offering } from '../../../../../contract/offerings';
import { InvestForm } from '../invest-form';

const review = { status: 'approved', date: null };
const accounts: AccountSummary[] = [
  {
    id: 'A1234567',
    name: 'Avery Quinn',
    type: 'individual',
    reviews: { kyc: review, aml: review, accreditation: review, approval: review },
    loaded: true,
  } as unknown as AccountSummary,
];

const offering: Offering = {
  id: '7',
  issuerId: '1',
  name: 'Aspen Ridge Growth Fund I',
  type: 'Equity',
  status: 'approved',
  unitPrice: '1',
  minAmount: '1',
  targetAmount: '1000000',
  maxAmount: '779050',
  totalShares: '800000',
  remainingShares: '1250',
  startDate: '2025-01-01',
  endDate: '2030-01-01',
  description: '',
  stampingText: '',
  createdAt: null,
};

afterEach(cleanup);

describe('an investor invests with the keyboard', () => {
  it('after "Review investment", focus is on the review heading, not the page body', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <InvestForm offering={offering} accounts={accounts} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByText(/investments from \$1\.00 to \$1,250\.00/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Invest from account/), {
      target: { value: 'A1234567' },
    });
    fireEvent.change(screen.getByLabelText(/^Units/), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review investment' }));
    const heading = await screen.findByRole('heading', { name: 'Review your investment' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
