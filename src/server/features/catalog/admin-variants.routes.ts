// /api/admin/products/:id/variants and /options: a product's options and variants (HTTP only).
// Every write answers the product's options and variants as they now are.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, ServerContext } from '../../context';
import { valid } from '../../infra/http/validate';
import { adminActor, allow } from '../../back-office/admin-access';
import { idParam } from '../../back-office/admin-params';
import {
  newOptionsSchema,
  newValueSchema,
  newVariantSchema,
  optionOrderSchema,
  renameOptionSchema,
  updateValueSchema,
  updateVariantSchema,
  valueOrderSchema,
} from '@/domain/variant-forms';
import { PRODUCT_LIMITS } from '@/domain/back-office-forms';
import { productVariantsView } from './admin-variants-read';
import { addOptions, addVariant, updateVariant } from './admin-variants.service';
import { addOptionValue, renameOption, reorderOptions, reorderOptionValues, updateOptionValue } from './admin-option-values.service';
import { setPricePerKg, WEIGHED_MESSAGES } from './weighed-pricing.service';

// Cents, as the API takes every amount; null sells the variants at their own prices again.
const pricePerKgSchema = z.object({
  pricePerKgCents: z
    .number({ error: WEIGHED_MESSAGES.pricePerKg })
    .int({ error: WEIGHED_MESSAGES.pricePerKg })
    .min(1, { error: WEIGHED_MESSAGES.pricePerKg })
    .max(PRODUCT_LIMITS.maxPriceCents, { error: WEIGHED_MESSAGES.pricePerKg })
    .nullable(),
});

const uuid = z.uuid({ error: 'That id is not valid' });
const optionParam = z.object({ id: uuid, optionId: uuid });
const valueParam = z.object({ id: uuid, optionId: uuid, valueId: uuid });
const variantParam = z.object({ id: uuid, variantId: uuid });

export function adminVariantsRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .get('/:id/variants', allow('staff'), valid('param', idParam), async (c) =>
      c.json(await productVariantsView(ctx.db, c.req.valid('param').id)),
    )
    .post('/:id/variants', valid('param', idParam), valid('json', newVariantSchema), async (c) => {
      const view = await addVariant(ctx.db, adminActor(c, ctx.now()), c.req.valid('param').id, c.req.valid('json'));
      return c.json(view, 201);
    })
    .put('/:id/price-per-kg', valid('param', idParam), valid('json', pricePerKgSchema), async (c) => {
      return c.json(await setPricePerKg(ctx.db, adminActor(c, ctx.now()), c.req.valid('param').id, c.req.valid('json').pricePerKgCents));
    })
    .patch('/:id/variants/:variantId', valid('param', variantParam), valid('json', updateVariantSchema), async (c) => {
      const { id, variantId } = c.req.valid('param');
      return c.json(await updateVariant(ctx.db, adminActor(c, ctx.now()), id, variantId, c.req.valid('json')));
    })
    .post('/:id/options', valid('param', idParam), valid('json', newOptionsSchema), async (c) => {
      const view = await addOptions(ctx.db, adminActor(c, ctx.now()), c.req.valid('param').id, c.req.valid('json'));
      return c.json(view, 201);
    })
    .put('/:id/options/order', valid('param', idParam), valid('json', optionOrderSchema), async (c) => {
      const actor = adminActor(c, ctx.now());
      return c.json(await reorderOptions(ctx.db, actor, c.req.valid('param').id, c.req.valid('json').optionIds));
    })
    .patch('/:id/options/:optionId', valid('param', optionParam), valid('json', renameOptionSchema), async (c) => {
      const { id, optionId } = c.req.valid('param');
      return c.json(await renameOption(ctx.db, adminActor(c, ctx.now()), id, optionId, c.req.valid('json').name));
    })
    .post('/:id/options/:optionId/values', valid('param', optionParam), valid('json', newValueSchema), async (c) => {
      const { id, optionId } = c.req.valid('param');
      return c.json(await addOptionValue(ctx.db, adminActor(c, ctx.now()), id, optionId, c.req.valid('json').value), 201);
    })
    .put('/:id/options/:optionId/values/order', valid('param', optionParam), valid('json', valueOrderSchema), async (c) => {
      const { id, optionId } = c.req.valid('param');
      return c.json(await reorderOptionValues(ctx.db, adminActor(c, ctx.now()), id, optionId, c.req.valid('json').valueIds));
    })
    .patch('/:id/options/:optionId/values/:valueId', valid('param', valueParam), valid('json', updateValueSchema), async (c) => {
      const { id, optionId, valueId } = c.req.valid('param');
      return c.json(await updateOptionValue(ctx.db, adminActor(c, ctx.now()), id, optionId, valueId, c.req.valid('json')));
    });
}
