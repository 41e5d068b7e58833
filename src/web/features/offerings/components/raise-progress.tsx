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
  /** Sold shares at the unit price, exact. */
  raisedAmount: string;
  /** 0..100, rounded to one decimal, for the progress bar. */
  percent: number;
};

/**
 * How much of the offering is sold: (totalShares − remainingShares) / totalShares, in exact
 * decimals. Null when the offering has no shares to sell.
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
  const percent = Number(sold.div(total).times(100).round(1, Big.roundDown).toString());
  return {
    soldShares: sold.toString(),
    totalShares: total.toString(),
    raisedAmount: sold.times(offering.unitPrice).toString(),
    percent,
  };
}

type RaiseProgressBarProps = {
  offering: Pick<Offering, 'name' | 'totalShares' | 'remainingShares' | 'unitPrice'>;
  showAmount?: boolean;
};

export function RaiseProgressBar({ offering, showAmount = false }: RaiseProgressBarProps) {
  const progress = raiseProgress(offering);
  if (!progress) {
    return <Typography variant="body2">No shares on offer</Typography>;
  }
  const label = `${formatPercent(progress.percent / 100)} sold`;
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
        <Typography component="span" variant="body2" color="text.secondary">
          {' · '}
          {detail}
        </Typography>
      </Typography>
      {showAmount && (
        <Typography variant="body2" color="text.secondary">
          {formatMoney(progress.raisedAmount)} raised
        </Typography>
      )}
    </Box>
  );
}
