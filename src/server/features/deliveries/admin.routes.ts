// /api/admin/deliveries (owner and staff): a day's deliveries, assigning riders, and the packing
// slips and route sheet as PDF. /api/admin/rider: the signed-in rider's own stops.
import { Hono } from 'hono';
import { assignRiderSchema, deliveriesQuerySchema, deliveryPrintQuerySchema, notDeliveredSchema } from '@/domain/back-office-forms';
import { nairobiDateKey, nairobiDayStart } from '@/domain/nairobi-days';
import type { AppEnv, ServerContext } from '../../context';
import { badRequest } from '../../errors';
import { valid } from '../../infra/http/validate';
import { adminActor, allow } from '../../back-office/admin-access';
import { idParam } from '../../back-office/admin-params';
import { listStaff } from '../customers/admin-staff.service';
import { deliveriesForDay, riderStops, stopsOf } from './deliveries.service';
import { assignRider, markDelivered, markNotDelivered } from './deliveries-actions.service';
import { packingSlipsPdf, routeSheetPdf } from './delivery-sheets-pdf';

/** The asked day, checked to be a real date, or today in Nairobi. */
function dayOf(ctx: ServerContext, day: string | undefined): string {
  if (!day) return nairobiDateKey(ctx.now());
  try {
    nairobiDayStart(day);
  } catch {
    throw badRequest('Choose a day (YYYY-MM-DD)', { day: 'Choose a day (YYYY-MM-DD)' });
  }
  return day;
}

const pdf = (bytes: Uint8Array<ArrayBuffer>, name: string) =>
  new Response(bytes, {
    headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${name}"`, 'cache-control': 'no-store' },
  });

export function adminDeliveriesRoutes(ctx: ServerContext) {
  const groupsFor = async (q: { day?: string; orders?: string[] }) =>
    q.orders ? stopsOf(ctx.db, q.orders, ctx.now()) : deliveriesForDay(ctx.db, dayOf(ctx, q.day), ctx.now());
  return new Hono<AppEnv>()
    .get('/', allow('staff'), valid('query', deliveriesQuerySchema), async (c) => {
      const day = dayOf(ctx, c.req.valid('query').day);
      const [groups, staff] = await Promise.all([deliveriesForDay(ctx.db, day, ctx.now()), listStaff(ctx.db)]);
      const riders = staff.filter((m) => m.role === 'rider').map((m) => ({ id: m.id, name: m.name, phone: m.phone }));
      return c.json({ day, groups, riders });
    })
    .post('/assign', allow('staff'), valid('json', assignRiderSchema), async (c) => {
      const { orderIds, riderId } = c.req.valid('json');
      return c.json(await assignRider(ctx, adminActor(c, ctx.now()), orderIds, riderId));
    })
    .get('/packing-slips.pdf', allow('staff'), valid('query', deliveryPrintQuerySchema), async (c) => {
      return pdf(await packingSlipsPdf(ctx.env.SHOP_NAME, await groupsFor(c.req.valid('query'))), 'packing-slips.pdf');
    })
    .get('/route-sheet.pdf', allow('staff'), valid('query', deliveryPrintQuerySchema), async (c) => {
      const q = c.req.valid('query');
      return pdf(await routeSheetPdf(ctx.env.SHOP_NAME, dayOf(ctx, q.day), await groupsFor(q)), 'route-sheet.pdf');
    });
}

export function adminRiderRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .get('/stops', allow('staff', 'rider'), async (c) =>
      c.json({ groups: await riderStops(ctx.db, adminActor(c, ctx.now()).userId, ctx.now()) }),
    )
    .post('/stops/:id/delivered', allow('staff', 'rider'), valid('param', idParam), async (c) => {
      return c.json(await markDelivered(ctx, adminActor(c, ctx.now()), c.req.valid('param').id));
    })
    .post('/stops/:id/not-delivered', allow('staff', 'rider'), valid('param', idParam), valid('json', notDeliveredSchema), async (c) => {
      return c.json(await markNotDelivered(ctx, adminActor(c, ctx.now()), c.req.valid('param').id, c.req.valid('json').reason));
    });
}
