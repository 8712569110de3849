// /api/admin/merchant-notices: the phones and mailboxes told of each paid order and sent the morning
// summary, and the summary's time.
import { Hono } from 'hono';
import { merchantNoticesSchema } from '@/domain/merchant-notices';
import type { AppEnv, ServerContext } from '../../context';
import { valid } from '../../infra/http/validate';
import { adminActor } from '../../back-office/admin-access';
import { loadMerchantNotices, saveMerchantNotices } from './merchant-notices.service';

export function adminMerchantNoticesRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json({ notices: await loadMerchantNotices(ctx.db) }))
    .put('/', valid('json', merchantNoticesSchema), async (c) => {
      return c.json({ notices: await saveMerchantNotices(ctx.db, adminActor(c, ctx.now()), c.req.valid('json')) });
    });
}
