import { describe, expect, it } from 'vitest';
import {
  aggregateDepth,
  executionsOf,
  isResting,
  ORDER_TABLE,
  orderBookLineSchema,
  toOrderRow,
} from '../order-book';
import type { Match, Order } from '../orders';

let next = 1;
function order(fields: Partial<Order>): Order {
  const id = String(next++);
  return {
    id,
    securityId: '1',
    securityName: 'Alpha',
    side: 'bid',
    shares: '100',
    sharesRemaining: '100',
    pricePerShare: '10',
    totalAmount: '1000',
    status: 'live',
    memberId: 'M',
    accountId: null,
    createdAt: '2026-03-10T14:30:00.000Z',
    updatedAt: null,
    createdIp: '10.0.0.1',
    pnd: 'N',
    contingencies: 'None',
    minimumThreshold: '0',
    solicited: 'Yes',
    matches: [],
    ...fields,
  };
}
const match = (fields: Partial<Match>): Match => ({
  matchId: String(next++),
  executedPrice: '10',
  executedQuantity: '10',
  executedTotal: '100',
  createdAt: '2026-03-10T15:00:00.000Z',
  updatedAt: null,
  createdIp: '10.0.0.2',
  ...fields,
});

describe('aggregateDepth', () => {
  it('sums remaining shares of live orders per exact price level, best first', () => {
    const [alpha] = aggregateDepth([
      order({ side: 'bid', pricePerShare: '10.5', sharesRemaining: '30' }),
      order({ side: 'bid', pricePerShare: '10.50', sharesRemaining: '20' }),
      order({ side: 'bid', pricePerShare: '10.49', sharesRemaining: '5' }),
      order({ side: 'bid', pricePerShare: '11', sharesRemaining: '0' }),
      order({ side: 'bid', pricePerShare: '12', status: 'executed', sharesRemaining: '0' }),
      order({ side: 'offer', pricePerShare: '10.7', sharesRemaining: '0.1' }),
      order({ side: 'offer', pricePerShare: '10.7', sharesRemaining: '0.2' }),
      order({ side: 'offer', pricePerShare: '10.6', sharesRemaining: '7' }),
    ]);
    expect(alpha.bids).toEqual([
      { price: '10.5', shares: '50', orders: 2 },
      { price: '10.49', shares: '5', orders: 1 },
    ]);
    // Exact: 0.1 + 0.2 is 0.3, not 0.30000000000000004.
    expect(alpha.offers).toEqual([
      { price: '10.6', shares: '7', orders: 1 },
      { price: '10.7', shares: '0.3', orders: 2 },
    ]);
    expect(alpha).toMatchObject({
      bestBid: '10.5',
      bestOffer: '10.6',
      spread: '0.1',
      orderCount: 8,
    });
  });

  it('keeps securities apart, sorted by name; a one-sided book has no spread; crossed is negative', () => {
    const depth = aggregateDepth([
      order({ securityId: '2', securityName: 'Zeta', side: 'offer', pricePerShare: '3' }),
      order({ securityId: '1', securityName: 'Alpha', side: 'bid', pricePerShare: '5' }),
      order({ securityId: '1', securityName: 'Alpha', side: 'offer', pricePerShare: '4.75' }),
    ]);
    expect(depth.map((s) => s.securityName)).toEqual(['Alpha', 'Zeta']);
    expect(depth[0].spread).toBe('-0.25');
    expect(depth[1]).toMatchObject({ bestBid: null, bestOffer: '3', spread: null, bids: [] });
    expect(aggregateDepth([])).toEqual([]);
  });

  it('counts only live orders with shares left as resting', () => {
    expect(isResting({ status: 'live', sharesRemaining: '1' })).toBe(true);
    expect(isResting({ status: 'live', sharesRemaining: '0' })).toBe(false);
    expect(isResting({ status: 'executed', sharesRemaining: '5' })).toBe(false);
  });
});

describe('executionsOf and toOrderRow', () => {
  it('lists every match with its order, latest first, timeless last', () => {
    const early = match({ createdAt: '2026-03-10T14:00:00.000Z', executedQuantity: '3' });
    const late = match({ createdAt: '2026-03-10T19:00:00.000Z' });
    const timeless = match({ createdAt: null });
    const a = order({ side: 'offer', matches: [early, timeless] });
    const b = order({ securityId: '9', matches: [late] });
    const executions = executionsOf([a, b, order({})]);
    expect(executions.map((e) => e.matchId)).toEqual([
      late.matchId,
      early.matchId,
      timeless.matchId,
    ]);
    expect(executions[1]).toMatchObject({
      orderId: a.id,
      side: 'offer',
      quantity: '3',
      securityId: '1',
    });
  });

  it('makes a grid row with the match count and no match bodies', () => {
    const row = toOrderRow(order({ matches: [match({})] }));
    expect(row.matchCount).toBe(1);
    expect(row).not.toHaveProperty('matches');
    expect(row.memberId).toBe('M');
  });
});

describe('orderBookLineSchema: an orders line', () => {
  const line = (rows: unknown) => ({
    type: 'orders',
    orders: { columns: ORDER_TABLE.publicColumns, rows },
    securities: [{ securityId: '1', securityName: 'Alpha' }],
  });
  const row = [
    '7',
    '1',
    'bid',
    '100',
    '100',
    '10',
    '1000',
    'live',
    '2026-03-10T14:30:00.000Z',
    null,
    0,
  ];

  it('takes rows of strings, numbers and nulls as they are', () => {
    const parsed = orderBookLineSchema.parse(line([row, row]));
    expect(parsed.type === 'orders' && parsed.orders.rows).toEqual([row, row]);
  });

  it.each([
    ['an object in a cell', [[...row.slice(0, 10), { n: 0 }]]],
    ['a boolean in a cell', [[...row.slice(0, 10), true]]],
    ['a row that is not an array', [row, 'row']],
    ['rows that are not an array', { 0: row }],
  ])('refuses %s', (_, rows) => {
    const result = orderBookLineSchema.safeParse(line(rows));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(
      'rows must be arrays of strings, numbers and nulls',
    );
  });
});
