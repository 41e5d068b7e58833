import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { compareDecimals, figureColumn, timestampColumn } from '../data-grid/columns';
import { formatMoney, formatTimestamp } from '../../lib/format';

type Row = { id: string; amount: string | null };

describe('figures in the grids', () => {
  it('sort as exact decimals, not as text or floats', () => {
    const amounts = ['10', '9.5', '100.00', '0.1', '0.10000000000000000001'];
    expect([...amounts].sort(compareDecimals)).toEqual([
      '0.1',
      '0.10000000000000000001',
      '9.5',
      '10',
      '100.00',
    ]);
    expect(compareDecimals(null, '1')).toBeLessThan(0);
    expect(compareDecimals('1', undefined)).toBeGreaterThan(0);
  });

  it('compare as big.js does, for plain figures and for every other form', () => {
    // Plain figures are compared digit by digit without big.js; the rest go to big.js. Every
    // pair of these, both ways, must order as big.js orders them.
    const values = [
      '0',
      '0.0',
      '00',
      '000.000',
      '1',
      '01',
      '1.0',
      '1.00',
      '1.000001',
      '0.999999',
      '9',
      '10',
      '10.0',
      '9.99',
      '99.99',
      '100',
      '0.1',
      '0.10',
      '0.01',
      '0.010',
      '123456789012345678901',
      '123456789012345678900.999',
      '3.19',
      '3.190',
      '3.2',
      '31.9',
      '-1',
      '-0.5',
      '-0',
      '1e3',
      '1000',
      '2.5e-1',
      '0.25',
    ];
    const mismatches: string[] = [];
    for (const a of values) {
      for (const b of values) {
        const expected = new Big(a).cmp(new Big(b));
        if (Math.sign(compareDecimals(a, b)) !== expected) mismatches.push(`${a} vs ${b}`);
      }
    }
    expect(mismatches).toEqual([]);
    // Random plain figures, as a busy day's prices and amounts are.
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    const figure = () =>
      `${next() % 3 === 0 ? '0' : ''}${next() % 100000}${next() % 2 ? `.${String(next() % 10000).padStart(next() % 6, '0')}` : ''}`;
    for (let i = 0; i < 2000; i += 1) {
      const [a, b] = [figure(), figure()];
      expect(Math.sign(compareDecimals(a, b)), `${a} vs ${b}`).toBe(new Big(a).cmp(new Big(b)));
    }
  });

  it('are right-aligned, formatted for a person, with a dash for a missing value', () => {
    const column = figureColumn<Row>({
      field: 'amount',
      headerName: 'Amount',
      format: formatMoney,
    });
    expect(column.align).toBe('right');
    expect(column.headerAlign).toBe('right');
    // Our formatter reads only the value; the grid's row, column and api arguments are unused.
    const format = column.valueFormatter as unknown as (value: string | null) => string;
    expect(format('1234.5')).toBe('$1,234.50');
    expect(format(null)).toBe('—');
  });
});

describe('timestamps in the grids', () => {
  it('wrap in a cell that fits a phone instead of being cut off before the zone', () => {
    type Stamped = { id: string; at: string | null };
    const column = timestampColumn<Stamped>({
      field: 'at',
      headerName: 'Created',
      format: (value) =>
        formatTimestamp(value, {
          locale: 'en-US',
          timeZone: 'America/Los_Angeles',
          sourceTimeZone: 'UTC',
        }),
    });
    // A single line of "Nov 26, 2026, 11:17 PM PST (Nov 27, 7:17 AM UTC on the platform)" needs
    // about 470 px; the cell wraps it, in a column narrow enough for a 375 px screen.
    expect(column.cellClassName).toBe('portal-grid-wrap');
    expect(column.minWidth).toBeLessThanOrEqual(240);
    const format = column.valueFormatter as unknown as (value: string | null) => string;
    expect(format('2026-11-27T07:17:00')).toBe(
      'Nov 26, 2026, 11:17 PM PST (Nov 27, 7:17 AM UTC on the platform)',
    );
    expect(format(null)).toBe('Not recorded');
  });
});
