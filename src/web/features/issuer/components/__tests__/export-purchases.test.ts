import { describe, expect, it } from 'vitest';
import type { PurchaseRow } from '../purchase-standing';
import { withTimeZones } from '../../../../testing/time-zones';
import { purchasesCsv, purchasesFileName } from '../export-purchases';

const purchase = (overrides: Partial<PurchaseRow> = {}): PurchaseRow => ({
  tradeId: '302952',
  accountId: 'A1040173',
  accountName: 'Avery Quinn',
  offeringId: '5201',
  amount: '500',
  shares: '50',
  purchasedAt: '2026-11-28T15:06:33',
  offeringTotalShares: null,
  targetAmount: null,
  remainingShares: null,
  unreadable: [],
  standing: 'waiting',
  statusText: 'Created: waiting for payment and approval',
  ...overrides,
});

describe('the purchase-history CSV an issuer downloads', () => {
  it('carries each trade’s status in the page’s words', () => {
    const rows = purchasesCsv([
      purchase({
        tradeId: '1',
        standing: 'settled',
        statusText: 'Settled: the units are in the account',
      }),
      purchase({ tradeId: '2', standing: 'unknown', statusText: 'Status not known' }),
    ])
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split(',')[5]);
    expect(rows).toEqual(['Settled: the units are in the account', 'Status not known']);
  });

  it('writes amounts in US dollars with cents at least, as the other exports do', () => {
    const amounts = purchasesCsv([
      purchase({ amount: '2270' }),
      purchase({ amount: '50.5' }),
      purchase({ amount: '10.125' }),
    ])
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(',')[3]);
    expect(amounts).toEqual(['amount_usd', '2270.00', '50.50', '10.125']);
  });

  it('writes a row for each trade the platform sent that could not be read, so no sheet is short unsaid', () => {
    const lines = purchasesCsv([purchase()], 2).trim().split(/\r?\n/);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^302952,/);
    for (const line of lines.slice(2)) {
      expect(line).toMatch(
        /^,,,,,,,"The platform sent a trade of this offering in a form the portal could not read: none of its details are shown, it is in none of the figures, and it may or may not match the filters\."$/,
      );
    }
    // None when every trade was read.
    expect(purchasesCsv([purchase()]).trim().split(/\r?\n/)).toHaveLength(2);
  });

  it('never leaves an amount it could not read as a bare empty cell: the row says why', () => {
    const [header, row] = purchasesCsv([purchase({ amount: null, unreadable: ['amount'] })])
      .trim()
      .split(/\r?\n/);
    expect(header!.split(',').at(-1)).toBe('not_read');
    expect(row).toMatch(/^302952,A1040173,Avery Quinn,,50,/);
    expect(row).toMatch(
      /,"its amount could not be read, so its amount is in neither Amount raised nor Committed\. The rest of it is counted\."$/,
    );
  });

  describe('with the platform on UTC', () => {
    withTimeZones({ viewer: 'America/Los_Angeles', platform: 'UTC' });

    it('writes each purchase time as an instant with its Z, under a header naming UTC', () => {
      const [header, row] = purchasesCsv([purchase()]).trim().split(/\r?\n/);
      expect(header).toBe(
        'trade_id,account_id,account_name,amount_usd,shares,status,purchased_at_utc,not_read',
      );
      expect(row).toBe(
        '302952,A1040173,Avery Quinn,500.00,50,Created: waiting for payment and approval,2026-11-28T15:06:33.000Z,',
      );
    });

    it('leaves the cell empty for a trade with no date', () => {
      const [, row] = purchasesCsv([purchase({ purchasedAt: null })])
        .trim()
        .split(/\r?\n/);
      expect(row).toMatch(/,50,Created: waiting for payment and approval,,$/);
    });
  });

  describe('with the platform on US Eastern', () => {
    withTimeZones({ viewer: 'UTC', platform: 'America/New_York' });

    it('reads the zone-less platform time in the platform’s zone before writing it in UTC', () => {
      const [, row] = purchasesCsv([purchase()]).trim().split(/\r?\n/);
      expect(row).toMatch(/,2026-11-28T20:06:33\.000Z,$/);
    });
  });
});

describe('the name of the purchase-history file', () => {
  it('is the offering’s alone for its whole history', () => {
    expect(purchasesFileName('5201')).toBe('purchase-history-5201.csv');
  });

  it('names the status of a filtered export, and that it was searched, never the words searched for (a buyer’s name)', () => {
    expect(purchasesFileName('5201', { status: 'void', search: '' })).toBe(
      'purchase-history-5201-cancelled.csv',
    );
    expect(purchasesFileName('5201', { status: null, search: '  Quinn / A104 ' })).toBe(
      'purchase-history-5201-searched.csv',
    );
    expect(purchasesFileName('5201', { status: 'waiting', search: 'Zoë' })).toBe(
      'purchase-history-5201-waiting-for-payment-or-approval-searched.csv',
    );
  });
});
