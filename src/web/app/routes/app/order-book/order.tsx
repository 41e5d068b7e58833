import { useParams } from 'react-router-dom';
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

const backToTheBook = { href: paths.app.orderBook.getHref(), label: 'Go to the order book' };

export default function OrderRoute() {
  const { orderId = '' } = useParams();
  // A mistyped or cut link names no order: said as such, not asked of the BFF and shown as a
  // failure with a support id and a retry that can only fail again.
  if (!isOrderNumber(orderId)) {
    return (
      <NotFound
        title={`No order ${orderId}`}
        message="An order number is digits only, such as 982700000. Check the link, or find the order in the order book."
        backTo={backToTheBook}
      />
    );
  }
  return <OrderPage orderId={orderId} />;
}

function OrderPage({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  if (hasStatus(order.error, 404)) {
    return (
      <NotFound
        title={`No order ${orderId}`}
        message="There is no order with this number. Check the number, or find the order in the order book."
        backTo={backToTheBook}
      />
    );
  }
  return (
    <>
      <TrailedPageHeader
        title={`Order ${orderId}`}
        trail={[{ label: 'Order book', href: paths.app.orderBook.getHref() }]}
      />
      <QueryState query={order} subject="the order" skeletonLines={6}>
        {(detail) => <OrderDetail detail={detail} />}
      </QueryState>
    </>
  );
}
