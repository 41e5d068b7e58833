import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { BusyButton } from '../../../components/busy-retry-button';
import type { OrderBook } from '../../../../contract/order-book';
import { SupportReference } from '../../../components/errors/support-reference';
import { countOf, formatCount } from '../../../lib/format';

type Incomplete = NonNullable<OrderBook['incomplete']>;

/**
 * A day of which a page could not be read (§4.1 reads it 500 orders a call): the orders before
 * it are shown, and this says plainly how far the book goes, that everything below covers those
 * orders only, why, with the support id, and offers to fetch the rest (the BFF reads on from the
 * page that failed) unless reading on cannot help.
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
  // Refused for the portal's own access (103, §5 rule 8): reading on gets the same answer until
  // the operators fix it, so the notice offers no button and its words already name support.
  const lasting = error.code === 'upstream_misconfigured';
  return (
    <Alert
      severity="warning"
      role="alert"
      sx={{ mb: 2 }}
      action={
        lasting ? undefined : (
          <BusyButton color="inherit" size="small" busy={fetching} onClick={onFetchRest}>
            {fetching ? 'Fetching the rest…' : 'Fetch the rest'}
          </BusyButton>
        )
      }
    >
      <AlertTitle>Part of the order book could not be read</AlertTitle>
      {`The first ${countOf(orderCount, 'order', 'orders')} of the day were read; the orders from number ${formatCount(missingFrom + 1)} on (if the day has more) could not be read. The orders, best prices, depth and executions below cover the orders read only. ${error.message}`}
      <SupportReference requestId={error.requestId} mayPass={!lasting} supportNamed={lasting} />
    </Alert>
  );
}

/**
 * Said once the rest of a day that had been read in part is read: the notice and its button
 * are gone, so the keyboard's focus comes here instead of falling to the page.
 */
export function WholeBookNote({ orderCount }: { orderCount: number }) {
  const note = useRef<HTMLDivElement>(null);
  // Once, when it is first shown: a page that renders again does not take the focus back.
  useEffect(() => note.current?.focus(), []);
  return (
    <Alert severity="success" role="status" tabIndex={-1} ref={note} sx={{ mb: 2 }}>
      {`The rest of the day was read: the book below holds all ${countOf(orderCount, 'order', 'orders')}.`}
    </Alert>
  );
}
