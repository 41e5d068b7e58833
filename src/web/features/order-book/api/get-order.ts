import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderDetailSchema, type OrderDetail } from '../../../../contract/order-book';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { orderBookKeys } from './get-order-book';

const getOrder = (orderId: string, signal?: AbortSignal): Promise<OrderDetail> =>
  api.get(apiPaths.order(orderId), { schema: orderDetailSchema, signal });

export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: orderBookKeys.detail(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
  });

export const useOrder = (orderId: string) => useQuery(orderQueryOptions(orderId));
