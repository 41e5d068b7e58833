// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RecordTable, type TableSpec } from '../record-table';

afterEach(cleanup);

type Level = { name: string; price: string };

const spec: TableSpec<Level> = {
  columns: [
    { heading: 'Security', cell: (level) => level.name, rowHeader: true },
    { heading: { figures: 'Price' }, cell: (level) => `$${level.price}` },
  ],
  rowKey: (level) => level.name,
};

describe('RecordTable', () => {
  it('shows one row a record, each cell under its heading, figures right-aligned with theirs', () => {
    render(
      <RecordTable
        label="Prices"
        spec={spec}
        rows={[
          { name: 'Acme', price: '10.00' },
          { name: 'Globex', price: '7.50' },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Prices' });
    const [, ...rows] = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['Acme$10.00', 'Globex$7.50']);
    const rowHeader = within(rows[0]!).getByRole('rowheader');
    expect(rowHeader.textContent).toBe('Acme');
    expect(rowHeader.getAttribute('scope')).toBe('row');
    const price = within(rows[0]!).getByRole('cell');
    expect(price.className).toMatch(/alignRight/);
    expect(rowHeader.className).not.toMatch(/alignRight/);
  });

  it('is named by its caption when it has one', () => {
    render(
      <RecordTable
        label="Prices"
        caption={<caption>Best prices today</caption>}
        spec={spec}
        rows={[]}
      />,
    );
    expect(screen.getByRole('table', { name: 'Best prices today' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Prices (scrollable)' })).toBeTruthy();
  });
});
