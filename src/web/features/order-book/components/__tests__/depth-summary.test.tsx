// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SecurityDepth } from '../../../../../contract/order-book';
import { renderWithProviders } from '../../../../testing/render';
import { withViewportWidth } from '../../../../testing/viewport';
import { DepthLadder, DepthSummary } from '../depth-summary';

afterEach(cleanup);

const level = (price: string, shares: string, orders: number) => ({ price, shares, orders });

const classA: SecurityDepth = {
  securityId: '7',
  securityName: 'Aspen Ridge Class A',
  bids: [level('97.19', '930', 3), level('97.18', '470', 1)],
  offers: [level('97.59', '870', 3)],
  bestBid: '97.19',
  bestOffer: '97.59',
  spread: '0.40',
  orderCount: 1234,
};
const crossedBook: SecurityDepth = {
  ...classA,
  securityId: '8',
  securityName: 'Blue Mesa Common',
  bestBid: '8.00',
  bestOffer: '7.99',
  spread: '-0.01',
  orderCount: 1,
};

describe('best prices on a 375 px phone', () => {
  withViewportWidth(375);

  it('gives each security a card holding every figure, with no table to pan sideways', () => {
    renderWithProviders(<DepthSummary securities={[classA, crossedBook]} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('region')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Best prices by security' }))
      .getAllByRole('listitem')
      .map((card) => card.textContent);
    expect(cards).toEqual([
      'Aspen Ridge Class A' + 'Best bid $97.19 · Best offer $97.59' + 'Spread $0.40 · 1,234 orders',
      'Blue Mesa Common' +
        'Best bid $8.00 · Best offer $7.99' +
        'Spread -$0.01 (crossed) · 1 order',
    ]);
  });

  it('names the bid and the offer table above each, where the two stack', () => {
    renderWithProviders(<DepthLadder security={classA} />);
    const [bids, offers] = screen.getAllByRole('table');
    expect(bids).toBe(screen.getByRole('table', { name: 'Bids: 2 price levels' }));
    expect(offers).toBe(screen.getByRole('table', { name: 'Offers: 1 price level' }));
    for (const table of [bids, offers]) {
      // The caption comes first, above the rows rather than MUI's default, under them.
      const caption = table.querySelector('caption')!;
      expect(getComputedStyle(caption).captionSide).toBe('top');
    }
    expect(
      within(bids)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Bid price', 'Shares', 'Orders']);
    expect(within(offers).getAllByRole('columnheader')[0].textContent).toBe('Offer price');
  });
});

describe('best prices on a desktop', () => {
  withViewportWidth(1280);

  it('keeps the table of five columns', () => {
    renderWithProviders(<DepthSummary securities={[classA]} />);
    const table = screen.getByRole('table', {
      name: 'Best bid, best offer and spread per security',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Security', 'Best bid', 'Best offer', 'Spread', 'Orders']);
  });
});
