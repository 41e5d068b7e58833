// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { GridPlace } from '../../../../components/data-grid';
import { withTimeZones } from '../../../../testing/time-zones';
import { withViewportWidth } from '../../../../testing/viewport';
import { newestPurchasesFirst, PurchaseHistoryTable } from '../purchase-history-table';
import type { PurchaseRow } from '../purchase-standing';

// A 375 px phone: below the theme's md breakpoint, where the grid's columns do not fit.
withViewportWidth(375);
withTimeZones({ viewer: 'America/New_York', platform: 'UTC' });
afterEach(cleanup);

const purchase = (n: number, overrides: Partial<PurchaseRow> = {}): PurchaseRow => ({
  tradeId: String(1000 + n),
  accountId: `A${1040000 + n}`,
  accountName: `Investor ${n}`,
  offeringId: 'OF1',
  // The amounts run against the dates: the newest trade is the smallest.
  amount: `${(10 - n) * 100}.5`,
  shares: String(n),
  // One trade a day from Nov 1, so a higher n is newer.
  purchasedAt: `2026-11-${String(1 + (n % 28)).padStart(2, '0')}T15:00:00`,
  offeringTotalShares: null,
  targetAmount: null,
  remainingShares: null,
  unreadable: [],
  standing: 'settled',
  statusText: 'Settled: the units are in the account',
  ...overrides,
});

/** The table with its place kept, as the page keeps it in its address. */
function Kept({ rows }: { rows: PurchaseRow[] }) {
  const [place, setPlace] = useState<GridPlace>({ sort: null, page: null });
  return (
    <PurchaseHistoryTable
      rows={rows}
      place={place}
      onPlaceChange={(next) => setPlace((current) => ({ ...current, ...next }))}
    />
  );
}

const tradeIdsShown = async () => {
  const grid = await screen.findByRole('grid', { name: 'Trades' });
  return within(grid)
    .getAllByRole('row')
    .slice(1)
    .map((row) => /Trade ID (\d+)/.exec(row.textContent ?? '')?.[1]);
};

describe('an issuer reads an offering’s trades on a phone', () => {
  it('reads investor, amount, status, shares, date and trade id of each trade, newest first', async () => {
    render(
      <Kept
        rows={newestPurchasesFirst([
          purchase(1),
          purchase(3),
          purchase(2, {
            accountName: null,
            statusText: 'Created: waiting for payment and approval',
          }),
        ])}
      />,
    );
    const grid = await screen.findByRole('grid', { name: 'Trades' });
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(
        /^\u2068Investor 3\u2069 \(A1040003\)\$700\.50 · Settled: the units are in the account\s*Shares 3 · Nov 4, 2026, [^·]+ · Trade ID 1003$/,
      ),
      expect.stringMatching(
        /^\u2068Name not given\u2069 \(A1040002\)\$800\.50 · Created: waiting for payment/,
      ),
      expect.stringMatching(/^\u2068Investor 1\u2069 \(A1040001\)\$900\.50/),
    ]);
  });

  it('sorts the trades with a "Sort trades by" select, as the order book does', async () => {
    const user = userEvent.setup();
    render(<Kept rows={newestPurchasesFirst([purchase(1), purchase(3), purchase(2)])} />);
    expect(await tradeIdsShown()).toEqual(['1003', '1002', '1001']);
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Sort trades by' }),
      'Amount, descending',
    );
    expect(await tradeIdsShown()).toEqual(['1001', '1002', '1003']);
  });
});

describe('the order of the trades', () => {
  it('puts an undated trade last and, on the same date, the larger trade id first', () => {
    const sameDay = '2026-11-20T10:00:00';
    const order = newestPurchasesFirst([
      purchase(1, { tradeId: '9', purchasedAt: sameDay }),
      purchase(2, { tradeId: '77', purchasedAt: null }),
      purchase(3, { tradeId: '10', purchasedAt: sameDay }),
      purchase(4, { tradeId: '5', purchasedAt: '2026-11-21T09:00:00' }),
    ]).map((p) => p.tradeId);
    expect(order).toEqual(['5', '10', '9', '77']);
  });
});

describe('an issuer reads a trade of an investor whose name carries a right-to-left override', () => {
  it('reads the account id after the name as sent, the override dropped', async () => {
    // The name is the platform's free text (§2.5); left open, the override reversed the id after
    // it, "Kim Ortega (2439401A)" for A1049342.
    render(
      <Kept rows={[purchase(1, { accountId: 'A1049342', accountName: 'Kim Ortega\u202E' })]} />,
    );
    const grid = await screen.findByRole('grid', { name: 'Trades' });
    const [row] = within(grid).getAllByRole('row').slice(1);
    expect(row.textContent).toMatch(/^\u2068Kim Ortega\u2069 \(A1049342\)/);
    expect(row.textContent).not.toContain('\u202E');
  });
});

/*
 * The id column is headed as My investments heads its own, and as an investment's receipt names
 * it: "Trade ID", one name a person can quote to the other side.
 */
describe('an issuer reads an offering’s trades on a wide screen', () => {
  withViewportWidth(1280);

  it('reads the id column as Trade ID, as investors read theirs', async () => {
    render(<Kept rows={[purchase(1)]} />);
    const grid = await screen.findByRole('grid', { name: 'Trades' });
    expect(within(grid).getByRole('columnheader', { name: 'Trade ID' })).toBeTruthy();
    expect(within(grid).getByRole('gridcell', { name: '1001' })).toBeTruthy();
  });
});
