import type { HoldingRow } from '../../contract/holdings';

/** A trade of the investor's holdings as the BFF lists it ($125 for 10 units of offering 42), with changes. */
export const holdingRow = (tradeId: string, fields: Partial<HoldingRow> = {}): HoldingRow => ({
  tradeId,
  accountId: 'A1040000',
  offeringId: '42',
  offeringName: 'Acme Growth Shares',
  units: '10',
  amount: '125',
  status: 'created',
  statusText: 'Created',
  createdAt: '2026-11-25T06:41:00',
  paymentMethod: 'ach',
  archived: false,
  ...fields,
});
