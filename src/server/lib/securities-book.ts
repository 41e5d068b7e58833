import { closedMarketDay } from '../../contract/market-calendar';
import { previousTradingDay } from '../../contract/market-week';
import { EASTERN, todayInZone } from '../../contract/time';
import type { DayBook } from './order-book-cache';

/**
 * The order book that names the securities, with its day. No upstream operation lists securities,
 * so the list is a book (§4.1): today's in US Eastern (§8) when the market trades today, else the
 * last trading day's, never a weekend's or a holiday's, which hold no orders. A trading day's book
 * is also empty before its first order (early in the morning, before the open at 9:30): then the
 * previous trading day's is read, so the list is not empty only because the day has not begun.
 * A book read only in part is kept as it is: what it names is known, and its gap says the rest.
 * A read that fails answers its failure with the day it was for, which the page names.
 */
export async function bookNamingSecurities(
  now: Date,
  load: (day: string) => Promise<DayBook>,
): Promise<{ day: string; book: DayBook } | { day: string; failure: unknown }> {
  const today = todayInZone(EASTERN, now);
  let day = closedMarketDay(today) ? previousTradingDay(today) : today;
  try {
    const book = await load(day);
    if (book.securities.length > 0 || book.incomplete) return { day, book };
    day = previousTradingDay(day);
    return { day, book: await load(day) };
  } catch (failure) {
    return { day, failure };
  }
}
