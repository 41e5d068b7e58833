// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OrderBook } from '../../../../../contract/order-book';
import { preloadDataGrid } from '../../../../components/data-grid';
import { orderRow } from '../../../../testing/order-book';
import { renderWithProviders } from '../../../../testing/render';
import { withTimeZones } from '../../../../testing/time-zones';
import { withViewportWidth } from '../../../../testing/viewport';
import { OrderBookView } from '../order-book-view';

beforeAll(() => preloadDataGrid(), 60_000);
afterEach(cleanup);
// Tokyo is 14 hours ahead of US Eastern in November: the trading day's afternoon is the next
// calendar day there.
withTimeZones({ viewer: 'Asia/Tokyo', platform: 'UTC' });

const order = (id: string, createdAt: string, updatedAt: string | null) =>
  orderRow(id, { createdAt, updatedAt });

/** Wednesday November 25, 2026, a US Eastern trading day (§8: trading hours are Eastern). */
const book: OrderBook = {
  date: '2026-11-25',
  orderCount: 2,
  view: 'public',
  fullSecurityIds: [],
  fields: 'public',
  securities: [],
  orders: [
    // 9:30 AM Eastern: 11:30 PM on November 25 in Tokyo.
    order('1', '2026-11-25T14:30:00Z', null),
    // 3:59:57 PM Eastern: 5:59:57 AM on November 26 in Tokyo, updated 6:07:45 AM.
    order('2', '2026-11-25T20:59:57Z', '2026-11-25T21:07:45Z'),
  ],
  executions: [],
  closed: null,
};

const showBook = () =>
  renderWithProviders(
    <OrderBookView
      book={book}
      day="2026-11-25"
      filter={{ security: null, side: null, status: null }}
      onFilterChange={() => {}}
    />,
  );

describe('the order book for a viewer east of UTC', () => {
  describe('on a desktop', () => {
    withViewportWidth(1280);

    it('dates the times that fall on another calendar day than the trading day, not the others', async () => {
      showBook();
      const grid = await screen.findByRole('grid', { name: 'Orders' });
      expect(grid.textContent).toContain('11:30:00 PM');
      expect(grid.textContent).not.toMatch(/Nov 25, 11:30:00 PM/);
      expect(grid.textContent).toContain('Nov 26, 5:59:57 AM');
      expect(grid.textContent).toContain('Nov 26, 6:07:45 AM');
    });
  });

  describe('on a phone', () => {
    withViewportWidth(375);

    it('dates them in the order’s lines too', async () => {
      showBook();
      const grid = await screen.findByRole('grid', { name: 'Orders' });
      expect(grid.textContent).toContain('Nov 26, 5:59:57 AM');
    });
  });
});
