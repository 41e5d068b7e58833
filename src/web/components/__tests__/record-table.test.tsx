// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { withFrameSizes } from '../../testing/frame-sizes';
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
  });
});

describe('the frame of a table', () => {
  const frames = withFrameSizes();

  it('is a Tab stop named "(scrollable)" only while the table is wider than it', () => {
    frames.resize(600, 900);
    render(<RecordTable label="Prices" spec={spec} rows={[{ name: 'Acme', price: '10.00' }]} />);
    const table = screen.getByRole('table', { name: 'Prices' });
    const frame = table.parentElement!;
    // The table fits (a wide screen): no Tab stop that scrolls nothing, no region.
    expect(frame.hasAttribute('tabindex')).toBe(false);
    expect(screen.queryByRole('region')).toBeNull();

    // The window narrows to a phone: the frame scrolls, and the keyboard can reach it.
    act(() => frames.resize(600, 343));
    const region = screen.getByRole('region', { name: 'Prices (scrollable)' });
    expect(region).toBe(frame);
    expect(region.getAttribute('tabindex')).toBe('0');

    act(() => frames.resize(600, 900));
    expect(screen.queryByRole('region')).toBeNull();
    expect(frame.hasAttribute('tabindex')).toBe(false);
  });
});
