import { PassThrough } from 'node:stream';
import { z } from 'zod';
import {
  closedDayOf,
  EXECUTION_TABLE,
  ORDER_TABLE,
  orderBookLineSchema,
  orderBookParamsSchema,
  orderDetailSchema,
  orderParamsSchema,
  type ClosedDay,
  type OrderBookLine,
  type OrderRow,
} from '../../contract/order-book';
import { isCalendarDate } from '../../contract/time';
import { HttpError } from '../lib/http-error';
import type { Order } from '../../contract/orders';
import {
  bookLineAfter,
  orderAccessOf,
  ordersLine,
  serializedBook,
  viewOrder,
} from '../lib/order-visibility';
import { errorBodyOf, isUpstreamError } from '../lib/upstream-errors';
import { getOrder } from '../upstream/get-order';
import { defineRoute } from './define';

const NDJSON = 'application/x-ndjson; charset=utf-8';
const NEWLINE = Buffer.from('\n');
/** Rows an `orders` line carries at least, after the first one. */
const ROWS_PER_LINE = 2_500;

function errorLine(error: unknown, requestId: string): string {
  const line: OrderBookLine = { type: 'error', error: errorBodyOf(error, requestId) };
  return `${JSON.stringify(line)}\n`;
}

/** The `book` line of an exchange holiday: no orders, and which holiday it is. */
function holidayLine(date: string, closed: ClosedDay): OrderBookLine {
  return {
    type: 'book',
    book: {
      date,
      orderCount: 0,
      view: 'public',
      fullSecurityIds: [],
      securities: [],
      orders: { columns: [...ORDER_TABLE.publicColumns], rows: [] },
      executions: { columns: [...EXECUTION_TABLE.publicColumns], rows: [] },
      skippedRecords: 0,
      closed,
    },
  };
}

export const orderBookRoutes = [
  /*
   * Why a stream: a busy day is two dozen upstream pages of 500 and the total is unknown until
   * the last one, so the BFF walks the pages next to the upstream (a few at a time, shared and
   * cached for every viewer) and tells the browser how far it got. One NDJSON reply carries
   * progress lines, the rows as soon as the pages before them arrived (the grid fills while the
   * day is read) and then the book, all filtered for the viewer: the browser never holds a
   * hidden field, and the policy checks run once, before the first byte. The alternative (the
   * SPA fetching page windows) would repeat the role filtering per page and leave the depth and
   * the end-of-day detection to the browser.
   */
  defineRoute({
    method: 'GET',
    url: '/api/order-book/:date',
    summary:
      'The order book of a day as NDJSON: progress lines, the first rows as they are read, then the book (depth, the other rows, executions)',
    tags: ['orders'],
    params: orderBookParamsSchema,
    // One line of the stream, for the docs; the handler returns the stream itself.
    response: orderBookLineSchema as z.ZodType<unknown>,
    successStatus: 200,
    stream: true,
    async handler({ params, user, deps, reply, request }) {
      if (!isCalendarDate(params.date)) {
        throw new HttpError('bad_request', 'date must be a real calendar date', {
          fields: [{ field: 'date', message: 'date must be a real calendar date' }],
          submitted: 'no',
        });
      }
      // A day that has not come is refused by the day's rule (orderBookDaySchema). An exchange
      // holiday has no orders (market-calendar), but the interface document lists no holidays,
      // so nothing says the upstream answers one empty (the sandbox answers it a weekday's
      // generated book): the BFF answers it as the empty day it is, naming the holiday, without
      // asking. It is a day like a weekend, not a failure. Weekends come back empty from the
      // upstream (§2.7 has no weekend hours); their book names the weekday.
      const closed = closedDayOf(params.date);
      if (closed?.reason === 'holiday') {
        const holiday = new PassThrough();
        holiday.end(`${JSON.stringify(holidayLine(params.date, closed))}\n`);
        reply.header('content-type', NDJSON);
        return holiday;
      }
      const access = orderAccessOf(user!);
      const cache = deps.orderBook;
      const stream = new PassThrough();
      const gone = () => stream.writableEnded || request.raw.destroyed;
      const write = (text: string) => {
        if (!gone()) stream.write(text);
      };

      const cached = cache.peek(params.date);
      if (cached) {
        stream.end(
          Buffer.concat([
            await serializedBook(cached, access, (bytes) => cache.account(cached, bytes)),
            NEWLINE,
          ]),
        );
      } else {
        // The first page decides the status code: a failure before it is a plain error reply;
        // after it, an error line ends the stream.
        let started!: () => void;
        let failedEarly!: (error: unknown) => void;
        const firstPage = new Promise<void>((resolve, reject) => {
          started = resolve;
          failedEarly = reject;
        });
        let begun = false;
        // Rows go out as soon as the pages before them arrived: the first page at once, so the
        // grid shows while the day is read, then in larger lines (each line re-renders the
        // grid in the browser). What is left goes with the book.
        let sentRows = 0;
        let unsent: { orders: Order[]; rows: OrderRow[] } = { orders: [], rows: [] };
        const named = new Set<string>();
        const sendRows = () => {
          write(ordersLine(unsent.orders, unsent.rows, access, named));
          sentRows += unsent.rows.length;
          unsent = { orders: [], rows: [] };
        };
        cache
          .load(params.date, {
            progress(progress) {
              begun = true;
              started();
              write(
                `${JSON.stringify({ type: 'progress', loaded: progress.loaded, total: progress.total })}\n`,
              );
            },
            orders(orders, rows) {
              // A viewer who left still shares the walk; its lines need not be built.
              if (gone()) return;
              for (const order of orders) unsent.orders.push(order);
              for (const row of rows) unsent.rows.push(row);
              if (sentRows === 0 || unsent.rows.length >= ROWS_PER_LINE) sendRows();
            },
          })
          .then(
            async (book) => {
              begun = true;
              started();
              try {
                // A page that failed midway leaves the orders before it: they are the book,
                // said to be incomplete, with where the gap starts and why (§4.1 pages of 500).
                const incomplete = book.incomplete && {
                  missingFrom: book.incomplete.missingFrom,
                  error: errorBodyOf(book.incomplete.cause, request.id),
                };
                if (book.incomplete) {
                  request.log.warn(
                    { err: book.incomplete.cause, missingFrom: book.incomplete.missingFrom },
                    'order book read in part',
                  );
                }
                const text = await bookLineAfter(
                  book,
                  access,
                  sentRows,
                  (bytes) => cache.account(book, bytes),
                  incomplete,
                );
                if (!stream.writableEnded) stream.end(Buffer.concat([text, NEWLINE]));
              } catch (error) {
                if (!stream.writableEnded) stream.end(errorLine(error, request.id));
              }
            },
            (error: unknown) => {
              if (!begun) failedEarly(error);
              else stream.end(errorLine(error, request.id));
            },
          );
        await firstPage;
      }
      reply.header('content-type', NDJSON);
      return stream;
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/api/orders/:orderId',
    summary: 'One order with its matches, filtered for the viewer',
    tags: ['orders'],
    params: orderParamsSchema,
    response: orderDetailSchema,
    async handler({ params, user, deps }) {
      // getOrder sends a token and checks that the answer echoes it (§4.2, §2.1).
      let order;
      try {
        order = await getOrder(deps.upstream, { orderId: params.orderId });
      } catch (err) {
        // §4.2 names no error for an unknown order; the upstream refuses the id or answers no
        // order. Either way a person is told plainly, not with the upstream's own text.
        if (isUpstreamError(err) && (err.kind === 'not_found' || err.kind === 'rejected')) {
          throw new HttpError('not_found', `No order ${params.orderId}.`, { submitted: 'no' });
        }
        throw err;
      }
      return viewOrder(order, orderAccessOf(user!));
    },
  }),
];
