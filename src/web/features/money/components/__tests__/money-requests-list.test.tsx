// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MoneyRequestView } from '../../../../../contract/money-requests';
import { renderWithProviders } from '../../../../testing/render';
import { withTimeZones } from '../../../../testing/time-zones';
import { withViewportWidth } from '../../../../testing/viewport';
import { MoneyRequestsList } from '../money-requests-list';

withTimeZones({ viewer: 'America/Los_Angeles', platform: 'UTC' });
afterEach(cleanup);

const request: MoneyRequestView = {
  reference: 'MR-YG4PJJV6JE',
  accountId: 'A1040000',
  kind: 'investment',
  amount: '120',
  offeringId: '5201',
  units: '12',
  unitPrice: '10',
  upstreamId: null,
  outcome: 'refused',
  message: null,
  createdAt: '2026-11-27T11:30:05.000Z',
  settledAt: null,
  userEmail: 'investor@demo.test',
};

describe('a reviewer reads the money requests register', () => {
  withViewportWidth(1280);

  it('sees when each request was sent in their zone, the zone named', () => {
    renderWithProviders(<MoneyRequestsList requests={[request]} label="Money requests" reviewer />);
    const table = screen.getByRole('table', { name: 'Money requests' });
    expect(within(table).getByText('Nov 27, 2026, 3:30 AM PST')).toBeTruthy();
  });
});

describe('a reviewer reads the register on a phone', () => {
  withViewportWidth(375);
  const unknown: MoneyRequestView = { ...request, outcome: 'unknown' };

  it('reads each request as a card, its outcome and "Settle by hand" in view without panning', () => {
    renderWithProviders(<MoneyRequestsList requests={[unknown]} label="Money requests" reviewer />);
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Money requests' });
    const [card] = within(list).getAllByRole('listitem');
    expect(within(card).getByText('Outcome unknown')).toBeTruthy();
    expect(
      within(card).getByRole('button', { name: 'Settle by hand: MR-YG4PJJV6JE' }),
    ).toBeTruthy();
    // Every column of the table is still there, as a term and its value.
    const terms = within(card)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['Sent', 'Our reference', 'User', 'Account', 'Upstream ID']);
    expect(card.textContent).toContain('investor@demo.test');
    expect(card.textContent).toContain('$120.00');
    expect(card.textContent).toContain('12 units');
  });

  it("keeps the sender out of an investor's own cards", () => {
    renderWithProviders(<MoneyRequestsList requests={[request]} label="Requests" />);
    const card = within(screen.getByRole('list', { name: 'Requests' })).getByRole('listitem');
    expect(
      within(card)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).not.toContain('User');
    expect(within(card).queryByRole('button')).toBeNull();
  });
});

describe('a reviewer reads the register on a desktop', () => {
  withViewportWidth(1280);

  it('reads each outcome in a column wide enough for its sentences', () => {
    renderWithProviders(<MoneyRequestsList requests={[request]} label="Money requests" reviewer />);
    const table = screen.getByRole('table', { name: 'Money requests' });
    const outcome = within(table).getByText('Refused').closest('td') as HTMLElement;
    expect(getComputedStyle(outcome).minWidth).toBe('240px');
  });
});

describe('whose next step the register names', () => {
  withViewportWidth(1280);
  const unknown: MoneyRequestView = { ...request, outcome: 'unknown' };

  it('tells a reviewer to compare and settle an unknown outcome, not to contact support', () => {
    renderWithProviders(<MoneyRequestsList requests={[unknown]} label="Money requests" reviewer />);
    const cell = screen.getByText('Outcome unknown').closest('td') as HTMLElement;
    expect(cell.textContent).toContain('settle it by hand');
    expect(cell.textContent).not.toContain('contact support');
  });

  it('tells the investor who sent it not to send it again and to quote our reference', () => {
    renderWithProviders(<MoneyRequestsList requests={[unknown]} label="Requests" />);
    const cell = screen.getByText('Outcome unknown').closest('td') as HTMLElement;
    expect(cell.textContent).toContain('Do not send it again');
    expect(cell.textContent).toContain('contact support and quote our reference');
    expect(cell.textContent).not.toContain('settle it by hand');
  });
});
