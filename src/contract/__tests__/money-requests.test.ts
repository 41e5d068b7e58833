import { describe, expect, it } from 'vitest';
import {
  moneyRequestOutcomeWords,
  moneyRequestQuerySchema,
  waitingOutcomes,
} from '../money-requests';

describe('which register outcomes leave a request standing (an IRA request is made once, §4.7)', () => {
  it('being sent, accepted and unknown stand: a second request would duplicate it', () => {
    expect(waitingOutcomes).toEqual(expect.arrayContaining(['pending', 'created', 'unknown']));
  });

  it('refused and not sent left nothing behind: a new request may be made', () => {
    expect(waitingOutcomes).not.toContain('refused');
    expect(waitingOutcomes).not.toContain('not_sent');
  });

  it('every other outcome the register knows stands, a new one included', () => {
    const others = Object.keys(moneyRequestOutcomeWords).filter(
      (outcome) => outcome !== 'refused' && outcome !== 'not_sent',
    );
    expect([...waitingOutcomes].sort()).toEqual(others.sort());
  });
});

describe("the register's Account filter", () => {
  const accountOf = (accountId: string) => moneyRequestQuerySchema.safeParse({ accountId });

  it('takes an account id typed in lower case as the platform writes it (a capital letter and digits)', () => {
    expect(accountOf('a1040000').data?.accountId).toBe('A1040000');
    expect(accountOf(' A1040173 ').data?.accountId).toBe('A1040173');
    // An id of another form is compared as typed.
    expect(accountOf('acct-7').data?.accountId).toBe('acct-7');
  });

  it('refuses what is no account id, naming the field as the page labels it', () => {
    const refused = accountOf('A104 0000');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['accountId'],
      message:
        'Account must be an account id: 1 to 40 letters, digits, hyphens or underscores, such as A1040000',
    });
  });
});
