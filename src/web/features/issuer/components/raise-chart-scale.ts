/** Where each day falls on the time axis, 0..1: by date, so a gap of a week looks like one. */
export function timePositions(dates: readonly string[]): number[] {
  const days = dates.map((date) => Date.parse(`${date}T00:00:00Z`) / 86_400_000);
  const first = days[0];
  const span = days[days.length - 1] - first;
  return days.map((day) => (span === 0 ? 0.5 : (day - first) / span));
}

/** Round values for the value axis from 0 to at least `top`: 0 and about four steps of 1, 2, 2.5 or 5 × 10^n. */
export function valueTicks(top: number): number[] {
  if (!(top > 0)) return [0, 1];
  const rough = top / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? rough;
  return Array.from({ length: Math.ceil(top / step) + 1 }, (_, i) => i * step);
}
