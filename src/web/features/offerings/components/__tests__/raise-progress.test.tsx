// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RaiseProgressBar, raiseProgress } from '../raise-progress';

afterEach(cleanup);

describe('raiseProgress', () => {
  it('computes sold shares, amount and percentage exactly', () => {
    expect(
      raiseProgress({ totalShares: '811252', remainingShares: '400000', unitPrice: '10.00' }),
    ).toEqual({
      soldShares: '411252',
      totalShares: '811252',
      soldAmount: '4112520',
      percent: 50.7,
      percentText: '50.7%',
    });
  });

  it('does not lose cents the way binary floats do', () => {
    const progress = raiseProgress({
      totalShares: '3',
      remainingShares: '2.9',
      unitPrice: '0.1',
    });
    expect(progress?.soldShares).toBe('0.1');
    expect(progress?.soldAmount).toBe('0.01');
  });

  it('never rounds an unfinished raise up to 100 %', () => {
    const progress = raiseProgress({ totalShares: '10000', remainingShares: '1', unitPrice: '1' });
    expect(progress?.percent).toBe(99.9);
    expect(progress?.percentText).toBe('more than 99.9%');
  });

  it('rounds half-up, and never reads as nothing sold once shares are sold', () => {
    // 412,738 of 811,252 is 50.877…%: 50.9%, not cut down to 50.8%.
    expect(
      raiseProgress({ totalShares: '811252', remainingShares: '398514', unitPrice: '10' })
        ?.percentText,
    ).toBe('50.9%');
    // 1,943 of 3,003,003 is 0.0647%: 0.1%, not "0%".
    expect(
      raiseProgress({ totalShares: '3003003', remainingShares: '3001060', unitPrice: '1' })
        ?.percentText,
    ).toBe('0.1%');
    // 100 of them is 0.0033%: sold, though less than a tenth of a percent.
    const few = raiseProgress({
      totalShares: '3003003',
      remainingShares: '3002903',
      unitPrice: '1',
    });
    expect(few?.percentText).toBe('less than 0.1%');
    expect(few?.percent).toBe(0.1);
    expect(
      raiseProgress({ totalShares: '100', remainingShares: '100', unitPrice: '1' })?.percentText,
    ).toBe('0%');
  });

  it('clamps impossible remaining counts and has no progress without shares', () => {
    expect(
      raiseProgress({ totalShares: '100', remainingShares: '150', unitPrice: '1' })?.percent,
    ).toBe(0);
    expect(
      raiseProgress({ totalShares: '100', remainingShares: '-5', unitPrice: '1' })?.percent,
    ).toBe(100);
    expect(raiseProgress({ totalShares: '0', remainingShares: '0', unitPrice: '1' })).toBeNull();
  });
});

describe('RaiseProgressBar', () => {
  it('exposes the value and a text label to assistive technology', () => {
    render(
      <RaiseProgressBar
        offering={{ name: 'Fund I', totalShares: '200', remainingShares: '150', unitPrice: '2' }}
        showAmount
      />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Raise progress of Fund I' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-valuetext')).toBe('25% sold, 50 of 200 shares');
    // Not "raised": that word means settled trades (the purchase history's "Amount raised"). And
    // what it is counted from: the platform's remaining shares, which the purchase history does
    // not use (it counts trades being reversed nowhere).
    expect(
      screen.getByText(
        '$100.00 sold or committed, paid or not. Counted from the shares the platform lists as remaining, so it may still include trades being reversed.',
      ),
    ).toBeTruthy();
  });
});
