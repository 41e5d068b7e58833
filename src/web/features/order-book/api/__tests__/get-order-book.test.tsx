// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { EXECUTION_TABLE, ORDER_TABLE } from '../../../../../contract/order-book';
import { bff, startMockBff } from '../../../../testing/mock-bff';
import { publicBook } from '../../../../testing/order-book';
import { OrderBookProgress } from '../../components/order-book-progress';
import { orderBookQueryOptions, useOrderBook } from '../get-order-book';

startMockBff();
afterEach(cleanup);

const DATE = '2026-03-02';
// A public book with no orders, its header as the contract writes it.
const book = publicBook(DATE);

function OrderBookProbe() {
  const { query, progress } = useOrderBook(DATE);
  if (query.isError) return <p>Failed: {query.error.message}</p>;
  if (query.data) {
    return (
      <p>
        Book of {query.data.date}: {query.data.orders.map((o) => o.id).join(',')}; fields{' '}
        {query.data.fields}
      </p>
    );
  }
  return (
    <>
      <OrderBookProgress progress={progress} />
      {progress.early && (
        <p>
          Early rows: {progress.early.orders.map((o) => `${o.id}/${o.memberId ?? '-'}`).join(',')};
          named {[...progress.early.names.values()].join(',')}; fields {progress.early.fields}
        </p>
      )}
    </>
  );
}

/** A reply whose lines the test sends one by one: no clock involved. */
function streamedReply() {
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
  return { send: (line: unknown) => send(line), end: () => end(), requests: () => requests };
}

function renderProbe() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // As the route's loader does, before the page renders.
  void client.prefetchQuery(orderBookQueryOptions(DATE));
  render(
    <QueryClientProvider client={client}>
      <OrderBookProbe />
    </QueryClientProvider>,
  );
}

/** An order row in wire form (every column, as a full view sends it). */
const row = (id: string, securityId: string, memberId: string | null) => [
  id,
  securityId,
  'bid',
  '10',
  '10',
  '5.00',
  '50.00',
  'live',
  '2026-03-02T14:30:00.000Z',
  null,
  0,
  memberId,
  null,
  null,
];
const ordersLine = (rows: unknown[][], securities: [string, string][]) => ({
  type: 'orders',
  orders: { columns: ORDER_TABLE.columns, rows },
  securities: securities.map(([securityId, securityName]) => ({ securityId, securityName })),
});

describe('the order book of a day (NDJSON: progress lines, then the book)', () => {
  it("shows the walk's progress when the route's loader started the request, not the page", async () => {
    const { send, end, requests } = streamedReply();
    renderProbe();
    expect(await screen.findByText(/Asking for the first orders/)).toBeTruthy();
    send({ type: 'progress', loaded: 500, total: null });
    expect(await screen.findByText(/500 orders so far/)).toBeTruthy();
    send({ type: 'progress', loaded: 10_564, total: 10_564 });
    expect(await screen.findByText(/10,564 of 10,564 orders/)).toBeTruthy();
    send({ type: 'book', book });
    end();
    expect(await screen.findByText(`Book of ${DATE}: ; fields public`)).toBeTruthy();
    // The page used the loader's request; it did not start a second walk.
    expect(requests()).toBe(1);
  });

  it('shows the rows that arrived before the book, then the book with them first', async () => {
    const { send, end } = streamedReply();
    renderProbe();
    send({ type: 'progress', loaded: 500, total: null });
    send(
      ordersLine(
        [row('1', '7', 'M1'), row('2', '8', null)],
        [
          ['7', 'Acme'],
          ['8', 'Brio'],
        ],
      ),
    );
    expect(
      await screen.findByText('Early rows: 1/M1,2/-; named Acme,Brio; fields all'),
    ).toBeTruthy();
    // A later line adds to the rows; a public row simply ends before the hidden columns.
    send({
      type: 'orders',
      orders: { columns: ORDER_TABLE.publicColumns, rows: [row('3', '7', null).slice(0, 11)] },
      securities: [],
    });
    expect(
      await screen.findByText('Early rows: 1/M1,2/-,3/-; named Acme,Brio; fields all'),
    ).toBeTruthy();
    // The book brings the rows no line sent before it; its count covers all of them.
    send({
      type: 'book',
      book: {
        ...book,
        orderCount: 4,
        view: 'full',
        orders: { columns: ORDER_TABLE.columns, rows: [row('4', '8', 'M4')] },
        executions: { columns: EXECUTION_TABLE.columns, rows: [] },
      },
    });
    end();
    expect(await screen.findByText(`Book of ${DATE}: 1,2,3,4; fields all`)).toBeTruthy();
  });

  it("reads issuer staff's rows, which end before the IP address, as member and account only", async () => {
    const { send, end } = streamedReply();
    renderProbe();
    // Their own security's row names who placed it; another's ends with the public columns.
    send({
      type: 'orders',
      orders: {
        columns: ORDER_TABLE.partyColumns,
        rows: [row('1', '7', 'M1').slice(0, 13), row('2', '8', null).slice(0, 11)],
      },
      securities: [
        { securityId: '7', securityName: 'Acme' },
        { securityId: '8', securityName: 'Brio' },
      ],
    });
    expect(
      await screen.findByText('Early rows: 1/M1,2/-; named Acme,Brio; fields parties'),
    ).toBeTruthy();
    send({
      type: 'book',
      book: {
        ...book,
        orderCount: 2,
        view: 'mixed',
        fullSecurityIds: ['7'],
        orders: { columns: ORDER_TABLE.partyColumns, rows: [] },
      },
    });
    end();
    expect(await screen.findByText(`Book of ${DATE}: 1,2; fields parties`)).toBeTruthy();
  });

  it('refuses a book whose count disagrees with the rows that came', async () => {
    const { send, end } = streamedReply();
    renderProbe();
    send(ordersLine([row('1', '7', 'M1')], [['7', 'Acme']]));
    // Two orders counted, one sent: a line went missing.
    send({ type: 'book', book: { ...book, orderCount: 2 } });
    end();
    expect(
      await screen.findByText('Failed: The order book arrived incomplete. Please try again.'),
    ).toBeTruthy();
  });
});
