// /api/admin/orders (beside orders/ and payments/ admin.routes.ts): 'Refund part of this order', and
// 'Record the M-Pesa refund' for a refund Pesapal would not make, or 'Withdraw this refund'. The owner's alone, like every refund.
import { Hono } from 'hono';
import { manualRefundSchema, partialRefundSchema, refundWithdrawnSchema } from '@/domain/back-office-forms';
import type { AppEnv, ServerContext } from '../../context';
import { valid } from '../../infra/http/validate';
import { adminActor } from '../../back-office/admin-access';
import { idParam, orderRefundParam } from '../../back-office/admin-params';
import { recordManualRefund, refundPartOfOrder } from './partial-refund.service';
import { withdrawRefund } from './refund-withdrawal';

export function adminRefundsRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .post('/:id/partial-refund', valid('param', idParam), valid('json', partialRefundSchema), async (c) => {
      const { lines, reason } = c.req.valid('json');
      const orderId = c.req.valid('param').id;
      return c.json(await refundPartOfOrder(ctx, adminActor(c, ctx.now()), { orderId, lines, reason, source: 'merchant' }));
    })
    .post('/:id/refunds/:refundId/manual', valid('param', orderRefundParam), valid('json', manualRefundSchema), async (c) => {
      const { id, refundId } = c.req.valid('param');
      return c.json(
        await recordManualRefund(ctx, adminActor(c, ctx.now()), { orderId: id, refundId, mpesaCode: c.req.valid('json').mpesaCode }),
      );
    })
    .post('/:id/refunds/:refundId/withdraw', valid('param', orderRefundParam), valid('json', refundWithdrawnSchema), async (c) => {
      const { id, refundId } = c.req.valid('param');
      return c.json(await withdrawRefund(ctx, adminActor(c, ctx.now()), { orderId: id, refundId, reason: c.req.valid('json').reason }));
    });
}
