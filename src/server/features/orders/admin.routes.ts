// /api/admin/orders: list, detail, fulfilment, cancel (release or refund), payment status check,
// 'Mark resolved' for a flagged order, refunding one payment the order does not need, and the
// SMS and mail sent about the order with 'Send again'.
// Fulfilment, cancel, the payment status check and refunds are payments/admin.routes.ts (same path).
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { valid } from '../../infra/http/validate';
import { adminActor, allow } from '../../back-office/admin-access';
import { resolveAttention } from './admin-order-attention.service';
import { resolveAttentionSchema } from '@/domain/back-office-forms';
import { orderListQuery } from './admin-orders.schemas';
import { getOrderDetail } from './admin-order-detail.service';
import { listOrders } from './admin-orders.service';
import { idParam, orderMessageParam } from '../../back-office/admin-params';
import { listOrderMessages, resendOrderMessage } from './admin-order-messages.service';

export function adminOrdersRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .get('/', allow('staff'), valid('query', orderListQuery), async (c) => c.json(await listOrders(ctx.db, c.req.valid('query'))))
    .get('/:id', allow('staff'), valid('param', idParam), async (c) => c.json(await getOrderDetail(ctx.db, c.req.valid('param').id)))
    .get('/:id/messages', allow('staff'), valid('param', idParam), async (c) => {
      return c.json({ messages: await listOrderMessages(ctx, c.req.valid('param').id) });
    })
    .post('/:id/messages/:channel/:messageId/resend', allow('staff'), valid('param', orderMessageParam), async (c) => {
      const { id, channel, messageId } = c.req.valid('param');
      return c.json(await resendOrderMessage(ctx, adminActor(c, ctx.now()), id, channel, messageId));
    })
    .post('/:id/resolve', allow('staff'), valid('param', idParam), valid('json', resolveAttentionSchema), async (c) => {
      return c.json(await resolveAttention(ctx.db, adminActor(c, ctx.now()), c.req.valid('param').id, c.req.valid('json').note));
    });
}
