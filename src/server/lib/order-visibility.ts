import type { Execution, OrderBook, OrderDetail, OrderRow } from '../../contract/order-book';
import type { Order } from '../../contract/orders';
import type { Principal } from '../policy/ownership';
import type { DayBook } from './order-book-cache';

/*
 * Who sees which order fields (architecture decision 1, issue 5): investors see the book without
 * memberID, accountID and IP addresses; issuer staff see every field on their own securities and
 * the investors' view elsewhere; compliance and admin see everything. Hidden fields are left out
 * of what is sent, never blanked in the browser.
 */

export type OrderAccess = { kind: 'all' } | { kind: 'none' } | { kind: 'some'; ids: Set<string> };

export function orderAccessOf(user: Principal): OrderAccess {
  if (user.role === 'compliance' || user.role === 'admin') return { kind: 'all' };
  if (user.role === 'issuer_staff' && user.securityIds.length > 0) {
    return { kind: 'some', ids: new Set(user.securityIds) };
  }
  return { kind: 'none' };
}

export function seesEverything(access: OrderAccess, securityId: string): boolean {
  return access.kind === 'all' || (access.kind === 'some' && access.ids.has(securityId));
}

export function publicRow(row: OrderRow): OrderRow {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { memberId, accountId, createdIp, ...rest } = row;
  return rest;
}

export function publicExecution(execution: Execution): Execution {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { createdIp, ...rest } = execution;
  return rest;
}

/** The book as `user` may see it. */
export function viewBook(book: DayBook, access: OrderAccess): OrderBook {
  const full = (securityId: string) => seesEverything(access, securityId);
  const securityIds = book.securities.map((s) => s.securityId);
  const fullSecurityIds = securityIds.filter(full);
  return {
    date: book.date,
    orderCount: book.rows.length,
    view:
      fullSecurityIds.length === 0
        ? 'public'
        : fullSecurityIds.length === securityIds.length
          ? 'full'
          : 'mixed',
    fullSecurityIds,
    securities: book.securities,
    orders: book.rows.map((row) => (full(row.securityId) ? row : publicRow(row))),
    executions: book.executions.map((e) => (full(e.securityId) ? e : publicExecution(e))),
    skippedRecords: book.skippedRecords ?? 0,
  };
}

/**
 * The book serialized for `access`, kept on the cached day so that the many viewers sharing a
 * view (every investor, every reviewer) cost one JSON.stringify.
 */
export function serializedBook(book: DayBook, access: OrderAccess): string {
  const key =
    access.kind === 'some'
      ? `some:${[...access.ids]
          .filter((id) => book.securities.some((s) => s.securityId === id))
          .sort()
          .join(',')}`
      : access.kind;
  let text = book.serialized.get(key);
  if (text === undefined) {
    text = JSON.stringify({ type: 'book', book: viewBook(book, access) });
    if (book.serialized.size < 16) book.serialized.set(key, text);
  }
  return text;
}

export function viewOrder(order: Order, access: OrderAccess): OrderDetail {
  if (seesEverything(access, order.securityId)) return { order, full: true };
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { memberId, accountId, createdIp, matches, ...rest } = order;
  return {
    order: {
      ...rest,
      matches: matches.map((match) => {
        // eslint-disable-next-line @typescript-eslint/no-unused-vars
        const { createdIp: ip, ...visible } = match;
        return visible;
      }),
    },
    full: false,
  };
}
