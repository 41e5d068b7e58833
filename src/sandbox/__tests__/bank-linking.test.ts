import { describe, expect, it } from 'vitest';
import { bankFor } from '../domain/bank-linking';

/*
 * The bank the sandbox links to an account (§2.9's AccountRoutingNumber and account number) is
 * what the portal's pages show masked to their last four digits: it should read like a real one.
 */
/** The ABA rule, written here again: the sandbox imports nothing of the portal's. */
const abaChecksumHolds = (routing: string) =>
  /^\d{9}$/.test(routing) &&
  [...routing].reduce((sum, digit, i) => sum + Number(digit) * [3, 7, 1][i % 3], 0) % 10 === 0;

describe('the bank the sandbox links', () => {
  const ids = Array.from({ length: 200 }, (_, i) => `A${1000 + i}`);

  it('has a routing number that passes the ABA checksum, as every real one does', () => {
    for (const id of ids) expect(abaChecksumHolds(bankFor(id).routingNumber), id).toBe(true);
    // The rule itself refuses a number one digit off.
    expect(abaChecksumHolds('107011634')).toBe(false);
  });

  it('does not end its routing and account numbers in the same four digits', () => {
    const same = ids.filter((id) => {
      const { routingNumber, accountNumber } = bankFor(id);
      return routingNumber.slice(-4) === accountNumber.slice(-4);
    });
    // Two hashes of their own may still meet now and then; not for most accounts, as before.
    expect(same.length).toBeLessThanOrEqual(1);
  });

  it('is the same bank for the same account (a reset links the same one)', () => {
    expect(bankFor('A1001')).toEqual(bankFor('A1001'));
  });
});
