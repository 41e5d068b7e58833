import { describe, expect, it } from 'vitest';
import { formatMoneyCompact, raiseChartData, valueAxisTop } from '../raise-chart-scale';

describe('issuer staff read the raise chart', () => {
  it('see days placed by their date, so a quiet week looks like a week', () => {
    const { days, cumulative } = raiseChartData([
      { date: '2026-03-01', amount: '100', cumulative: '100' },
      { date: '2026-03-02', amount: '50.5', cumulative: '150.5' },
      { date: '2026-03-11', amount: '1000', cumulative: '1150.5' },
    ]);
    const gaps = days.slice(1).map((day, i) => (day.getTime() - days[i].getTime()) / 86_400_000);
    expect(gaps).toEqual([1, 9]);
    expect(days[0].toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(cumulative).toEqual([100, 150.5, 1150.5]);
  });

  it('read amounts off a value axis that ends on a round step at or above the top', () => {
    expect(valueAxisTop(1_000_000)).toBe(1_000_000);
    expect(valueAxisTop(779_050)).toBe(800_000);
    expect(valueAxisTop(8_112_520)).toBe(10_000_000);
    expect(valueAxisTop(0)).toBe(1);
  });

  it('read money on the axis the way people say it', () => {
    expect(formatMoneyCompact(250_000)).toBe('$250K');
    expect(formatMoneyCompact(1_500_000)).toBe('$1.5M');
    expect(formatMoneyCompact(0)).toBe('$0');
  });
});
