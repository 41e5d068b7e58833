import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import Big from 'big.js';
import type { RaisePoint } from '../../../../contract/purchase-summary';
import { formatCalendarDate, formatMoney } from '../../../lib/format';
import { timePositions, valueTicks } from './raise-chart-scale';

const WIDTH = 640;
const HEIGHT = 260;
const PAD = { top: 20, right: 16, bottom: 40, left: 96 };
const FONT = 16;

/**
 * The raise over time against the target: a hand-made SVG (no chart library), loaded lazily.
 * Screen readers get the figure's title and a sentence that says what the picture shows; the
 * numbers behind it are in the trades table.
 */
export default function RaiseChart({
  points,
  targetAmount,
}: {
  points: RaisePoint[];
  targetAmount: string | null;
}) {
  const theme = useTheme();
  const titleId = useId();
  const descId = useId();
  if (points.length === 0) {
    return (
      <Typography color="text.secondary">No trades yet, so there is nothing to chart.</Typography>
    );
  }
  const last = points[points.length - 1];
  // Plotting needs screen coordinates; the exact figures are shown in text beside the picture.
  const ticks = valueTicks(
    Math.max(Number(last.cumulative), targetAmount ? Number(targetAmount) : 0),
  );
  const top = ticks[ticks.length - 1] || 1;
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  // The time axis is a time axis: days are placed by their date, not by their rank.
  const positions = timePositions(points.map((p) => p.date));
  const x = (i: number) => PAD.left + positions[i] * innerW;
  const y = (value: string | number) => PAD.top + innerH - (Number(value) / top) * innerH;
  const compact = new Intl.NumberFormat(undefined, {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  const path = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.cumulative).toFixed(1)}`)
    .join(' ');
  const area = `${path} L${x(points.length - 1).toFixed(1)},${PAD.top + innerH} L${x(0).toFixed(1)},${PAD.top + innerH} Z`;
  const share =
    targetAmount && new Big(targetAmount).gt(0)
      ? new Big(last.cumulative).div(targetAmount).times(100).round(1).toFixed(1)
      : null;
  const summary =
    `From ${formatCalendarDate(points[0].date)} to ${formatCalendarDate(last.date)}, ` +
    `${formatMoney(last.cumulative)} was raised over ${points.length} days of trading` +
    (targetAmount ? `, ${share}% of the ${formatMoney(targetAmount)} target.` : '.');

  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box
        component="svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        sx={{ width: '100%', height: 'auto', display: 'block' }}
      >
        <title id={titleId}>Amount raised over time against the target</title>
        <desc id={descId}>{summary}</desc>
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + innerH}
          y2={PAD.top + innerH}
          stroke={theme.palette.divider}
        />
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke={theme.palette.divider}
              strokeOpacity={0.6}
            />
            <text
              x={PAD.left - 8}
              y={y(tick) + FONT / 3}
              textAnchor="end"
              fontSize={FONT}
              fill={theme.palette.text.secondary}
            >
              {compact.format(tick)}
            </text>
          </g>
        ))}
        <path d={area} fill={theme.palette.primary.main} fillOpacity={0.12} />
        <path d={path} fill="none" stroke={theme.palette.primary.main} strokeWidth={2.5} />
        {targetAmount && (
          <g>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(targetAmount)}
              y2={y(targetAmount)}
              stroke={theme.palette.text.primary}
              strokeDasharray="6 4"
              strokeWidth={1.5}
            />
            <text
              x={WIDTH - PAD.right}
              y={y(targetAmount) - 6}
              textAnchor="end"
              fontSize={FONT}
              fill={theme.palette.text.primary}
            >
              Target {formatMoney(targetAmount)}
            </text>
          </g>
        )}
        <text x={PAD.left} y={HEIGHT - 10} fontSize={FONT} fill={theme.palette.text.secondary}>
          {formatCalendarDate(points[0].date)}
        </text>
        <text
          x={WIDTH - PAD.right}
          y={HEIGHT - 10}
          textAnchor="end"
          fontSize={FONT}
          fill={theme.palette.text.secondary}
        >
          {formatCalendarDate(last.date)}
        </text>
      </Box>
      <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {summary}
      </Typography>
    </Box>
  );
}
