// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../testing/render';
import RaiseChart from '../raise-chart';

afterEach(cleanup);

const points = [
  { date: '2026-11-02', amount: '1000', cumulative: '1000' },
  { date: '2026-11-03', amount: '2500', cumulative: '3500' },
];

describe('issuer staff tab through the raise chart', () => {
  it('meet no stop without a name: the chart is one picture, its figures are in the table below', async () => {
    renderWithProviders(
      <RaiseChart points={points} targetAmount="10000" timeZone="America/New_York" />,
    );
    const chart = await screen.findByRole('img', {
      name: 'Amount raised over time against the target',
    });
    expect(chart.querySelector('svg')).not.toBeNull();
    const stops = [...chart.querySelectorAll<HTMLElement>('[tabindex]')].filter(
      (element) => element.tabIndex >= 0,
    );
    expect(stops).toEqual([]);
  });
});

describe('the raise chart in words', () => {
  it('counts a single day of trading in the singular', async () => {
    renderWithProviders(
      <RaiseChart points={points.slice(0, 1)} targetAmount="10000" timeZone="America/New_York" />,
    );
    expect(
      await screen.findByText(/was raised in settled trades over 1 day of trading, /),
    ).toBeTruthy();
  });
});
