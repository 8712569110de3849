// /api/delivery-reschedule/:token: the page a customer opens from her 'could not deliver' SMS, no
// sign-in needed (the signed token is the key), and her choice of a new window.
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { valid } from '../../infra/http/validate';
import { clientAddress } from '../../infra/http/client-address';
import { rescheduleByLink, reschedulePage } from './reschedule.service';
import { rescheduleChoiceSchema, rescheduleTokenParam } from './reschedule.schemas';

export function rescheduleRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .get('/:token', valid('param', rescheduleTokenParam), async (c) => {
      c.header('cache-control', 'no-store');
      return c.json(await reschedulePage(ctx, c.req.valid('param').token));
    })
    .post('/:token', valid('param', rescheduleTokenParam), valid('json', rescheduleChoiceSchema), async (c) => {
      return c.json(await rescheduleByLink(ctx, c.req.valid('param').token, c.req.valid('json'), clientAddress(c)));
    });
}
