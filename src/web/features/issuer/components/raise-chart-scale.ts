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

const DAY = 86_400_000;

/**
 * The steps the time axis may take, shortest first, each with the widest label it writes at the
 * chart's 14 px ("Aug 16" for days and weeks, "Aug 1" for months, as the 1st is where they fall)
 * and a gap between labels.
 */
const axisSteps = [
  { days: 1, label: 56 },
  { days: 2, label: 56 },
  { days: 7, label: 56 },
  { days: 14, label: 56 },
  { months: 1, label: 48 },
  { months: 2, label: 48 },
  { months: 3, label: 48 },
  { months: 6, label: 48 },
  { months: 12, label: 48 },
] as const;

/**
 * The days the time axis marks, `width` px wide from `first` to `last`: the shortest step whose
 * labels all fit side by side. Left to the charts library, a 4-month raise on a wide screen got a
 * tick every week with labels too wide for them, and the library dropped the ones that collided,
 * so "Aug 23" and "Sep 20" went missing and the labels stood at uneven gaps. Weeks start on
 * Mondays (trading weeks), months on the 1st; every mark is a UTC midnight, as the days are.
 */
export function axisDays(first: Date, last: Date, width: number): Date[] {
  const span = last.getTime() - first.getTime();
  if (!(span > 0) || !(width > 0)) return [first];
  const step =
    axisSteps.find((s) => {
      const stepDays = 'days' in s ? s.days : s.months * 28;
      return (width * stepDays * DAY) / span >= s.label;
    }) ?? axisSteps[axisSteps.length - 1];
  const marks: Date[] = [];
  if ('days' in step) {
    const start = new Date(first);
    if (step.days >= 7) {
      // The first Monday on or after the first day (getUTCDay: Sunday 0, Monday 1).
      start.setUTCDate(start.getUTCDate() + ((8 - start.getUTCDay()) % 7));
    }
    for (let t = start.getTime(); t <= last.getTime(); t += step.days * DAY)
      marks.push(new Date(t));
  } else {
    // The first 1st of a month on or after the first day, in a month the step lands on
    // (January, April, July and October for quarters).
    let year = first.getUTCFullYear();
    let month = first.getUTCMonth() + (first.getUTCDate() === 1 ? 0 : 1);
    month = Math.ceil(month / step.months) * step.months;
    for (;;) {
      const mark = new Date(Date.UTC(year, month, 1));
      if (mark.getTime() > last.getTime()) break;
      marks.push(mark);
      month += step.months;
      if (month >= 12) {
        year += Math.floor(month / 12);
        month %= 12;
      }
    }
  }
  return marks.length > 0 ? marks : [first];
}
