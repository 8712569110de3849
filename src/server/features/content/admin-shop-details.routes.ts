// /api/admin/shop-details: the address, phone, email and social links customers see.
import { Hono } from 'hono';
import { shopDetailsSchema } from '@/domain/shop-details-schema';
import type { AppEnv, ServerContext } from '../../context';
import { valid } from '../../infra/http/validate';
import { loadShopDetails, saveShopDetails } from './shop-details.service';
import { adminActor } from '../../back-office/admin-access';

export function adminShopDetailsRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json({ details: await loadShopDetails(ctx.db) }))
    .put('/', valid('json', shopDetailsSchema), async (c) => {
      return c.json({ details: await saveShopDetails(ctx.db, adminActor(c, ctx.now()), c.req.valid('json')) });
    });
}
