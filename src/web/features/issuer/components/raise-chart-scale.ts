import type { RaisePoint } from '../../../../contract/purchase-summary';

/**
 * The raise as the chart plots it: each day at UTC midnight of its calendar date (dates carry no
 * zone), so the time axis spaces days by date and a quiet week looks like a week.
 * Plotting needs screen coordinates, hence numbers; the exact figures are in the table beside it.
 */
export function raiseChartData(points: readonly RaisePoint[]) {
  return {
    days: points.map((point) => new Date(`${point.date}T00:00:00Z`)),
    cumulative: points.map((point) => Number(point.cumulative)),
  };
}

/** The top of the value axis: a round step of 1, 2, 2.5 or 5 × 10^n at or above `top`. */
export function valueAxisTop(top: number): number {
  if (!(top > 0)) return 1;
  const rough = top / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? rough;
  return Math.ceil(top / step) * step;
}

const compactMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** Axis labels a person reads at a glance: $250K, $1.5M (the exact amounts are in the table). */
export const formatMoneyCompact = (value: number) => compactMoney.format(value);

const dayOfMonth = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A time-axis tick: the calendar day, read in UTC where the chart placed it. */
export const formatAxisDay = (day: Date) => dayOfMonth.format(day);
