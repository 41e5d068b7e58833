// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { offeringFixture } from '../../../../testing/offering';
import { renderWithProviders } from '../../../../testing/render';
import { InvestAction } from '../invest-action';

afterEach(cleanup);

describe("an offering page's Invest card", () => {
  it('invites no investment once the minimum needs more units than are left, and says why', () => {
    const fiveLeft = {
      ...offeringFixture(),
      status: 'open',
      unitPrice: '50',
      minAmount: '500',
      maxAmount: '100000',
      remainingShares: '5',
      startDate: null,
      endDate: null,
    };
    renderWithProviders(<InvestAction offering={fiveLeft} />);
    expect(
      screen.getByText(
        'This offering cannot take a new investment: only 5 units are left, fewer than the 10 units its minimum investment of $500.00 needs.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Invest in this offering' })).toBeNull();
    expect(screen.queryByText(/Buy units of this offering/)).toBeNull();
  });
});
