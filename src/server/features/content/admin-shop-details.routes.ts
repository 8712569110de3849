// /api/admin/shop-details: the address, phone, email and social links customers see, whether the
// shop's prices include VAT, and its usual 'If unavailable' for checkout.
import { Hono } from 'hono';
import { z } from 'zod';
import { shopDetailsSchema } from '@/domain/shop-details-schema';
import type { AppEnv, ServerContext } from '../../context';
import { valid } from '../../infra/http/validate';
import { loadShopDetails, saveShopDetails } from './shop-details.service';
import { adminActor } from '../../back-office/admin-access';
import { loadPricesIncludeVat, savePricesIncludeVat } from '../pricing/vat-mode.service';
import { repriceWeighedProducts } from '../catalog/weighed-pricing.service';
import { loadIfUnavailableDefault, saveIfUnavailableDefault } from './if-unavailable-default.service';
import { ifUnavailableSchema } from '@/domain/line-choices';

const pricesIncludeVatSchema = z.object({ on: z.boolean({ error: 'Say whether prices include VAT (true or false).' }) });
const ifUnavailableDefaultSchema = z.object({ ifUnavailable: ifUnavailableSchema });

export function adminShopDetailsRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .get('/', async (c) =>
      c.json({
        details: await loadShopDetails(ctx.db),
        pricesIncludeVat: await loadPricesIncludeVat(ctx.db),
        ifUnavailable: await loadIfUnavailableDefault(ctx.db),
      }),
    )
    .put('/if-unavailable', valid('json', ifUnavailableDefaultSchema), async (c) => {
      const ifUnavailable = await saveIfUnavailableDefault(ctx.db, adminActor(c, ctx.now()), c.req.valid('json').ifUnavailable);
      return c.json({ ifUnavailable });
    })
    .put('/prices-include-vat', valid('json', pricesIncludeVatSchema), async (c) => {
      const actor = adminActor(c, ctx.now());
      const pricesIncludeVat = await savePricesIncludeVat(ctx.db, actor, c.req.valid('json').on);
      // Products sold by the kilo are priced to the whole shilling while prices include VAT.
      await repriceWeighedProducts(ctx.db, actor.at);
      return c.json({ pricesIncludeVat });
    })
    .put('/', valid('json', shopDetailsSchema), async (c) => {
      return c.json({ details: await saveShopDetails(ctx.db, adminActor(c, ctx.now()), c.req.valid('json')) });
    });
}
