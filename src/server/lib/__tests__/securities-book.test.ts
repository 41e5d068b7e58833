import { describe, expect, it } from 'vitest';
import type { SecurityDepth } from '../../../contract/order-book';
import type { DayBook } from '../order-book-cache';
import { bookNamingSecurities } from '../securities-book';

const security: SecurityDepth = {
  securityId: '7001',
  securityName: 'Harbor Line Preferred',
  bids: [],
  offers: [],
  bestBid: null,
  bestOffer: null,
  spread: null,
  orderCount: 0,
};

function bookOf(date: string, securities: SecurityDepth[], incomplete = false): DayBook {
  return {
    date,
    rows: [],
    executions: [],
    securities,
    ...(incomplete ? { incomplete: { missingFrom: 500, cause: new Error('page 2') } } : {}),
    serialized: new Map(),
    bytes: 0,
  };
}

/** A loader over fixed books by day, which records the days it was asked for. */
function booksOf(byDay: Record<string, DayBook>) {
  const asked: string[] = [];
  const load = async (day: string) => {
    asked.push(day);
    const book = byDay[day];
    if (!book) throw new Error(`no book for ${day}`);
    return book;
  };
  return { asked, load };
}

// The days are US Eastern days (§8): 2026-11-26 is Thanksgiving Day, an exchange holiday.
describe('the order book that names the securities', () => {
  it('is today’s on a trading day with orders', async () => {
    const { asked, load } = booksOf({ '2026-11-25': bookOf('2026-11-25', [security]) });
    const read = await bookNamingSecurities(new Date('2026-11-25T20:00:00Z'), load);
    expect(read).toMatchObject({ day: '2026-11-25' });
    expect(asked).toEqual(['2026-11-25']);
  });

  it('on a holiday is the last trading day’s, the holiday’s never read', async () => {
    const { asked, load } = booksOf({ '2026-11-25': bookOf('2026-11-25', [security]) });
    const read = await bookNamingSecurities(new Date('2026-11-26T17:00:00Z'), load);
    expect(read).toMatchObject({ day: '2026-11-25' });
    expect(asked).toEqual(['2026-11-25']);
  });

  it('on a Monday before the first order is the Friday’s, the weekend stepped over', async () => {
    const { asked, load } = booksOf({
      '2026-11-30': bookOf('2026-11-30', []),
      '2026-11-27': bookOf('2026-11-27', [security]),
    });
    // 07:00 in New York.
    const read = await bookNamingSecurities(new Date('2026-11-30T12:00:00Z'), load);
    expect(read).toMatchObject({ day: '2026-11-27' });
    expect('book' in read && read.book.securities).toEqual([security]);
    expect(asked).toEqual(['2026-11-30', '2026-11-27']);
  });

  it('keeps a book read only in part, whatever it names', async () => {
    const { asked, load } = booksOf({ '2026-11-30': bookOf('2026-11-30', [], true) });
    const read = await bookNamingSecurities(new Date('2026-11-30T15:00:00Z'), load);
    expect(read).toMatchObject({ day: '2026-11-30' });
    expect(asked).toEqual(['2026-11-30']);
  });

  it('answers a failed read with the day it was for', async () => {
    const { load } = booksOf({ '2026-11-30': bookOf('2026-11-30', []) });
    const read = await bookNamingSecurities(new Date('2026-11-30T12:00:00Z'), load);
    expect(read).toMatchObject({ day: '2026-11-27' });
    expect('failure' in read && String(read.failure)).toBe('Error: no book for 2026-11-27');
  });
});
