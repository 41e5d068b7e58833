import { useLocation, useParams } from 'react-router-dom';
import { orderParamsSchema } from '../../../../../contract/order-book';
import { NotFound } from '../../../../components/not-found';
import { TrailedPageHeader } from '../../../../components/trailed-page-header';
import { QueryState } from '../../../../components/query-state';
import { paths } from '../../../../config/paths';
import { orderQueryOptions, useOrder } from '../../../../features/order-book/api/get-order';
import { OrderDetail } from '../../../../features/order-book/components/order-detail';
import { hasStatus } from '../../../../lib/api-query';
import { recordPageLoader } from '../../../session-guard';

/** An order number as the platform gives them: digits (the BFF refuses anything else). */
const isOrderNumber = (orderId: string) =>
  orderParamsSchema.shape.orderId.safeParse(orderId).success;

export const clientLoader = recordPageLoader(undefined, 'orderId', (queryClient, orderId) => {
  if (isOrderNumber(orderId)) void queryClient.prefetchQuery(orderQueryOptions(orderId));
});

/**
 * The book the order was opened from: its link carries the book's address (the trading day, the
 * filters, the grids' sort and page, see OrderLink), so the way back goes to that day as it was
 * left, not to today's book; a link without it goes to today's.
 */
function useBookHref() {
  const { search } = useLocation();
  return `${paths.app.orderBook.getHref()}${search}`;
}

const backToTheBook = (href: string) => ({ href, label: 'Go to the order book' });

export default function OrderRoute() {
  const { orderId = '' } = useParams();
  const book = useBookHref();
  // A mistyped or cut link names no order: said as such, not asked of the BFF and shown as a
  // failure with a support id and a retry that can only fail again.
  if (!isOrderNumber(orderId)) {
    return (
      <NotFound
        title={`No order ${orderId}`}
        message="An order number is digits only, such as 982700000. Check the link, or find the order in the order book."
        backTo={backToTheBook(book)}
      />
    );
  }
  return <OrderPage orderId={orderId} book={book} />;
}

function OrderPage({ orderId, book }: { orderId: string; book: string }) {
  const order = useOrder(orderId);
  if (hasStatus(order.error, 404)) {
    return (
      <NotFound
        title={`No order ${orderId}`}
        message="There is no order with this number. Check the number, or find the order in the order book."
        backTo={backToTheBook(book)}
      />
    );
  }
  return (
    <>
      <TrailedPageHeader title={`Order ${orderId}`} trail={[{ label: 'Order book', href: book }]} />
      <QueryState query={order} subject="the order" skeletonLines={6}>
        {(detail) => <OrderDetail detail={detail} />}
      </QueryState>
    </>
  );
}
