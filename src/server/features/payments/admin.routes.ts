// /api/admin/orders (beside orders/admin.routes.ts): what the merchant does to an order that goes
// through its payments: fulfilment, cancel (release or refund), payment status check, refunding
// one payment the order does not need, and saying a refund was rejected in Pesapal's dashboard.
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { valid } from '../../infra/http/validate';
import { adminActor, allow } from '../../back-office/admin-access';
import { advanceFulfilment, cancelOrder, checkPaymentNow } from './admin-order-actions.service';
import { refundPayment } from './admin-payment-refund.service';
import { cancelOrderSchema, refundPaymentSchema, refundRejectedSchema } from '@/domain/back-office-forms';
import { fulfilmentSchema } from '../orders/admin-orders.schemas';
import { idParam, orderPaymentParam, orderRefundParam } from '../../back-office/admin-params';
import { markRefundRejected } from './refund-rejection';

export function adminOrderPaymentsRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .post('/:id/fulfilment', allow('staff'), valid('param', idParam), valid('json', fulfilmentSchema), async (c) => {
      return c.json(await advanceFulfilment(ctx, adminActor(c, ctx.now()), c.req.valid('param').id, c.req.valid('json').status));
    })
    .post('/:id/cancel', valid('param', idParam), valid('json', cancelOrderSchema), async (c) => {
      return c.json(await cancelOrder(ctx, adminActor(c, ctx.now()), c.req.valid('param').id, c.req.valid('json').reason));
    })
    .post('/:id/check-payment', allow('staff'), valid('param', idParam), async (c) => {
      return c.json(await checkPaymentNow(ctx, adminActor(c, ctx.now()), c.req.valid('param').id));
    })
    .post('/:id/payments/:paymentId/refund', valid('param', orderPaymentParam), valid('json', refundPaymentSchema), async (c) => {
      const { id, paymentId } = c.req.valid('param');
      return c.json(await refundPayment(ctx, adminActor(c, ctx.now()), id, paymentId, c.req.valid('json').reason));
    })
    .post('/:id/refunds/:refundId/rejected', valid('param', orderRefundParam), valid('json', refundRejectedSchema), async (c) => {
      const { id, refundId } = c.req.valid('param');
      return c.json(await markRefundRejected(ctx, adminActor(c, ctx.now()), id, refundId, c.req.valid('json').note));
    });
}
