// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { bff, errorAnswer, startMockBff } from '../../../../../testing/mock-bff';
import { renderWithProviders } from '../../../../../testing/render';
import OrderRoute from '../order';

startMockBff();
afterEach(cleanup);

function renderOrder(path: string, status: 404 | 503 = 404) {
  const asked: string[] = [];
  bff.use(
    http.get('/api/orders/:orderId', ({ params }) => {
      asked.push(String(params.orderId));
      return status === 404
        ? errorAnswer(404, { code: 'not_found', message: 'No such order.' })
        : errorAnswer(503, { code: 'upstream_unavailable', message: 'The platform is busy.' });
    }),
    http.get('/api/config', () => HttpResponse.json({})),
  );
  renderWithProviders(
    <Routes>
      <Route path="/order-book/orders/:orderId" element={<OrderRoute />} />
    </Routes>,
    { path },
  );
  return asked;
}

describe('the page of one order', () => {
  it('says a number the platform does not know names no order, with the way to the book', async () => {
    const asked = renderOrder('/order-book/orders/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'No order 1' })).toBeTruthy();
    expect(screen.getByText(/There is no order with this number/)).toBeTruthy();
    expect(asked).toEqual(['1']);
  });

  it('says a link that is not an order number names no order, without asking the BFF', async () => {
    const asked = renderOrder('/order-book/orders/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'No order abc' })).toBeTruthy();
    expect(screen.getByText(/An order number is digits only, such as 982700000/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the order book' }).getAttribute('href')).toBe(
      '/order-book',
    );
    // No failure with a support id, no retry that could only fail again.
    expect(screen.queryByText(/Support id|give them this reference/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(asked).toEqual([]);
  });

  it('leads back to the book it was opened from: its trading day, filters, sort and page', async () => {
    const book = '?date=2026-11-27&side=offer&sort=pricePerShare.desc&page=2';
    renderOrder(`/order-book/orders/982700001${book}`, 503);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order 982700001' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Order book' }).getAttribute('href')).toBe(
      `/order-book${book}`,
    );
    cleanup();
    renderOrder(`/order-book/orders/1${book}`);
    expect(
      (await screen.findByRole('link', { name: 'Go to the order book' })).getAttribute('href'),
    ).toBe(`/order-book${book}`);
  });
});
