// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { EXECUTION_TABLE, ORDER_TABLE } from '../../../../../contract/order-book';
import { bff, startMockBff } from '../../../../testing/mock-bff';
import { OrderBookProgress } from '../../components/order-book-progress';
import { orderBookQueryOptions, useOrderBook } from '../get-order-book';

startMockBff();
afterEach(cleanup);

const DATE = '2026-03-02';
// A public book with no orders, its header as the contract writes it.
const book = {
  date: DATE,
  orderCount: 0,
  view: 'public',
  fullSecurityIds: [],
  securities: [],
  orders: { columns: ORDER_TABLE.publicColumns, rows: [] },
  executions: { columns: EXECUTION_TABLE.publicColumns, rows: [] },
};

function OrderBookProbe() {
  const { query, progress } = useOrderBook(DATE);
  return query.data ? <p>Book of {query.data.date}</p> : <OrderBookProgress progress={progress} />;
}

describe('the order book of a day (NDJSON: progress lines, then the book)', () => {
  it("shows the walk's progress when the route's loader started the request, not the page", async () => {
    // The reply's lines arrive when the test sends them: no clock involved.
    let send!: (line: unknown) => void;
    let end!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        send = (line) => controller.enqueue(new TextEncoder().encode(`${JSON.stringify(line)}\n`));
        end = () => controller.close();
      },
    });
    let requests = 0;
    bff.use(
      http.get(`/api/order-book/${DATE}`, () => {
        requests += 1;
        return new HttpResponse(body, { headers: { 'Content-Type': 'application/x-ndjson' } });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // As the route's loader does, before the page renders.
    void client.prefetchQuery(orderBookQueryOptions(DATE));
    render(
      <QueryClientProvider client={client}>
        <OrderBookProbe />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/Asking for the first orders/)).toBeTruthy();
    send({ type: 'progress', loaded: 500, total: null });
    expect(await screen.findByText(/500 orders so far/)).toBeTruthy();
    send({ type: 'progress', loaded: 10_564, total: 10_564 });
    expect(await screen.findByText(/10,564 of 10,564 orders/)).toBeTruthy();
    send({ type: 'book', book });
    end();
    expect(await screen.findByText(`Book of ${DATE}`)).toBeTruthy();
    // The page used the loader's request; it did not start a second walk.
    expect(requests).toBe(1);
  });
});
