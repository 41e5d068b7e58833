import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { OrderBook } from '../../../../contract/order-book';
import { countOf, formatCount } from '../../../lib/format';

type Incomplete = NonNullable<OrderBook['incomplete']>;

/**
 * A day of which a page could not be read (§4.1 reads it 500 orders a call): the orders before
 * it are shown, and this says plainly how far the book goes, that everything below covers those
 * orders only, why, with the support id, and offers to fetch the rest (the BFF reads on from the
 * page that failed).
 */
export function IncompleteBookNotice({
  incomplete,
  orderCount,
  fetching,
  onFetchRest,
}: {
  incomplete: Incomplete;
  orderCount: number;
  fetching: boolean;
  onFetchRest: () => void;
}) {
  const { error, missingFrom } = incomplete;
  return (
    <Alert
      severity="warning"
      role="alert"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onFetchRest} disabled={fetching}>
          {fetching ? 'Fetching the rest…' : 'Fetch the rest'}
        </Button>
      }
    >
      <AlertTitle>Part of the order book could not be read</AlertTitle>
      {`The first ${countOf(orderCount, 'order', 'orders')} of the day were read; the orders from number ${formatCount(missingFrom + 1)} on (if the day has more) could not be read. The orders, best prices, depth and executions below cover the orders read only. ${error.message}`}
      {error.requestId && (
        <>
          {' '}
          Support id: <span translate="no">{error.requestId}</span>.
        </>
      )}
    </Alert>
  );
}
