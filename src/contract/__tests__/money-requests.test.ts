import { describe, expect, it } from 'vitest';
import { moneyRequestOutcomeWords, waitingOutcomes } from '../money-requests';

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
