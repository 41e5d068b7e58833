import { describe, expect, it } from 'vitest';
import { axisDays, formatMoneyCompact, raiseChartData, valueAxisTop } from '../raise-chart-scale';

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

  it('read a time axis whose marks are evenly spaced and all labelled, however wide the chart', () => {
    const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
    const iso = (dates: Date[]) => dates.map((d) => d.toISOString().slice(0, 10));
    const first = day('2026-07-30');
    const last = day('2026-11-27');
    // A wide screen: weekly labels would not fit (about 50 px each), every other Monday does.
    const wide = axisDays(first, last, 860);
    expect(iso(wide).slice(0, 3)).toEqual(['2026-08-03', '2026-08-17', '2026-08-31']);
    const gaps = wide.slice(1).map((d, i) => (d.getTime() - wide[i].getTime()) / 86_400_000);
    expect(new Set(gaps)).toEqual(new Set([14]));
    // A phone: the 1st of each month.
    expect(iso(axisDays(first, last, 214))).toEqual([
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
    ]);
    // Narrower still: quarters fall in January, April, July and October, across a year's end.
    expect(iso(axisDays(day('2026-05-10'), day('2027-08-01'), 260))).toEqual([
      '2026-07-01',
      '2026-10-01',
      '2027-01-01',
      '2027-04-01',
      '2027-07-01',
    ]);
    // A short raise on a wide screen: every day.
    expect(iso(axisDays(day('2026-03-02'), day('2026-03-05'), 860))).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
    ]);
    // One day of trading, or no width yet: the one day.
    expect(iso(axisDays(first, first, 860))).toEqual(['2026-07-30']);
    expect(iso(axisDays(first, last, 0))).toEqual(['2026-07-30']);
  });
});
