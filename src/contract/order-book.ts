import Big from 'big.js';
import { z } from 'zod';
import { isolate } from './bidi';
import { listInWords } from './holdings';
import { keysOf } from './keys-of';
import { orderBookDaySchema } from './dates';
import { closedMarketDay } from './market-calendar';
import { apiErrorSchema } from './errors';
import { decimalStringSchema, isoDateSchema } from './money';
import {
  matchSchema,
  matchTimestampSchema,
  orderSchema,
  orderSideSchema,
  type Order,
} from './orders';
import { numericIdSchema } from './platform-ids';
import { skippedRecordsSchema } from './skipped';

/*
 * The order book of a day as the BFF serves it: a compact row per order for the grid,
 * the executions taken from the orders' matches, and the depth of every security aggregated by
 * price level. Who sees the member, account and IP fields is decided by the BFF: the
 * fields are absent, not blanked, in a reduced view.
 */

/**
 * How much of an order (§2.1) a viewer sees: the market's fields (`public`); those and who placed
 * it, its member and account (`parties`); or every field, the IP address it and its matches
 * were made from too (`all`). The IP address is the investor's personal data, kept for reviewers.
 */
export const orderFieldsSchema = z.enum(['public', 'parties', 'all']);
export type OrderFields = z.infer<typeof orderFieldsSchema>;

/** The upstream answers at most 500 orders a call (interface document §4.1, §8). */
export const ORDER_PAGE_SIZE = 500;

/** An order as the grid shows it: the order's own fields, with its matches counted. */
const orderRowSchema = orderSchema
  .pick({
    id: true,
    securityId: true,
    side: true,
    shares: true,
    sharesRemaining: true,
    pricePerShare: true,
    totalAmount: true,
    status: true,
    createdAt: true,
    updatedAt: true,
  })
  .extend({
    matchCount: z.number().int().nonnegative(),
    /** Who placed it: compliance, admin and issuer staff on their own securities (`parties`). */
    memberId: z.string().optional(),
    accountId: z.string().nullable().optional(),
    /** Compliance and admin only (`all`). */
    createdIp: z.string().nullable().optional(),
  });
export type OrderRow = z.infer<typeof orderRowSchema>;

const executionSchema = z.object({
  matchId: z.string(),
  orderId: z.string(),
  securityId: z.string(),
  side: orderSideSchema,
  price: decimalStringSchema,
  quantity: decimalStringSchema,
  total: decimalStringSchema,
  executedAt: matchTimestampSchema.nullable(),
  /** Compliance and admin only (`all`). */
  createdIp: z.string().nullable().optional(),
});
export type Execution = z.infer<typeof executionSchema>;

const priceLevelSchema = z.object({
  price: decimalStringSchema,
  /** Remaining shares of the live orders at this price. */
  shares: decimalStringSchema,
  orders: z.number().int().positive(),
});
export type PriceLevel = z.infer<typeof priceLevelSchema>;

const securityDepthSchema = z.object({
  securityId: z.string(),
  securityName: z.string(),
  /** Best (highest) first. */
  bids: z.array(priceLevelSchema),
  /** Best (lowest) first. */
  offers: z.array(priceLevelSchema),
  bestBid: decimalStringSchema.nullable(),
  bestOffer: decimalStringSchema.nullable(),
  /** Best offer minus best bid; negative when the book is crossed; null without both sides. */
  spread: decimalStringSchema.nullable(),
  orderCount: z.number().int().nonnegative(),
});
export type SecurityDepth = z.infer<typeof securityDepthSchema>;

const orderBookViewSchema = z.enum(['public', 'full', 'mixed']);

/**
 * Why the market did not trade on the book's day, by the portal's calendar (market-calendar): a
 * weekend, named by its weekday, or an exchange holiday, named. The interface document lists no
 * holidays and no weekend hours (§2.7).
 */
const closedDaySchema = z.object({
  reason: z.enum(['weekend', 'holiday']),
  name: z.string(),
});
export type ClosedDay = z.infer<typeof closedDaySchema>;

/** Why the market does not trade on `date`; null on a trading day. */
export function closedDayOf(date: string): ClosedDay | null {
  const closed = closedMarketDay(date);
  return closed && { reason: closed.reason, name: closed.name };
}

/**
 * The parts of an order (§2.1) the portal could not read, as a person names them: its `id`, the
 * `security`, the `side`, the `shares`, the `price` per share, the `total`, the `status`, its
 * `times`, who `placed` it (member and account), its `terms` (contingencies, minimum, solicited),
 * its `matches`; `record` when the record as a whole was not one.
 */
const partWords = {
  id: 'order id',
  security: 'security',
  side: 'side (bid or offer)',
  shares: 'number of shares',
  price: 'price per share',
  total: 'total amount',
  status: 'status',
  times: 'times',
  placed: 'member and account',
  terms: 'terms',
  matches: 'matches',
  record: 'record',
} as const;
const unreadableOrderPartSchema = z.enum(keysOf(partWords));
export type UnreadableOrderPart = z.infer<typeof unreadableOrderPartSchema>;

/**
 * An order of the day the platform sent in a form the portal could not read (left out of the
 * book): where it stands in the day's list (from 1), its order id and security name where they
 * could still be read, and what of it could not. Enough for whoever reads the book to follow it
 * up with the platform; the values themselves are never carried.
 */
const unreadableOrderSchema = z.object({
  position: z.number().int().positive(),
  orderId: z.string().optional(),
  securityName: z.string().optional(),
  parts: z.array(unreadableOrderPartSchema),
});
export type UnreadableOrder = z.infer<typeof unreadableOrderSchema>;

/** At most this many unreadable orders are named in a book; the others are counted only. */
export const UNREADABLE_ORDERS_NAMED = 50;

/**
 * One unreadable order in words: "Order 4012 (Acme Fund), number 37 of the day: its price per
 * share and status could not be read." The security name is the platform's free text, isolated.
 */
export function unreadableOrderInWords(order: UnreadableOrder): string {
  const named = order.orderId ? `Order ${order.orderId}` : 'An order whose id could not be read';
  const security = order.securityName ? ` (${isolate(order.securityName)})` : '';
  const parts = order.parts.filter((part) => part !== 'id' || !order.orderId);
  const wrong =
    parts.length === 0 || parts.includes('record')
      ? 'it could not be read as an order'
      : `its ${listInWords(parts.map((part) => partWords[part]))} could not be read`;
  return `${named}${security}, number ${order.position} of the day: ${wrong}.`;
}

const orderBookSchema = z.object({
  date: isoDateSchema,
  orderCount: z.number().int().nonnegative(),
  /**
   * Whether the viewer sees who placed the orders (member and account): on no security, on every
   * one, or on some.
   */
  view: orderBookViewSchema,
  /** Security ids whose rows name who placed them (all of them in a full view). */
  fullSecurityIds: z.array(z.string()),
  /**
   * The most the rows show of an order: `all` only for reviewers, whose rows carry the IP
   * addresses too. Not sent: the columns of the rows say it.
   */
  fields: orderFieldsSchema,
  securities: z.array(securityDepthSchema),
  orders: z.array(orderRowSchema),
  executions: z.array(executionSchema),
  /** Orders of the day that could not be understood and are not in the book. */
  skippedRecords: skippedRecordsSchema,
  /**
   * Those orders named, by their place in the day (the first UNREADABLE_ORDERS_NAMED): the book
   * is public market data, and so is what of an order could not be read. Absent: none.
   */
  unreadableOrders: z.array(unreadableOrderSchema).optional(),
  /** Null on a trading day; on a weekend or an exchange holiday, which one. */
  closed: closedDaySchema.nullable(),
  /**
   * Present when a page of the day (§4.1, 500 orders a call) could not be read: the book holds
   * the orders before it, `missingFrom` is the 0-based position of the first order not read
   * (the day may hold none from there), and `error` says why, with its support id. Depth,
   * executions and counts then cover the orders read only.
   */
  incomplete: z
    .object({
      missingFrom: z.number().int().nonnegative(),
      error: apiErrorSchema.shape.error,
    })
    .optional(),
});
export type OrderBook = z.infer<typeof orderBookSchema>;

/*
 * On the wire the book's rows travel as arrays under one header (a busy day is 10,000+ orders:
 * as objects it was about 5 MB of JSON, mostly repeated field names). A row holds the columns
 * in header order; a row of the reduced view simply ends before the hidden columns (and a wholly
 * public book's header leaves them out), so a hidden field is absent after decoding, never blanked. `decodeOrderBook` turns it back into objects.
 */
/**
 * The columns of a wire table in header order: every viewer's first, then who placed the order
 * (`parties`), then the IP addresses (`all`).
 */
export interface WireTable<T> {
  columns: readonly (keyof T & string)[];
  /** The leading columns every viewer gets. */
  publicColumns: readonly (keyof T & string)[];
  /** The leading columns of a viewer who sees who placed an order, not where from. */
  partyColumns: readonly (keyof T & string)[];
}

function wireTable<T>(
  publicColumns: readonly (keyof T & string)[],
  partyColumns: readonly (keyof T & string)[],
  ipColumns: readonly (keyof T & string)[],
): WireTable<T> {
  return {
    columns: [...publicColumns, ...partyColumns, ...ipColumns],
    publicColumns,
    partyColumns: [...publicColumns, ...partyColumns],
  };
}

/** The columns a viewer who sees `fields` of an order gets. */
export function columnsOf<T>(table: WireTable<T>, fields: OrderFields) {
  return fields === 'all'
    ? table.columns
    : fields === 'parties'
      ? table.partyColumns
      : table.publicColumns;
}

/** The fields of the widest row a header allows. */
function fieldsOfHeader<T>(table: WireTable<T>, columns: readonly string[]): OrderFields {
  return columns.length === table.columns.length
    ? 'all'
    : columns.length === table.partyColumns.length
      ? 'parties'
      : 'public';
}

const FIELDS_ORDER: readonly OrderFields[] = ['public', 'parties', 'all'];
/** The wider of two views. */
export const widerFields = (a: OrderFields, b: OrderFields): OrderFields =>
  FIELDS_ORDER.indexOf(a) >= FIELDS_ORDER.indexOf(b) ? a : b;

export const ORDER_TABLE = wireTable<OrderRow>(
  [
    'id',
    'securityId',
    'side',
    'shares',
    'sharesRemaining',
    'pricePerShare',
    'totalAmount',
    'status',
    'createdAt',
    'updatedAt',
    'matchCount',
  ],
  ['memberId', 'accountId'],
  ['createdIp'],
);

export const EXECUTION_TABLE = wireTable<Execution>(
  ['matchId', 'orderId', 'securityId', 'side', 'price', 'quantity', 'total', 'executedAt'],
  [],
  ['createdIp'],
);

const isCell = (value: unknown) =>
  value === null ||
  typeof value === 'string' ||
  (typeof value === 'number' && Number.isFinite(value));
/*
 * The rows of a table, checked cell by cell in one pass. The same verdict as zod's array of
 * arrays of a string-number-null union, which on a busy day's 10,000 rows and 150,000 cells
 * costs the browser tens of milliseconds (a result object a cell, a copy a row) while the page
 * waits to show them.
 */
const rowsSchema = z.custom<Cell[][]>(
  (value) => Array.isArray(value) && value.every((row) => Array.isArray(row) && row.every(isCell)),
  'rows must be arrays of strings, numbers and nulls',
);
/** The header is the columns of the widest view among the rows (`columnsOf`). */
const tableSchema = <T>({ columns, publicColumns, partyColumns }: WireTable<T>) =>
  z.object({
    columns: z
      .array(z.string())
      .refine(
        (got) =>
          (got.length === columns.length ||
            got.length === partyColumns.length ||
            got.length === publicColumns.length) &&
          got.every((c, i) => c === columns[i]),
        'unexpected columns',
      ),
    rows: rowsSchema,
  });

const orderBookWireSchema = orderBookSchema
  .omit({ orders: true, executions: true, fields: true })
  .extend({
    orders: tableSchema(ORDER_TABLE),
    executions: tableSchema(EXECUTION_TABLE),
  });
export type OrderBookWire = z.infer<typeof orderBookWireSchema>;

/** One value of a wire row. */
export type Cell = string | number | null;

/** An item as a wire row: its values in header order, the columns of `fields` only. */
export function wireRow<T>(table: WireTable<T>, item: T, fields: OrderFields): Cell[] {
  const columns = columnsOf(table, fields);
  // An absent field travels as null, which is also how JSON writes `undefined` in an array.
  return columns.map((column) => (item[column] ?? null) as Cell);
}

function decodeRows<T>(columns: readonly string[], rows: readonly Cell[][]): T[] {
  const out = new Array<T>(rows.length);
  for (let r = 0; r < rows.length; r += 1) {
    const row = rows[r];
    const item: Record<string, Cell> = {};
    const n = Math.min(row.length, columns.length);
    for (let c = 0; c < n; c += 1) item[columns[c]] = row[c];
    out[r] = item as T;
  }
  return out;
}

/** A table of order rows as objects again, hidden fields absent. */
function decodeOrderRows(table: OrderBookWire['orders']): OrderRow[] {
  return decodeRows<OrderRow>(table.columns, table.rows);
}

/**
 * The book as objects again, hidden fields absent. `streamed` are the rows that `orders` lines
 * brought before the book: they come first.
 */
function decodeOrderBook(
  wire: OrderBookWire,
  streamed: readonly OrderRow[] = [],
  streamedFields: OrderFields = 'public',
): OrderBook {
  const own = decodeOrderRows(wire.orders);
  return {
    ...wire,
    fields: widerFields(streamedFields, fieldsOfHeader(ORDER_TABLE, wire.orders.columns)),
    orders: streamed.length === 0 ? own : streamed.concat(own),
    executions: decodeRows<Execution>(wire.executions.columns, wire.executions.rows),
  };
}

const securityNameSchema = securityDepthSchema.pick({ securityId: true, securityName: true });

/**
 * One line of the `application/x-ndjson` reply of `GET /api/order-book/:date`:
 * - `progress` while pages arrive. `total` stays null until the last page: the upstream does not
 *   say how many orders a day holds (§4.1).
 * - `orders`: the next rows of the book, in book order, as soon as the pages before them have
 *   arrived, so the grid fills while the rest of the day is read. Each carries its own header
 *   and names the securities its rows bring in for the first time.
 * - `book`: the whole day. Its own `orders.rows` are the rows no `orders` line sent before it
 *   (all of them when the day came from the BFF's cache); `orderCount` counts both.
 * - `error` when a page fails midway: the rows sent so far are not a book.
 */
export const orderBookLineSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('progress'),
    loaded: z.number().int().nonnegative(),
    total: z.number().int().nonnegative().nullable(),
  }),
  z.object({
    type: z.literal('orders'),
    orders: tableSchema(ORDER_TABLE),
    securities: z.array(securityNameSchema),
  }),
  z.object({ type: z.literal('book'), book: orderBookWireSchema }),
  z.object({ type: z.literal('error'), error: apiErrorSchema.shape.error }),
]);
export type OrderBookLine = z.infer<typeof orderBookLineSchema>;
type OrdersLine = Extract<OrderBookLine, { type: 'orders' }>;

/**
 * The book put together from the lines of one reply, in their order: the rows the `orders` lines
 * brought so far (for a grid that fills while the day is read), then the whole book.
 */
export class OrderBookAssembly {
  readonly rows: OrderRow[] = [];
  /** Security names the rows so far brought in. */
  readonly names = new Map<string, string>();
  /** The most any row so far shows of its order. */
  fields: OrderFields = 'public';

  addRows(line: OrdersLine): void {
    for (const s of line.securities) this.names.set(s.securityId, s.securityName);
    for (const row of decodeOrderRows(line.orders)) this.rows.push(row);
    this.fields = widerFields(this.fields, fieldsOfHeader(ORDER_TABLE, line.orders.columns));
  }

  /** The whole book; throws when its rows and its count disagree (a line went missing). */
  finish(wire: OrderBookWire): OrderBook {
    const book = decodeOrderBook(wire, this.rows, this.fields);
    if (book.orders.length !== book.orderCount) {
      throw new Error(`the book counts ${book.orderCount} orders but ${book.orders.length} came`);
    }
    return book;
  }
}

export const orderBookParamsSchema = z.object({
  date: orderBookDaySchema('date'),
});

export const orderParamsSchema = z.object({ orderId: numericIdSchema('orderId') });

/** One order with every field the viewer may see, its matches and its remaining shares. */
export const orderDetailSchema = z.object({
  order: orderSchema.extend({
    memberId: z.string().optional(),
    accountId: z.string().nullable().optional(),
    createdIp: z.string().nullable().optional(),
    matches: z.array(matchSchema.extend({ createdIp: z.string().nullable().optional() })),
  }),
  /** How much of the order the viewer sees; absent fields are left out, not blanked. */
  fields: orderFieldsSchema,
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** The grid row of an order, every field included (the BFF drops the hidden ones per viewer). */
export function toOrderRow(order: Order): OrderRow {
  return {
    id: order.id,
    securityId: order.securityId,
    side: order.side,
    shares: order.shares,
    sharesRemaining: order.sharesRemaining,
    pricePerShare: order.pricePerShare,
    totalAmount: order.totalAmount,
    status: order.status,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    matchCount: order.matches.length,
    memberId: order.memberId,
    accountId: order.accountId,
    createdIp: order.createdIp,
  };
}

/** The executions of a day: every match of every order, latest first. */
export function executionsOf(orders: readonly Order[]): Execution[] {
  const executions: Execution[] = [];
  for (const order of orders) {
    for (const match of order.matches) {
      executions.push({
        matchId: match.matchId,
        orderId: order.id,
        securityId: order.securityId,
        side: order.side,
        price: match.executedPrice,
        quantity: match.executedQuantity,
        total: match.executedTotal,
        executedAt: match.createdAt,
        createdIp: match.createdIp,
      });
    }
  }
  // Instants (Z) and zone-less timestamps share the ISO shape, so text order is time order
  // within each kind; timeless matches go last.
  return executions.sort((a, b) => (b.executedAt ?? '').localeCompare(a.executedAt ?? ''));
}

/** Orders that still rest in the book: live, with shares remaining. */
export function isResting(order: Pick<Order, 'status' | 'sharesRemaining'>): boolean {
  return order.status === 'live' && new Big(order.sharesRemaining).gt(0);
}

/**
 * Depth per security: remaining shares of resting orders summed per price level (prices compared
 * as exact decimals, so 10.5 and 10.50 are one level), bids best-first (highest), offers
 * best-first (lowest). Securities are listed by name.
 */
export function aggregateDepth(orders: readonly Order[]): SecurityDepth[] {
  interface Level {
    price: Big;
    shares: Big;
    orders: number;
  }
  interface Side {
    levels: Map<string, Level>;
  }
  const books = new Map<string, { name: string; count: number; bid: Side; offer: Side }>();
  for (const order of orders) {
    let book = books.get(order.securityId);
    if (!book) {
      book = {
        name: order.securityName,
        count: 0,
        bid: { levels: new Map() },
        offer: { levels: new Map() },
      };
      books.set(order.securityId, book);
    }
    book.count += 1;
    if (!isResting(order)) continue;
    const price = new Big(order.pricePerShare);
    const key = price.toFixed();
    const levels = book[order.side].levels;
    const level = levels.get(key);
    if (level) {
      level.shares = level.shares.plus(order.sharesRemaining);
      level.orders += 1;
    } else {
      levels.set(key, { price, shares: new Big(order.sharesRemaining), orders: 1 });
    }
  }

  const toLevels = (side: Side, direction: 1 | -1): PriceLevel[] =>
    [...side.levels.values()]
      .sort((a, b) => direction * a.price.cmp(b.price))
      .map((level) => ({
        price: level.price.toFixed(),
        shares: level.shares.toFixed(),
        orders: level.orders,
      }));

  return [...books.entries()]
    .map(([securityId, book]) => {
      const bids = toLevels(book.bid, -1);
      const offers = toLevels(book.offer, 1);
      const bestBid = bids[0]?.price ?? null;
      const bestOffer = offers[0]?.price ?? null;
      return {
        securityId,
        securityName: book.name,
        bids,
        offers,
        bestBid,
        bestOffer,
        spread:
          bestBid !== null && bestOffer !== null
            ? new Big(bestOffer).minus(bestBid).toFixed()
            : null,
        orderCount: book.count,
      };
    })
    .sort(
      (a, b) =>
        a.securityName.localeCompare(b.securityName) || a.securityId.localeCompare(b.securityId),
    );
}
