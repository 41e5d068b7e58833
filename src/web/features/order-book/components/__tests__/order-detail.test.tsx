// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderDetail as Detail } from '../../../../../contract/order-book';
import { renderWithProviders } from '../../../../testing/render';
import { withTimeZones } from '../../../../testing/time-zones';
import { withViewportWidth } from '../../../../testing/viewport';
import { OrderDetail } from '../order-detail';

afterEach(cleanup);
withTimeZones({ viewer: 'UTC', platform: 'UTC' });

const detail = (fields: Detail['fields']): Detail => ({
  fields,
  order: {
    id: '956500001',
    securityId: '7',
    securityName: 'Acme',
    side: 'offer',
    shares: '240',
    sharesRemaining: '0',
    pricePerShare: '10.60',
    totalAmount: '2544.00',
    status: 'executed',
    createdAt: '2026-03-10T13:30:02.000Z',
    updatedAt: null,
    pnd: 'N',
    contingencies: null,
    minimumThreshold: null,
    solicited: 'Yes',
    ...(fields !== 'public' ? { memberId: 'NCPS', accountId: null } : {}),
    ...(fields === 'all' ? { createdIp: '10.30.80.110' } : {}),
    matches: [
      {
        matchId: '9565000010',
        executedPrice: '10.63',
        executedQuantity: '80',
        executedTotal: '850.40',
        createdAt: '2026-03-10T13:48:43.000Z',
        updatedAt: null,
        ...(fields === 'all' ? { createdIp: '10.30.80.111' } : {}),
      },
    ],
  },
});

describe('the matches of an order on a 375 px phone', () => {
  withViewportWidth(375);

  it("are a card each, every column of the table on screen, the IP only in a reviewer's view", () => {
    renderWithProviders(<OrderDetail detail={detail('all')} />);
    expect(screen.queryByRole('table', { name: 'Matches' })).toBeNull();
    const card = within(screen.getByRole('list', { name: 'Matches' })).getByRole('listitem');
    expect(card.textContent).toMatch(
      /^80 shares at \$10\.63, \$850\.40Match 9565000010Mar 10, 2026/,
    );
    expect(card.textContent).toMatch(/ · from IP 10\.30\.80\.111$/);

    for (const fields of ['parties', 'public'] as const) {
      cleanup();
      renderWithProviders(<OrderDetail detail={detail(fields)} />);
      expect(screen.getByRole('listitem').textContent).not.toContain('IP');
    }
  });
});

describe('the matches of an order on a desktop', () => {
  withViewportWidth(1280);

  it('are rows of a table headed by their match id', () => {
    renderWithProviders(<OrderDetail detail={detail('all')} />);
    const table = within(screen.getByRole('table', { name: 'Matches' }));
    expect(table.getByRole('rowheader', { name: '9565000010' })).toBeTruthy();
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Match',
      'Price',
      'Quantity',
      'Total',
      'Time',
      'IP',
    ]);
  });

  it('have no IP column for issuer staff, who see who placed the order', () => {
    renderWithProviders(<OrderDetail detail={detail('parties')} />);
    const table = within(screen.getByRole('table', { name: 'Matches' }));
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Match',
      'Price',
      'Quantity',
      'Total',
      'Time',
    ]);
  });
});

/** The value of a field of the order, by its term. */
const field = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('the fields of an order', () => {
  withViewportWidth(1280);

  it('leaves the undocumented PND flag (§2.1) out of the order a person reads', () => {
    renderWithProviders(<OrderDetail detail={detail('public')} />);
    expect(screen.queryByText(/PND/)).toBeNull();
    expect(screen.queryByText(/does not document/)).toBeNull();
  });

  it("shows a reviewer the PND flag apart, as the platform's raw field", () => {
    renderWithProviders(<OrderDetail detail={detail('all')} />);
    expect(screen.queryByText('PND flag', { selector: 'dt' })).toBeNull();
    const raw = within(screen.getByRole('region', { name: 'The platform’s raw fields' }));
    expect(raw.getByText('PND', { selector: 'dt' }).nextElementSibling?.textContent).toBe('N');
  });

  it('marks a field the order does not carry with the dash the order book shows, never "None"', () => {
    renderWithProviders(<OrderDetail detail={detail('all')} />);
    for (const term of ['Account', 'Contingencies', 'Minimum threshold']) {
      expect(field(term)?.textContent).toBe('—');
    }
    expect(screen.queryByText('None')).toBeNull();
  });

  it('names who placed the order to issuer staff, without the IP address or the raw fields', () => {
    renderWithProviders(<OrderDetail detail={detail('parties')} />);
    expect(field('Member')?.textContent).toBe('NCPS');
    expect(field('Account')?.textContent).toBe('—');
    expect(screen.queryByText('Created from IP', { selector: 'dt' })).toBeNull();
    expect(screen.queryByText(/PND/)).toBeNull();
  });

  it('names neither who placed the order nor where from in the public view', () => {
    renderWithProviders(<OrderDetail detail={detail('public')} />);
    for (const term of ['Member', 'Account', 'Created from IP']) {
      expect(screen.queryByText(term, { selector: 'dt' })).toBeNull();
    }
  });
});
