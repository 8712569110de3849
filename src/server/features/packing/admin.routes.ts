// /api/admin/packing (owner and staff, who pack): a day's or a window's pick list, what was done with
// each line, the substitutes a line may take, and 'Finish packing'.
import { Hono } from 'hono';
import { ifUnavailableText } from '@/domain/line-choices';
import type { AppEnv, ServerContext } from '../../context';
import { notFound } from '../../errors';
import { valid } from '../../infra/http/validate';
import { adminActor, allow } from '../../back-office/admin-access';
import { idParam } from '../../back-office/admin-params';
import { orderIdOfLine, packingOrder } from './packing-lines';
import { itemParam, packingLineSchema, pickListQuery } from './packing.schemas';
import { finishPacking } from './packing-finish.service';
import { PACKING_REFUSALS, recordPackingLine } from './packing-record.service';
import { pickList } from './pick-list.service';
import { substituteCandidates } from './substitutes';

export function adminPackingRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .get('/', allow('staff'), valid('query', pickListQuery), async (c) => c.json(await pickList(ctx.db, c.req.valid('query'), ctx.now())))
    .get('/items/:itemId/substitutes', allow('staff'), valid('param', itemParam), async (c) => {
      const { itemId } = c.req.valid('param');
      const orderId = await orderIdOfLine(ctx.db, itemId);
      const p = orderId ? await packingOrder(ctx.db, orderId) : null;
      const line = p?.lines.find((l) => l.item.id === itemId);
      if (!p || !line) throw notFound(PACKING_REFUSALS.itemNotFound);
      return c.json({
        line: {
          id: itemId,
          name: line.name,
          quantity: line.quantity,
          paidCents: line.paidCents,
          ifUnavailable: ifUnavailableText(line.item.ifUnavailable),
          note: line.item.customerNote,
        },
        candidates: await substituteCandidates(ctx.db, p, line),
      });
    })
    .post('/items/:itemId', allow('staff'), valid('param', itemParam), valid('json', packingLineSchema), async (c) => {
      return c.json(await recordPackingLine(ctx, adminActor(c, ctx.now()), c.req.valid('param').itemId, c.req.valid('json')));
    })
    .post('/orders/:id/finish', allow('staff'), valid('param', idParam), async (c) => {
      return c.json(await finishPacking(ctx, adminActor(c, ctx.now()), c.req.valid('param').id));
    });
}
