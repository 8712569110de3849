// /api/admin/abandoned-carts: saved carts left unchanged for the set hours and not turned into an
// order (owner and staff, who manage orders), and the hours themselves (the owner's setting).
import { Hono } from 'hono';
import { cartReminderSettingsSchema } from '@/domain/saved-cart';
import type { AppEnv, ServerContext } from '../../context';
import { valid } from '../../infra/http/validate';
import { adminActor, allow } from '../../back-office/admin-access';
import { listAbandonedCarts, saveCartReminderSettings } from './cart-reminders.service';

export function adminAbandonedCartsRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .get('/', allow('staff'), async (c) => c.json(await listAbandonedCarts(ctx)))
    .put('/settings', valid('json', cartReminderSettingsSchema), async (c) =>
      c.json({ settings: await saveCartReminderSettings(ctx.db, adminActor(c, ctx.now()), c.req.valid('json')) }),
    );
}
