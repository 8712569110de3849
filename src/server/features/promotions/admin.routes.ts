// /api/admin/promotions: HTTP only (validate, call the service, answer). Owner and staff read them;
// only the owner creates, edits, deactivates or activates one, as with products.
import { Hono } from 'hono';
import { z } from 'zod';
import { promotionSchema } from '@/domain/promotion-forms';
import type { AppEnv, ServerContext } from '../../context';
import { valid } from '../../infra/http/validate';
import { adminActor, allow } from '../../back-office/admin-access';
import { idParam } from '../../back-office/admin-params';
import { pagingQuery } from '../../back-office/admin-paging';
import {
  createPromotion,
  getPromotion,
  listPromotions,
  promotionChoices,
  setPromotionActive,
  updatePromotion,
} from './admin-promotions.service';

const listQuery = z.object(pagingQuery);

export function adminPromotionsRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .get('/', allow('staff'), valid('query', listQuery), async (c) => c.json(await listPromotions(ctx.db, c.req.valid('query'))))
    .get('/choices', allow('staff'), async (c) => c.json(await promotionChoices(ctx.db)))
    .post('/', valid('json', promotionSchema), async (c) => {
      const promotion = await createPromotion(ctx.db, adminActor(c, ctx.now()), c.req.valid('json'));
      return c.json({ promotion }, 201);
    })
    .get('/:id', allow('staff'), valid('param', idParam), async (c) =>
      c.json({ promotion: await getPromotion(ctx.db, c.req.valid('param').id) }),
    )
    .put('/:id', valid('param', idParam), valid('json', promotionSchema), async (c) => {
      const promotion = await updatePromotion(ctx.db, adminActor(c, ctx.now()), c.req.valid('param').id, c.req.valid('json'));
      return c.json({ promotion });
    })
    .post('/:id/deactivate', valid('param', idParam), async (c) => {
      const promotion = await setPromotionActive(ctx.db, adminActor(c, ctx.now()), c.req.valid('param').id, false);
      return c.json({ promotion });
    })
    .post('/:id/activate', valid('param', idParam), async (c) => {
      const promotion = await setPromotionActive(ctx.db, adminActor(c, ctx.now()), c.req.valid('param').id, true);
      return c.json({ promotion });
    });
}
