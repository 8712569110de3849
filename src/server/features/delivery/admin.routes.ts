// /api/admin/delivery: zones, the shop's origin, the fee's VAT band, a fee preview, the zones'
// delivery windows (the shop's week, each zone's exceptions), pick-up at the shop and the shop's opening hours.
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { valid } from '../../infra/http/validate';
import { adminActor } from '../../back-office/admin-access';
import { deliveryFeeTaxBandSchema, feePreviewSchema, originSchema, zonesSchema } from '@/domain/back-office-forms';
import { getWindowSettings, saveOpeningHours, saveWeekWindows, saveZoneWindows } from './admin-delivery-slots.service';
import { openingHoursBodySchema, pickupBodySchema, windowsBodySchema, zoneExceptionsBodySchema, zoneParam } from './delivery-slots.schemas';
import { getPickupSettings, savePickupSettings } from './pickup-settings.service';
import { getDeliverySettings, previewFee, saveDeliveryFeeTaxBand, saveOrigin, saveZones } from './admin-delivery.service';

export function adminDeliveryRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json(await getDeliverySettings(ctx.db)))
    .put('/zones', valid('json', zonesSchema), async (c) => {
      return c.json({ zones: await saveZones(ctx.db, adminActor(c, ctx.now()), c.req.valid('json').zones) });
    })
    .put('/origin', valid('json', originSchema), async (c) => {
      return c.json({ origin: await saveOrigin(ctx.db, adminActor(c, ctx.now()), c.req.valid('json')) });
    })
    .put('/fee-tax-band', valid('json', deliveryFeeTaxBandSchema), async (c) => {
      return c.json({ feeTaxBand: await saveDeliveryFeeTaxBand(ctx.db, adminActor(c, ctx.now()), c.req.valid('json').band) });
    })
    .get('/windows', async (c) => c.json(await getWindowSettings(ctx.db)))
    .put('/windows', valid('json', windowsBodySchema), async (c) => {
      return c.json(await saveWeekWindows(ctx.db, adminActor(c, ctx.now()), c.req.valid('json')));
    })
    .put('/windows/:zoneId', valid('param', zoneParam), valid('json', zoneExceptionsBodySchema), async (c) => {
      const zone = await saveZoneWindows(ctx.db, adminActor(c, ctx.now()), c.req.valid('param').zoneId, c.req.valid('json'));
      return c.json({ zone });
    })
    .get('/pickup', async (c) => c.json(await getPickupSettings(ctx.db)))
    .put('/pickup', valid('json', pickupBodySchema), async (c) => {
      return c.json(await savePickupSettings(ctx.db, adminActor(c, ctx.now()), c.req.valid('json')));
    })
    .put('/opening-hours', valid('json', openingHoursBodySchema), async (c) => {
      return c.json({ lines: await saveOpeningHours(ctx.db, adminActor(c, ctx.now()), c.req.valid('json').days) });
    })
    .get('/preview', valid('query', feePreviewSchema), async (c) => c.json(await previewFee(ctx.db, c.req.valid('query').km)));
}
