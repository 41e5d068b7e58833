import { useParams } from 'react-router-dom';
import { NotFound } from '../../../../components/not-found';
import { TrailedPageHeader } from '../../../../components/trailed-page-header';
import { QueryState } from '../../../../components/query-state';
import { paths } from '../../../../config/paths';
import { orderQueryOptions, useOrder } from '../../../../features/order-book/api/get-order';
import { OrderDetail } from '../../../../features/order-book/components/order-detail';
import { hasStatus } from '../../../../lib/api-query';
import { recordPageLoader } from '../../../session-guard';

export const clientLoader = recordPageLoader('orderId', (queryClient, orderId) => {
  void queryClient.prefetchQuery(orderQueryOptions(orderId));
});

export default function OrderRoute() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  if (hasStatus(order.error, 404)) {
    return (
      <NotFound
        title={`No order ${orderId}`}
        message="There is no order with this number. Check the number, or find the order in the order book."
        backTo={{ href: paths.app.orderBook.getHref(), label: 'Go to the order book' }}
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
