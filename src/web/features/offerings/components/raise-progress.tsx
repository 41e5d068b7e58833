import Big from 'big.js';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Offering } from '../../../../contract/offerings';
import { formatDecimal, formatMoney, formatPercent } from '../../../lib/format';

export type RaiseProgress = {
  /** Shares sold so far, exact. */
  soldShares: string;
  totalShares: string;
  /**
   * Sold shares at the unit price, exact: every trade that took shares, paid or not. Not "raised",
   * which across the portal means settled trades only (the purchase history's "Amount raised",
   * tradeStanding); this is its "raised and committed".
   */
  soldAmount: string;
  /** 0..100, one decimal, for the progress bar: never 0 once a share is sold, never 100 before all are. */
  percent: number;
  /** The share sold in words: "50.9%", or "less than 0.1%" / "more than 99.9%" at the edges. */
  percentText: string;
};

/**
 * How much of the offering is sold: (totalShares − remainingShares) / totalShares, in exact
 * decimals, rounded half-up to one decimal. A rounding that would read as nothing sold (or all
 * of it) while that is not so is told as "less than 0.1%" (or "more than 99.9%").
 */
export function raiseProgress(
  offering: Pick<Offering, 'totalShares' | 'remainingShares' | 'unitPrice'>,
): RaiseProgress | null {
  const total = new Big(offering.totalShares);
  if (total.lte(0)) return null;
  let sold = total.minus(offering.remainingShares);
  // The upstream has been seen to report more remaining than total; never show negative sales.
  if (sold.lt(0)) sold = new Big(0);
  if (sold.gt(total)) sold = total;
  const rounded = sold.div(total).times(100).round(1, Big.roundHalfUp);
  let percent = Number(rounded.toString());
  let percentText = formatPercent(percent / 100);
  if (sold.gt(0) && rounded.eq(0)) {
    percent = 0.1;
    percentText = `less than ${formatPercent(0.001)}`;
  } else if (sold.lt(total) && rounded.eq(100)) {
    percent = 99.9;
    percentText = `more than ${formatPercent(0.999)}`;
  }
  return {
    soldShares: sold.toString(),
    totalShares: total.toString(),
    soldAmount: sold.times(offering.unitPrice).toString(),
    percent,
    percentText,
  };
}

/**
 * What the sold figure is counted from, said beside it. The platform's remaining shares (§2.2) are
 * all the offering page has; whether a trade being reversed (UNWIND PENDING, real-world notes
 * §4.3) has given its shares back yet, no document says, so the figure may still hold it, while
 * the purchase history counts such a trade nowhere (holdings.ts tradeStanding).
 */
const SOLD_BASIS =
  'Counted from the shares the platform lists as remaining, so it may still include trades being reversed.';

type RaiseProgressBarProps = {
  offering: Pick<Offering, 'name' | 'totalShares' | 'remainingShares' | 'unitPrice'>;
  showAmount?: boolean;
};

export function RaiseProgressBar({ offering, showAmount = false }: RaiseProgressBarProps) {
  const progress = raiseProgress(offering);
  if (!progress) {
    return <Typography variant="body2">No shares on offer</Typography>;
  }
  const label = `${progress.percentText} sold`;
  const detail = `${formatDecimal(progress.soldShares)} of ${formatDecimal(progress.totalShares)} shares`;
  return (
    <Box sx={{ minWidth: 140 }}>
      <LinearProgress
        variant="determinate"
        value={progress.percent}
        aria-label={`Raise progress of ${offering.name}`}
        aria-valuetext={`${label}, ${detail}`}
        sx={{ height: 8, borderRadius: 4, mb: 0.5 }}
      />
      <Typography variant="body2">
        {label}
        <Typography component="span" variant="body2" color="textSecondary">
          {' · '}
          {detail}
        </Typography>
      </Typography>
      {showAmount && (
        <Typography variant="body2" color="textSecondary">
          {formatMoney(progress.soldAmount)} sold or committed, paid or not. {SOLD_BASIS}
        </Typography>
      )}
    </Box>
  );
}
