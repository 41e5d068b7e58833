import Box from '@mui/material/Box';
import { unreadableOrderInWords, type UnreadableOrder } from '../../../../contract/order-book';
import { SkippedRecordsNotice } from '../../../components/skipped-records';
import { countOf } from '../../../lib/format';

const orderNoun = ['order', 'orders'] as const;

/**
 * The orders of the day the service sent in a form the portal could not read: counted, and each
 * named the book names (unreadableOrders), by its place in the day, its order id and security
 * where they could be read, and what of it could not, so whoever reads the book can follow it up
 * with the platform. The rest of the book is shown below as usual. Those past the named ones are
 * counted.
 */
export function UnreadableOrdersNotice({
  count,
  orders = [],
}: {
  /** The book's skippedRecords. */
  count: number | undefined;
  orders?: readonly UnreadableOrder[];
}) {
  const more = (count ?? 0) - orders.length;
  return (
    <SkippedRecordsNotice count={count} noun={orderNoun}>
      {orders.length > 0 && (
        <Box component="ul" aria-label="Orders not shown" sx={{ m: 0, mt: 1, pl: 2.5 }}>
          {orders.map((order) => (
            <li key={order.position}>{unreadableOrderInWords(order)}</li>
          ))}
          {more > 0 && <li>{countOf(more, 'more order', 'more orders')}, not named here.</li>}
        </Box>
      )}
    </SkippedRecordsNotice>
  );
}
