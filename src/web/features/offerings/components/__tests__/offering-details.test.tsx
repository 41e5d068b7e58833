// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { offeringFixture } from '../../../../testing/offering';
import { renderWithProviders } from '../../../../testing/render';
import { OfferingDetails } from '../offering-details';

afterEach(cleanup);

const offering = offeringFixture({
  id: '5201',
  issuerId: '1101',
  targetAmount: '8112520',
  maxAmount: '8112520',
  totalShares: '811252',
  remainingShares: '400000',
  startDate: '2026-07-30',
  endDate: '2027-07-30',
});

describe("the offering's status in its summary", () => {
  it('wraps rather than being cut short, since the summary column is narrower than the chip', () => {
    renderWithProviders(<OfferingDetails offering={offering} />);
    const style = getComputedStyle(screen.getByText('Open for investment'));
    expect(style.whiteSpace).toBe('normal');
    expect(style.overflow).not.toBe('hidden');
  });
});
