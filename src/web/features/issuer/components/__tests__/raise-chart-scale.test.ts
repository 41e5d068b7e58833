import { describe, expect, it } from 'vitest';
import { timePositions, valueTicks } from '../raise-chart-scale';

describe('issuer staff read the raise chart', () => {
  it('see days spaced by date, so a quiet week looks like a week', () => {
    expect(timePositions(['2026-03-01', '2026-03-02', '2026-03-11'])).toEqual([0, 0.1, 1]);
    expect(timePositions(['2026-03-01'])).toEqual([0.5]);
  });

  it('read amounts off a value axis with round steps up to the top', () => {
    expect(valueTicks(1_000_000)).toEqual([0, 250_000, 500_000, 750_000, 1_000_000]);
    expect(valueTicks(779_050)).toEqual([0, 200_000, 400_000, 600_000, 800_000]);
    expect(valueTicks(0)).toEqual([0, 1]);
  });
});
