import { orderDetailSchema, type OrderDetail } from '../../../../contract/order-book';
import { apiPaths } from '../../../config/paths';
import { defineApiQuery } from '../../../lib/api-query';
import { orderBookKeys } from './get-order-book';

export const [orderQueryOptions, useOrder] = defineApiQuery<[orderId: string], OrderDetail>({
  key: orderBookKeys.detail,
  path: apiPaths.order,
  schema: orderDetailSchema,
});
