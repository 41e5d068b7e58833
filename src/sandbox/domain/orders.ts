/**
 * Secondary-market orders (§2.1), generated rather than stored: every weekday has a deterministic
 * book of 10,000+ orders seeded by its date, weekends are empty. An order id encodes its day and
 * position, so getOrder can regenerate any single order without building the whole day.
 */
import { Prng, mixSeed } from '../lib/prng.js';
import { NEW_YORK, dayNumberToParts, weekdayOf, zonedInstant } from '../lib/time.js';
import type { Security } from '../state/model.js';

/** Days are counted from 2000-01-01 inside order ids: id = day * 100000 + position. */
const ID_EPOCH_DAY = 10957;
const ID_DAY_FACTOR = 100_000;
const MIN_ORDERS_PER_DAY = 10_000;
const NEVER_UPDATED = '0000-00-00 00:00:00';
const MEMBERS = ['NCPS', 'DALMORE', 'TRIPOINT', 'ENTORO', 'RUNWAY'];

export type Order = Record<string, unknown>;

export interface OrderBookOptions {
  securities: () => readonly Security[];
  accountIds: () => readonly string[];
  /**
   * The sandbox's clock: a day's book holds the orders placed by then, each as matched by then
   * (today's grows through the session, a later day's is empty). Without it, every day is whole.
   */
  now?: () => number;
}

export function ordersPerDay(dayNumber: number): number {
  const weekday = weekdayOf(dayNumber);
  if (weekday === 0 || weekday === 6) return 0;
  return MIN_ORDERS_PER_DAY + (mixSeed(dayNumber, 7) % 2000);
}

function orderIdFor(dayNumber: number, position: number): number {
  return (dayNumber - ID_EPOCH_DAY) * ID_DAY_FACTOR + position;
}

function locateOrder(orderId: number): { dayNumber: number; position: number } {
  return {
    dayNumber: Math.floor(orderId / ID_DAY_FACTOR) + ID_EPOCH_DAY,
    position: orderId % ID_DAY_FACTOR,
  };
}

/** Alternates number and string renderings (§2.1: "string or number" fields). */
function numberOrString(value: number, asString: boolean): number | string {
  return asString ? String(value) : value;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The trading session, 9:30 AM to 4:00 PM Eastern (§8). */
const SESSION_MS = 6.5 * 3_600_000;
/** Orders are placed until a minute before the close, so each can be matched before it. */
const PLACING_MS = SESSION_MS - 60_000;

/** When the order at `position` of a day of `count` orders opening at `open` is placed. */
const placedAt = (open: number, count: number, position: number) =>
  open + Math.floor((position * PLACING_MS) / count);

/** How many of a day's orders are placed by `now`: a prefix, since they come in id order. */
function placedBy(day: { open: number; count: number }, now: number): number {
  if (now < day.open) return 0;
  let low = 0;
  let high = day.count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (placedAt(day.open, day.count, middle) <= now) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The latest of matches' times, as they carry it (ISO text, which sorts as time). */
const latestOf = (matches: readonly Record<string, unknown>[]) =>
  matches.map((m) => String(m.createdDate)).reduce((a, b) => (b > a ? b : a));

/**
 * An order as it stood at `now`: its matches made by then, its remaining shares and status with
 * them. The same order when nothing of it happens later.
 */
function orderAsOf(order: Order, now: number): Order {
  const matches = (order.matchedOrders as Record<string, unknown>[]).filter((m) => 'matchid' in m);
  const made = matches.filter((m) => Date.parse(String(m.createdDate)) <= now);
  if (made.length === matches.length) return order;
  const executed = made.reduce((total, m) => total + Number(m.executedQuantity), 0);
  return {
    ...order,
    shares_remaining: Number(order.number_shares) - executed,
    status: 'Live',
    updateDate: made.length ? latestOf(made) : NEVER_UPDATED,
    matchedOrders: made.length ? made : [{}],
  };
}

/** 9:30 AM US Eastern on that day (trading hours are Eastern, §8). */
function marketOpen(dayNumber: number): number {
  const { year, month, day } = dayNumberToParts(dayNumber);
  return zonedInstant(NEW_YORK, year, month, day, 9, 30);
}

interface CachedDay {
  count: number;
  open: number;
  /** Orders are independent of each other, so they are generated on first use only. */
  orders: (Order | undefined)[];
  /** JSON text of each order, filled on first use; pages are joined from these. */
  json: (string | undefined)[];
}

export class OrderBook {
  private readonly cache = new Map<number, CachedDay>();
  private static readonly CACHE_DAYS = 4;

  constructor(private readonly options: OrderBookOptions) {}

  /**
   * The moment a day's orders are shown as of: the clock while the day's session has not ended;
   * undefined once it has (or without a clock), when every order stands as the day left it and
   * none needs looking at again (the book of a past day is the one read most).
   */
  private asOf(day: { open: number }): number | undefined {
    const now = this.options.now?.();
    return now !== undefined && now < day.open + SESSION_MS ? now : undefined;
  }

  /** All orders of a trading day placed by now, in creation order, as they stand now. */
  day(dayNumber: number): Order[] {
    const day = this.cachedDay(dayNumber);
    const now = this.asOf(day);
    const placed = now === undefined ? day.count : placedBy(day, now);
    return Array.from({ length: placed }, (_, position) => {
      const order = this.orderAt(dayNumber, day, position);
      return now === undefined ? order : orderAsOf(order, now);
    });
  }

  /**
   * The JSON array text of orders [start, end) of a day placed by now, as they stand now. Each
   * order is serialised once; one that changes later (a match still to come today) each time.
   */
  pageJson(dayNumber: number, start: number, end: number): string {
    const day = this.cachedDay(dayNumber);
    const now = this.asOf(day);
    const last = Math.min(end, now === undefined ? day.count : placedBy(day, now));
    const parts: string[] = [];
    for (let i = start; i < last; i++) {
      const order = this.orderAt(dayNumber, day, i);
      const shown = now === undefined ? order : orderAsOf(order, now);
      parts.push(shown === order ? (day.json[i] ??= JSON.stringify(order)) : JSON.stringify(shown));
    }
    return `[${parts.join(',')}]`;
  }

  private orderAt(dayNumber: number, day: CachedDay, position: number): Order {
    return (day.orders[position] ??= this.generate(dayNumber, position, day.count, day.open));
  }

  private cachedDay(dayNumber: number): CachedDay {
    const cached = this.cache.get(dayNumber);
    if (cached) {
      // Refresh recency for the small LRU.
      this.cache.delete(dayNumber);
      this.cache.set(dayNumber, cached);
      return cached;
    }
    const count = ordersPerDay(dayNumber);
    const day: CachedDay = {
      count,
      open: marketOpen(dayNumber),
      orders: new Array(count),
      json: new Array(count),
    };
    this.cache.set(dayNumber, day);
    if (this.cache.size > OrderBook.CACHE_DAYS) {
      this.cache.delete(this.cache.keys().next().value as number);
    }
    return day;
  }

  /** One order by id as it stands now, or null when the id names no order placed by now. */
  find(orderId: number): Order | null {
    if (!Number.isSafeInteger(orderId) || orderId < 0) return null;
    const { dayNumber, position } = locateOrder(orderId);
    const count = ordersPerDay(dayNumber);
    if (position >= count) return null;
    const open = marketOpen(dayNumber);
    const now = this.asOf({ open });
    if (now !== undefined && placedAt(open, count, position) > now) return null;
    const order =
      this.cache.get(dayNumber)?.orders[position] ??
      this.generate(dayNumber, position, count, open);
    return now === undefined ? order : orderAsOf(order, now);
  }

  clear(): void {
    this.cache.clear();
  }

  private generate(dayNumber: number, position: number, count: number, open: number): Order {
    const rng = new Prng(mixSeed(dayNumber, position));
    const securities = this.options.securities();
    const security = securities[mixSeed(position, dayNumber) % securities.length];
    const dayPrice =
      security.basePriceCents *
      (1 + ((mixSeed(dayNumber, security.securityId) % 200) - 100) / 1000);
    // Bids rest below the day's mid price and offers above it, so the live book is not crossed.
    const side = mixSeed(position * 2 + 1, dayNumber) % 2 === 0 ? 'Bid' : 'Offer';
    const distance = 0.002 + rng.next() * 0.025;
    const price = round2((dayPrice * (side === 'Bid' ? 1 - distance : 1 + distance)) / 100);
    const shares = rng.int(1, 50) * 10;
    // Orders arrive through the 6.5-hour session (9:30 AM to 4:00 PM Eastern) in id order.
    const close = open + SESSION_MS;
    const createdAt = placedAt(open, count, position);
    const roll = rng.next();
    const matchCount = roll < 0.45 ? 0 : roll < 0.65 ? rng.int(1, 2) : rng.int(1, 3);
    const fullyExecuted = matchCount > 0 && roll >= 0.65;
    const accountIds = this.options.accountIds();

    let remaining = shares;
    const matches: Record<string, unknown>[] = [];
    for (let m = 0; m < matchCount; m++) {
      const last = m === matchCount - 1;
      const quantity =
        last && fullyExecuted
          ? remaining
          : Math.max(1, Math.floor(remaining / (matchCount - m + 1)));
      remaining -= quantity;
      // A limit order executes at its price or better: a bid at or below it, an offer at or above.
      const improvement = rng.int(0, 3) / 100;
      const executedPrice = round2(side === 'Bid' ? price - improvement : price + improvement);
      // Within the session: an order placed near the close is matched before it, not after.
      const matchedAt = Math.min(createdAt + rng.int(5, 1200) * 1000, close - 1000);
      const asString = (position + m) % 2 === 0;
      matches.push({
        matchid: numberOrString(orderIdFor(dayNumber, position) * 10 + m, asString),
        executedPrice: numberOrString(executedPrice, asString),
        executedQuantity: numberOrString(quantity, !asString),
        'executedTotal Commitment': numberOrString(round2(executedPrice * quantity), asString),
        createdDate: new Date(matchedAt).toISOString(),
        updateDate: m % 3 === 2 ? null : new Date(matchedAt).toISOString(),
        createdIPAddress: `10.40.${rng.int(0, 255)}.${rng.int(1, 254)}`,
      });
    }

    return {
      memberID: rng.pick(MEMBERS),
      // §2.1: accountID is null in the observed records; a few carry one to cover "or string".
      accountID: position % 40 === 7 ? rng.pick(accountIds) : null,
      security_id: security.securityId,
      security_name: security.securityName,
      order_Id: orderIdFor(dayNumber, position),
      order_type: side,
      number_shares: shares,
      shares_remaining: remaining,
      price_per_share: price,
      total_amount: round2(price * shares),
      PND: 'N',
      'Contingencies ': 'None',
      'MinimumThreshold ': rng.chance(0.8) ? 0 : rng.int(1, 5) * 10,
      'Solicited ': 'Yes',
      status: fullyExecuted ? 'Executed' : 'Live',
      createdDate: new Date(createdAt).toISOString(),
      // Updated by its latest match (matches are not made in their listed order).
      updateDate: matches.length ? latestOf(matches) : NEVER_UPDATED,
      createdIPAddress: `10.30.${rng.int(0, 255)}.${rng.int(1, 254)}`,
      // §2.1: "The array holds one empty object when there are no matches."
      matchedOrders: matches.length ? matches : [{}],
    };
  }
}
