import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, ServerContext } from '../../context';
import { currentUser, requireUser } from '../../http/session';
import { valid } from '../../http/validate';
import { clientAddress } from '../account/client-address';
import { countPendingPayments, getOrder, getTransaction, listOrders } from './orders.service';

const orderParam = z.object({ id: z.uuid({ message: 'Invalid order id.' }) });

// The signed-in customer's own orders; personal data, so never cached.
export function ordersRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .use('*', requireUser(ctx))
    .use('*', async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    })
    .get('/', async (c) => c.json(await listOrders(ctx.db, currentUser(c).id)))
    .get('/pending-count', async (c) => c.json({ count: await countPendingPayments(ctx.db, currentUser(c).id) }))
    .get('/:id', valid('param', orderParam), async (c) =>
      c.json(await getOrder(ctx.db, currentUser(c).id, c.req.valid('param').id)),
    )
    .get('/:id/transaction', valid('param', orderParam), async (c) => {
      const address = clientAddress(c);
      const caller = { userId: currentUser(c).id, ip: address === 'unknown' ? null : address };
      return c.json(await getTransaction(ctx.db, caller, c.req.valid('param').id));
    });
}
