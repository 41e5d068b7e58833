import {
  OrderBookAssembly,
  orderBookLineSchema,
  type OrderBook,
  type OrderBookLine,
} from '../../contract/order-book';

/** A reply of `GET /api/order-book/:date` read as the web app reads it: line by line. */
export interface OrderBookReply {
  lines: OrderBookLine[];
  book: OrderBook;
  /** Rows that came in `orders` lines before the book. */
  streamedRows: number;
}

export function readOrderBookReply(body: string): OrderBookReply {
  const lines = body
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => orderBookLineSchema.parse(JSON.parse(line)));
  const assembly = new OrderBookAssembly();
  let book: OrderBook | null = null;
  for (const line of lines) {
    if (line.type === 'orders') assembly.addRows(line);
    else if (line.type === 'book') book = assembly.finish(line.book);
  }
  if (!book) throw new Error(`no book line: ${body.slice(0, 200)}`);
  return { lines, book, streamedRows: assembly.rows.length };
}
