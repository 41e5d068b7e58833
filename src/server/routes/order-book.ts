import { PassThrough } from 'node:stream';
import { z } from 'zod';
import {
  orderBookLineSchema,
  orderBookParamsSchema,
  orderDetailSchema,
  type OrderBookLine,
} from '../../contract/order-book';
import { HttpError } from '../lib/http-error';
import { orderBookCacheFor, type DayBook } from '../lib/order-book-cache';
import { orderAccessOf, serializedBook, viewOrder } from '../lib/order-visibility';
import { fromUpstream, isUpstreamError } from '../lib/upstream-errors';
import { getOrder } from '../upstream/get-order';
import { defineRoute } from './define';

const orderParams = z.object({
  orderId: z.string().regex(/^\d{1,18}$/, 'orderId must be a number'),
});

const NDJSON = 'application/x-ndjson; charset=utf-8';
const NEWLINE = Buffer.from('\n');

function errorLine(error: unknown): string {
  const http =
    error instanceof HttpError
      ? error
      : isUpstreamError(error)
        ? fromUpstream(error)
        : new HttpError('internal', 'Something went wrong on our side. Please try again.');
  const line: OrderBookLine = { type: 'error', error: http.toBody().error };
  return `${JSON.stringify(line)}\n`;
}

export const orderBookRoutes = [
  /*
   * Why a stream: a busy day is two dozen upstream pages of 500 and the total is unknown until
   * the last one, so the BFF walks the pages next to the upstream (a few at a time, shared and
   * cached for every viewer) and tells the browser how far it got. One NDJSON reply carries
   * progress lines and then the book, already filtered for the viewer: the browser never holds
   * a hidden field, and the policy checks run once, before the first byte. The alternative (the
   * SPA fetching page windows) would repeat the role filtering per page and leave the depth and
   * the end-of-day detection to the browser.
   */
  defineRoute({
    method: 'GET',
    url: '/api/order-book/:date',
    summary:
      'The order book of a day as NDJSON: progress lines, then the book (depth, rows, executions)',
    tags: ['orders'],
    params: orderBookParamsSchema,
    // One line of the stream, for the docs; the handler returns the stream itself.
    response: orderBookLineSchema as z.ZodType<unknown>,
    successStatus: 200,
    stream: true,
    async handler({ params, user, deps, reply, request }) {
      const access = orderAccessOf(user!);
      const cache = orderBookCacheFor(deps.upstream);
      const stream = new PassThrough();
      const write = (text: string) => {
        if (!stream.writableEnded && !request.raw.destroyed) stream.write(text);
      };

      const serialized = (book: DayBook) =>
        serializedBook(book, access, (bytes) => cache.account(book, bytes));
      const cached = cache.peek(params.date);
      if (cached) {
        stream.end(Buffer.concat([await serialized(cached), NEWLINE]));
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
        cache
          .load(params.date, (progress) => {
            begun = true;
            started();
            write(
              `${JSON.stringify({ type: 'progress', loaded: progress.loaded, total: progress.total })}\n`,
            );
          })
          .then(
            async (book) => {
              begun = true;
              started();
              try {
                const text = await serialized(book);
                if (!stream.writableEnded) stream.end(Buffer.concat([text, NEWLINE]));
              } catch (error) {
                if (!stream.writableEnded) stream.end(errorLine(error));
              }
            },
            (error: unknown) => {
              if (!begun) failedEarly(error);
              else stream.end(errorLine(error));
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
    params: orderParams,
    response: orderDetailSchema,
    async handler({ params, user, deps }) {
      // getOrder sends a token and checks that the answer echoes it (§4.2, §2.1).
      const order = await getOrder(deps.upstream, { orderId: params.orderId });
      return viewOrder(order, orderAccessOf(user!));
    },
  }),
];
