import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  closedDayOf,
  columnsOf,
  EXECUTION_TABLE,
  ORDER_TABLE,
  UNREADABLE_ORDERS_NAMED,
  widerFields,
  wireRow,
  type Cell,
  type OrderFields,
  type OrderBook,
  type OrderDetail,
  type OrderRow,
  type WireTable,
} from '../../contract/order-book';
import type { Order } from '../../contract/orders';
import type { Principal } from '../policy/ownership';
import { SLICE_ROWS, type DayBook } from './order-book-cache';
import { isReviewer } from '../../contract/session';

/*
 * Who sees which order fields (§2.1): investors see the book without memberID, accountID and IP
 * addresses; issuer staff see who placed the orders of their own securities (member and account)
 * and the investors' view elsewhere, never where an investor placed them from: the IP address is
 * the investor's personal data, and an issuer's job with its security's trading needs whose order
 * it is, not that; compliance and admin see everything. Hidden fields are left out of what is
 * sent, never blanked in the browser.
 */

export type OrderAccess = { kind: 'all' } | { kind: 'none' } | { kind: 'some'; ids: Set<string> };

export function orderAccessOf(user: Principal): OrderAccess {
  if (isReviewer(user.role)) return { kind: 'all' };
  if (user.role === 'issuer_staff' && user.securityIds.length > 0) {
    return { kind: 'some', ids: new Set(user.securityIds) };
  }
  return { kind: 'none' };
}

function fieldsOf(access: OrderAccess, securityId: string): OrderFields {
  if (access.kind === 'all') return 'all';
  return access.kind === 'some' && access.ids.has(securityId) ? 'parties' : 'public';
}

function viewKey(book: DayBook, access: OrderAccess): string {
  return access.kind === 'some'
    ? `some:${[...access.ids]
        .filter((id) => book.securities.some((s) => s.securityId === id))
        .sort()
        .join(',')}`
    : access.kind;
}

/**
 * The `book` line for `access` (rows as arrays under one header, see the contract), built in
 * slices of SLICE_ROWS rows with a turn of the event loop between them, so serializing a day of
 * 10,000+ orders never holds other requests up. Kept on the cached day, so the many viewers
 * sharing a view (every investor, every reviewer) cost one serialization.
 */
export function serializedBook(
  book: DayBook,
  access: OrderAccess,
  onSerialized?: (bytes: number) => void,
): Promise<Buffer> {
  const key = viewKey(book, access);
  let text = book.serialized.get(key);
  if (text === undefined) {
    text = serialize(book, access);
    if (book.serialized.size < 16) {
      book.serialized.set(key, text);
      void text.then(
        (buffer) => onSerialized?.(buffer.length),
        () => book.serialized.delete(key),
      );
    }
  }
  return text;
}

/**
 * The `book` line of a reply that already streamed the first `sentRows` order rows in `orders`
 * lines: the same line without those rows. Built for that one reply, not kept.
 */
export function bookLineAfter(
  book: DayBook,
  access: OrderAccess,
  sentRows: number,
  onSerialized?: (bytes: number) => void,
  incomplete?: OrderBook['incomplete'],
): Promise<Buffer> {
  // A day read in part says why with the reply's own support id: its line is not shared.
  if (incomplete) return serialize(book, access, sentRows, incomplete);
  return sentRows === 0
    ? serializedBook(book, access, onSerialized)
    : serialize(book, access, sentRows);
}

/**
 * An `orders` line: `rows` (the grid rows of `orders`, in the same order) as `access` may see
 * them, and the names of the securities not named by an earlier line of the reply (`named` is
 * updated).
 */
export function ordersLine(
  orders: readonly Order[],
  rows: readonly OrderRow[],
  access: OrderAccess,
  named: Set<string>,
): string {
  const securities: { securityId: string; securityName: string }[] = [];
  let widest: OrderFields = 'public';
  const cells = rows.map((row, i) => {
    if (!named.has(row.securityId)) {
      named.add(row.securityId);
      securities.push({ securityId: row.securityId, securityName: orders[i].securityName });
    }
    const fields = fieldsOf(access, row.securityId);
    widest = widerFields(widest, fields);
    return wireRow(ORDER_TABLE, row, fields);
  });
  const columns = columnsOf(ORDER_TABLE, widest);
  return `${JSON.stringify({ type: 'orders', orders: { columns, rows: cells }, securities })}\n`;
}

async function serialize(
  book: DayBook,
  access: OrderAccess,
  skipOrders = 0,
  incomplete?: OrderBook['incomplete'],
): Promise<Buffer> {
  const fields = (securityId: string) => fieldsOf(access, securityId);
  const securityIds = book.securities.map((s) => s.securityId);
  const fullSecurityIds = securityIds.filter((id) => fields(id) !== 'public');
  const view: OrderBook['view'] =
    fullSecurityIds.length === 0
      ? 'public'
      : fullSecurityIds.length === securityIds.length
        ? 'full'
        : 'mixed';
  const widest = securityIds.reduce<OrderFields>((w, id) => widerFields(w, fields(id)), 'public');
  const parts: string[] = [];
  const head = {
    date: book.date,
    orderCount: book.rows.length,
    view,
    fullSecurityIds,
    securities: book.securities,
    skippedRecords: book.skippedRecords ?? 0,
    ...(book.unreadableOrders
      ? { unreadableOrders: book.unreadableOrders.slice(0, UNREADABLE_ORDERS_NAMED) }
      : {}),
    closed: closedDayOf(book.date),
    ...(incomplete ? { incomplete } : {}),
  };
  const table = <T extends { securityId: string }>(wire: WireTable<T>, rows: readonly T[]) => ({
    columns: columnsOf(wire, widest),
    rows,
    cells: (row: T, rowFields: OrderFields) => wireRow(wire, row, rowFields),
  });
  const tables = [
    ['orders', table(ORDER_TABLE, skipOrders === 0 ? book.rows : book.rows.slice(skipOrders))],
    ['executions', table(EXECUTION_TABLE, book.executions)],
  ] as const;

  const headText = JSON.stringify({ type: 'book', book: head });
  // Reopen the object to append the two tables after the head's fields.
  parts.push(headText.slice(0, -2));
  for (const [name, t] of tables) {
    parts.push(`,${JSON.stringify(name)}:{"columns":${JSON.stringify(t.columns)},"rows":[`);
    const rows = t.rows as readonly { securityId: string }[];
    const cells = t.cells as (row: { securityId: string }, rowFields: OrderFields) => Cell[];
    for (let start = 0; start < rows.length; start += SLICE_ROWS) {
      await yieldToLoop();
      const slice = rows.slice(start, start + SLICE_ROWS);
      const json = JSON.stringify(slice.map((row) => cells(row, fields(row.securityId))));
      parts.push(start === 0 ? json.slice(1, -1) : `,${json.slice(1, -1)}`);
    }
    parts.push(']}');
  }
  parts.push('}}');
  return Buffer.from(parts.join(''));
}

export function viewOrder(order: Order, access: OrderAccess): OrderDetail {
  const fields = fieldsOf(access, order.securityId);
  if (fields === 'all') return { order, fields };
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { memberId, accountId, createdIp, matches, ...rest } = order;
  const parties = fields === 'parties' ? { memberId, accountId } : {};
  return {
    order: {
      ...rest,
      ...parties,
      matches: matches.map((match) => {
        // eslint-disable-next-line @typescript-eslint/no-unused-vars
        const { createdIp: ip, ...visible } = match;
        return visible;
      }),
    },
    fields,
  };
}
