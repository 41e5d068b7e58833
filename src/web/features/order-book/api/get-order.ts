import { useQuery } from '@tanstack/react-query';
import { orderDetailSchema, type OrderDetail } from '../../../../contract/order-book';
import { apiPaths } from '../../../config/paths';
import { apiQueryOptions } from '../../../lib/api-query';
import { orderBookKeys } from './get-order-book';

export const orderQueryOptions = (orderId: string) =>
  apiQueryOptions<OrderDetail>(
    orderBookKeys.detail(orderId),
    apiPaths.order(orderId),
    orderDetailSchema,
  );

export const useOrder = (orderId: string) => useQuery(orderQueryOptions(orderId));
