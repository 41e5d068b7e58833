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
      raisedAmount: '4112520',
      percent: 50.6,
    });
  });

  it('does not lose cents the way binary floats do', () => {
    const progress = raiseProgress({
      totalShares: '3',
      remainingShares: '2.9',
      unitPrice: '0.1',
    });
    expect(progress?.soldShares).toBe('0.1');
    expect(progress?.raisedAmount).toBe('0.01');
  });

  it('never rounds an unfinished raise up to 100 %', () => {
    expect(
      raiseProgress({ totalShares: '10000', remainingShares: '1', unitPrice: '1' })?.percent,
    ).toBe(99.9);
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
    expect(screen.getByText('$100.00 raised')).toBeTruthy();
  });
});
