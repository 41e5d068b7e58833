import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { countOf, formatCount } from '../../../lib/format';
import type { OrderBookProgress as Progress } from '../api/get-order-book';

/** "4,500 of 12,000 orders", or "4,500 orders so far" while the day's total is not known yet. */
function progressText({ loaded, total }: Progress): string {
  if (loaded === 0) return 'Asking for the first orders…';
  if (total === null) return `${countOf(loaded, 'order', 'orders')} so far`;
  return `${formatCount(loaded)} of ${countOf(total, 'order', 'orders')}`;
}

/** How far the day's reading got, as the progress line and the page's status say it. */
const loadingInWords = (progress: Progress) => `Loading the order book: ${progressText(progress)}`;

export function OrderBookProgress({ progress }: { progress: Progress }) {
  const determinate = progress.total !== null && progress.total > 0;
  return (
    // One line and the bar: the same height as the count and the blank bar that stand in their
    // place once the book is whole (order-book-view.tsx), so the grid below stays put. Not a live
    // region: the page's one status (order-book.tsx), out of this busy box, says once that the day
    // is being read; these steps are for the eye.
    <Box aria-busy="true" sx={{ mb: 1 }}>
      <Typography variant="body2" color="textSecondary">
        {loadingInWords(progress)}
      </Typography>
      <LinearProgress
        aria-label="Loading the order book"
        variant={determinate ? 'determinate' : 'indeterminate'}
        value={determinate ? (100 * progress.loaded) / progress.total! : undefined}
      />
    </Box>
  );
}
