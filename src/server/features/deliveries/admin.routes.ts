// /api/admin/deliveries (owner and staff): a day's deliveries, assigning riders (several stops at
// once), 'On my way', a new window for a stop, the orders collected at the shop ('Ready for pick-up',
// 'Collected'), and the packing slips and route sheets (the day's, and
// one rider's) as PDF. /api/admin/rider: the signed-in
// rider's own stops.
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  assignRiderSchema,
  cashUpParamSchema,
  cashUpSchema,
  deliveriesQuerySchema,
  deliveryPrintQuerySchema,
  doorPaymentSchema,
  doorPromptSchema,
  notDeliveredSchema,
  refusedAtDoorSchema,
} from '@/domain/back-office-forms';
import { nairobiDateKey, nairobiDayStart } from '@/domain/nairobi-days';
import type { AppEnv, ServerContext } from '../../context';
import { badRequest } from '../../errors';
import { valid } from '../../infra/http/validate';
import { adminActor, allow } from '../../back-office/admin-access';
import { idParam } from '../../back-office/admin-params';
import { profiles } from '../../db/schema';
import { listStaff } from '../customers/admin-staff.service';
import { riderContact } from '../orders/order-rider';
import { deliveriesForDay, riderStops, stopsOf } from './deliveries.service';
import { assignRider, markDelivered, markNotDelivered, markOnMyWay } from './deliveries-actions.service';
import { packingSlipsPdf, routeSheetPdf } from './delivery-sheets-pdf';
import { markCollected, markReadyForPickup, pickupsForDay } from './pickups.service';
import { rescheduleByStaff, staffRescheduleSlots } from './reschedule.service';
import { rescheduleChoiceSchema, riderSheetQuerySchema } from './reschedule.schemas';
import { riderSheetPdf } from './rider-sheet-pdf';
import { cashUpForDay, recordCashUp } from './cash-up.service';
import { promptAtDoor, recordDoorPayment, refuseAtDoor } from './door-payments.service';

const NOT_A_RIDER = 'Choose one of the shop’s riders.';

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

/** One rider's stops of the day in route order, as a PDF; anyone not a rider is a clear 400. */
async function riderSheet(ctx: ServerContext, riderId: string, day: string) {
  const [row] = riderId ? await ctx.db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, riderId)) : [];
  const rider = row?.role === 'rider' ? await riderContact(ctx.db, riderId) : null;
  if (!rider) throw badRequest(NOT_A_RIDER, { riderId: NOT_A_RIDER });
  const groups = await deliveriesForDay(ctx.db, day, ctx.now(), { riderId });
  return pdf(await riderSheetPdf(ctx.env.SHOP_NAME, day, rider.name, groups), `route-sheet-${day}.pdf`);
}

export function adminDeliveriesRoutes(ctx: ServerContext) {
  const groupsFor = async (q: { day?: string; orders?: string[] }) =>
    q.orders ? stopsOf(ctx.db, q.orders, ctx.now()) : deliveriesForDay(ctx.db, dayOf(ctx, q.day), ctx.now());
  return (
    new Hono<AppEnv>()
      .get('/', allow('staff'), valid('query', deliveriesQuerySchema), async (c) => {
        const day = dayOf(ctx, c.req.valid('query').day);
        const [groups, pickups, staff] = await Promise.all([
          deliveriesForDay(ctx.db, day, ctx.now()),
          pickupsForDay(ctx.db, day, ctx.now()),
          listStaff(ctx.db),
        ]);
        const riders = staff.filter((m) => m.role === 'rider').map((m) => ({ id: m.id, name: m.name, phone: m.phone }));
        return c.json({ day, groups, pickups, riders });
      })
      // The end-of-day cash-up of the riders' orders to be paid on delivery.
      .get('/cash-up', allow('staff'), valid('query', deliveriesQuerySchema), async (c) => {
        return c.json(await cashUpForDay(ctx.db, dayOf(ctx, c.req.valid('query').day)));
      })
      .put('/cash-up/:riderId/:day', allow('staff'), valid('param', cashUpParamSchema), valid('json', cashUpSchema), async (c) => {
        const { riderId, day } = c.req.valid('param');
        const { cashReceived, note } = c.req.valid('json');
        return c.json(await recordCashUp(ctx, adminActor(c, ctx.now()), { riderId, day, cashReceivedCents: cashReceived, note }));
      })
      .post('/assign', allow('staff'), valid('json', assignRiderSchema), async (c) => {
        const { orderIds, riderId } = c.req.valid('json');
        return c.json(await assignRider(ctx, adminActor(c, ctx.now()), orderIds, riderId));
      })
      .get('/:id/reschedule', allow('staff'), valid('param', idParam), async (c) => {
        return c.json(await staffRescheduleSlots(ctx, c.req.valid('param').id));
      })
      .post('/:id/reschedule', allow('staff'), valid('param', idParam), valid('json', rescheduleChoiceSchema), async (c) => {
        return c.json(await rescheduleByStaff(ctx, adminActor(c, ctx.now()), c.req.valid('param').id, c.req.valid('json')));
      })
      .post('/:id/on-my-way', allow('staff'), valid('param', idParam), async (c) => {
        return c.json(await markOnMyWay(ctx, adminActor(c, ctx.now()), c.req.valid('param').id, 'staff'));
      })
      .post('/:id/ready-for-pickup', allow('staff'), valid('param', idParam), async (c) => {
        return c.json(await markReadyForPickup(ctx, adminActor(c, ctx.now()), c.req.valid('param').id));
      })
      .post('/:id/collected', allow('staff'), valid('param', idParam), async (c) => {
        return c.json(await markCollected(ctx, adminActor(c, ctx.now()), c.req.valid('param').id));
      })
      .get('/packing-slips.pdf', allow('staff'), valid('query', deliveryPrintQuerySchema), async (c) => {
        return pdf(await packingSlipsPdf(ctx.env.SHOP_NAME, await groupsFor(c.req.valid('query'))), 'packing-slips.pdf');
      })
      .get('/rider-sheet.pdf', allow('staff'), valid('query', riderSheetQuerySchema), async (c) => {
        const q = c.req.valid('query');
        return riderSheet(ctx, q.riderId ?? '', dayOf(ctx, q.day));
      })
      .get('/route-sheet.pdf', allow('staff'), valid('query', deliveryPrintQuerySchema), async (c) => {
        const q = c.req.valid('query');
        return pdf(await routeSheetPdf(ctx.env.SHOP_NAME, dayOf(ctx, q.day), await groupsFor(q)), 'route-sheet.pdf');
      })
  );
}

export function adminRiderRoutes(ctx: ServerContext) {
  return (
    new Hono<AppEnv>()
      .get('/stops', allow('staff', 'rider'), async (c) =>
        c.json({ groups: await riderStops(ctx.db, adminActor(c, ctx.now()).userId, ctx.now()) }),
      )
      .get('/sheet.pdf', allow('staff', 'rider'), valid('query', riderSheetQuerySchema), async (c) => {
        return riderSheet(ctx, adminActor(c, ctx.now()).userId, dayOf(ctx, c.req.valid('query').day));
      })
      .post('/stops/:id/on-my-way', allow('staff', 'rider'), valid('param', idParam), async (c) => {
        return c.json(await markOnMyWay(ctx, adminActor(c, ctx.now()), c.req.valid('param').id, 'rider'));
      })
      .post('/stops/:id/delivered', allow('staff', 'rider'), valid('param', idParam), async (c) => {
        return c.json(await markDelivered(ctx, adminActor(c, ctx.now()), c.req.valid('param').id));
      })
      .post('/stops/:id/not-delivered', allow('staff', 'rider'), valid('param', idParam), valid('json', notDeliveredSchema), async (c) => {
        return c.json(await markNotDelivered(ctx, adminActor(c, ctx.now()), c.req.valid('param').id, c.req.valid('json').reason));
      })
      // Pay on delivery, at the door: the M-Pesa prompt, the money taken (M-Pesa code or cash), or a refusal.
      .post('/stops/:id/mpesa-prompt', allow('staff', 'rider'), valid('param', idParam), valid('json', doorPromptSchema), async (c) => {
        return c.json(await promptAtDoor(ctx, adminActor(c, ctx.now()), c.req.valid('param').id, c.req.valid('json').phone));
      })
      .post('/stops/:id/paid', allow('staff', 'rider'), valid('param', idParam), valid('json', doorPaymentSchema), async (c) => {
        return c.json(await recordDoorPayment(ctx, adminActor(c, ctx.now()), c.req.valid('param').id, c.req.valid('json')));
      })
      .post('/stops/:id/refused', allow('staff', 'rider'), valid('param', idParam), valid('json', refusedAtDoorSchema), async (c) => {
        return c.json(await refuseAtDoor(ctx, adminActor(c, ctx.now()), c.req.valid('param').id, c.req.valid('json').reason));
      })
  );
}
