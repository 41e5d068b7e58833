import { describe, expect, it } from 'vitest';
import { paymentStepOf } from '../holdings';

const trade = (fields: Partial<Parameters<typeof paymentStepOf>[0]> = {}) => ({
  tradeId: '302952',
  status: 'created',
  paymentMethod: 'wire',
  amount: '110',
  ...fields,
});

describe('how to pay a trade that waits for payment', () => {
  it('by wire or check: the amount, where the instructions come from, and the trade ID to quote', () => {
    expect(paymentStepOf(trade())).toBe(
      'Send the wire for $110.00 by the instructions the issuer or the platform sends you, with trade ID 302952 in its reference (memo) field.',
    );
    expect(paymentStepOf(trade({ status: 'pending', paymentMethod: 'check' }))).toBe(
      'Send the check for $110.00 by the instructions the issuer or the platform sends you, with trade ID 302952 on its memo line.',
    );
  });

  it('by ACH: drawn from the linked bank, where the money is to be kept', () => {
    expect(paymentStepOf(trade({ paymentMethod: 'ach', amount: '1250.5' }))).toBe(
      "Paid by ACH from the bank account linked to this account: keep $1,250.50 available there. If no bank is linked yet, link one on the account's Money and timeline page, or the payment cannot be drawn.",
    );
  });

  it('an amount that could not be read is named as such', () => {
    expect(paymentStepOf(trade({ amount: null }))).toMatch(/^Send the wire for the amount by/);
  });

  it('none once paid or ended, or for a method the portal cannot describe', () => {
    for (const status of ['funded', 'settled', 'canceled', 'unwind_pending', null]) {
      expect(paymentStepOf(trade({ status }))).toBeNull();
    }
    expect(paymentStepOf(trade({ paymentMethod: 'creditcard' }))).toBeNull();
    expect(paymentStepOf(trade({ paymentMethod: null }))).toBeNull();
  });
});
