import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_STATUSES, type FulfilmentStatus } from '@/domain/order-status';
import { dateOnly, pagingQuery, searchText } from '../../back-office/admin-paging';

export const orderListQuery = z
  .object({
    ...pagingQuery,
    q: searchText,
    status: z.enum(ORDER_STATUSES, { error: 'Unknown order status' }).optional(),
    paymentStatus: z.enum(PAYMENT_STATUSES, { error: 'Unknown payment status' }).optional(),
    userId: z.uuid({ error: 'That customer id is not valid' }).optional(),
    fulfilment: z.enum(['to_fulfil'], { error: 'Unknown fulfilment filter' }).optional(),
    attention: z.enum(['yes'], { error: 'Unknown attention filter' }).optional(),
    from: dateOnly,
    to: dateOnly,
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { error: 'The start date must be on or before the end date', path: ['to'] });
export type OrderListQuery = z.infer<typeof orderListQuery>;

/** The steps the merchant can mark (every fulfilment status after 'unfulfilled'). */
export const FULFILMENT_STEPS = [
  'processing',
  'out_for_delivery',
  'ready_for_pickup',
  'delivered',
] as const satisfies readonly FulfilmentStatus[];
export type FulfilmentStep = (typeof FULFILMENT_STEPS)[number];

export const fulfilmentSchema = z.object({
  status: z.enum(FULFILMENT_STEPS, { error: 'Choose processing, out for delivery, ready for pick-up or delivered' }),
});
