import { useCallback, useId, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { LineChart, lineClasses } from '@mui/x-charts/LineChart';
import Big from 'big.js';
import type { RaisePoint } from '../../../../contract/purchase-summary';
import { ScrollableTable } from '../../../components/scrollable-table';
import { countOf, formatCalendarDate, formatMoney } from '../../../lib/format';
import {
  axisDays,
  formatAxisDay,
  formatMoneyCompact,
  raiseChartData,
  valueAxisTop,
} from './raise-chart-scale';
import { ColumnHeadings } from '../../../components/column-headings';

/** Axis and label text at a size people read without zooming. */
const LABEL = { fontSize: 14 };
/** The value axis's width and the margin right of the plot: the rest of the width is days. */
const Y_AXIS_WIDTH = 72;
const RIGHT_MARGIN = 24;

/**
 * The width of the element the ref is put on, kept current as the window changes. The chart
 * sizes itself to the same box; the axis needs the width to choose marks whose labels fit.
 */
function useWidth(): [(node: HTMLElement | null) => void, number] {
  const [width, setWidth] = useState(0);
  const ref = useCallback((node: HTMLElement | null) => {
    if (!node || typeof ResizeObserver === 'undefined') return;
    setWidth(node.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/**
 * The raise over time against the target, drawn by MUI X Charts and loaded lazily with this
 * module (the charts library stays out of every other page). The picture is one named image for
 * screen readers, described by the sentence under it; the figures behind it are in a table that
 * opens below, for anyone who wants the exact amounts.
 */
export default function RaiseChart({
  points,
  targetAmount,
  meaning = 'settled',
  timeZone,
}: {
  points: RaisePoint[];
  targetAmount: string | null;
  /**
   * What the points add up: `settled` trades (the page's "Amount raised"), or every trade
   * `bought`, paid or not, when no status could be read.
   */
  meaning?: 'settled' | 'bought';
  /** The zone the days are dated in (the trades list's, the viewer's); named on the chart. */
  timeZone: string;
}) {
  const theme = useTheme();
  const captionId = useId();
  const data = useMemo(() => raiseChartData(points), [points]);
  const [measure, width] = useWidth();
  const ticks = useMemo(
    () =>
      data.days.length > 0
        ? axisDays(
            data.days[0],
            data.days[data.days.length - 1],
            width - Y_AXIS_WIDTH - RIGHT_MARGIN,
          )
        : [],
    [data.days, width],
  );
  if (points.length === 0) {
    return (
      <Typography color="textSecondary">
        {meaning === 'settled'
          ? 'No trade is settled yet, so there is nothing to chart.'
          : 'No trades yet, so there is nothing to chart.'}
      </Typography>
    );
  }
  const last = points[points.length - 1];
  const target = targetAmount && new Big(targetAmount).gt(0) ? targetAmount : null;
  const top = valueAxisTop(Math.max(Number(last.cumulative), target ? Number(target) : 0));
  const share = target ? new Big(last.cumulative).div(target).times(100).round(1).toFixed(1) : null;
  const summary =
    `From ${formatCalendarDate(points[0].date)} to ${formatCalendarDate(last.date)}, ` +
    `${formatMoney(last.cumulative)} ${meaning === 'settled' ? 'was raised in settled trades' : 'was bought, paid or not,'} over ${countOf(points.length, 'day', 'days')} of trading` +
    (target ? `, ${share}% of the ${formatMoney(target)} target.` : '.') +
    ` Days are in your time zone (${timeZone}), as the trades are listed below.`;

  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box
        role="img"
        aria-label="Amount raised over time against the target"
        aria-describedby={captionId}
        ref={measure}
      >
        <LineChart
          height={300}
          hideLegend
          // Its keyboard navigation adds a tab stop with no name inside a picture that has one;
          // the day-by-day figures are in the table below the chart, reached by keyboard.
          disableKeyboardNavigation
          margin={{ top: 24, right: RIGHT_MARGIN }}
          xAxis={[
            {
              data: data.days,
              scaleType: 'utc',
              label: `Day (${timeZone})`,
              labelStyle: LABEL,
              tickLabelStyle: LABEL,
              // Until the box is measured, the library's own marks.
              ...(width > 0 ? { tickInterval: ticks } : { tickMinStep: 86_400_000 }),
              valueFormatter: (day: Date, context) =>
                context.location === 'tick'
                  ? formatAxisDay(day)
                  : formatCalendarDate(day.toISOString().slice(0, 10)),
            },
          ]}
          yAxis={[
            {
              min: 0,
              max: top,
              width: Y_AXIS_WIDTH,
              tickLabelStyle: LABEL,
              valueFormatter: (value: number) => formatMoneyCompact(value),
            },
          ]}
          series={[
            {
              data: data.cumulative,
              label: 'Raised to date',
              area: true,
              showMark: false,
              color: theme.palette.primary.main,
              // The tooltip shows the exact decimal, not the float the line is drawn with.
              valueFormatter: (_value, { dataIndex }) => formatMoney(points[dataIndex].cumulative),
            },
          ]}
          sx={{
            [`& .${lineClasses.area}`]: { fillOpacity: 0.15 },
            [`& .${lineClasses.line}`]: { strokeWidth: 2.5 },
          }}
        >
          {target && (
            <ChartsReferenceLine
              y={Number(target)}
              label={`Target ${formatMoneyCompact(Number(target))}`}
              labelAlign="end"
              labelStyle={LABEL}
              lineStyle={{ strokeDasharray: '6 4' }}
            />
          )}
        </LineChart>
      </Box>
      <Typography
        id={captionId}
        component="figcaption"
        variant="body2"
        color="textSecondary"
        sx={{ mt: 1 }}
      >
        {summary}
      </Typography>
      <Box component="details" sx={{ mt: 1 }}>
        <Box component="summary" sx={{ cursor: 'pointer', py: 0.5 }}>
          The figures behind the chart
        </Box>
        <ScrollableTable label="Amount raised by day" sx={{ mt: 1, maxHeight: 320 }}>
          <ColumnHeadings
            columns={[
              `Day (${timeZone})`,
              { figures: meaning === 'settled' ? 'Settled that day' : 'Bought that day' },
              { figures: meaning === 'settled' ? 'Settled to date' : 'Bought to date' },
            ]}
          />
          <TableBody>
            {points.map((point) => (
              <TableRow key={point.date}>
                <TableCell component="th" scope="row">
                  {formatCalendarDate(point.date)}
                </TableCell>
                <TableCell align="right">{formatMoney(point.amount)}</TableCell>
                <TableCell align="right">{formatMoney(point.cumulative)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollableTable>
      </Box>
    </Box>
  );
}
