// /api/admin/products: HTTP only (validate, call the service, answer).
import { Hono } from 'hono';
import { z } from 'zod';
import { STOCK_UNIT_MESSAGES, STOCK_UNITS } from '@/domain/stock-units';
import type { AppEnv, ServerContext } from '../../context';
import { valid } from '../../infra/http/validate';
import { adminActor, allow } from '../../back-office/admin-access';
import { imageForm, prepareImage, readableForm } from '../media/admin-images';
import { idParam } from '../../back-office/admin-params';
import { createProductSchema, stockAdjustmentSchema, updateProductSchema } from '@/domain/back-office-forms';
import { productListQuery, stockCsvQuery, stockHistoryQuery } from './admin-products.schemas';
import { createProduct, getProduct, listProducts, setProductArchived, setProductImage, updateProduct } from './admin-products.service';
import { adjustProductStock, stockHistory } from '../inventory/admin-stock.service';
import { setStockUnit } from '../inventory/stock-unit.service';
import { stockHistoryCsv } from '../inventory/admin-stock-export';
import { assertKnownItemClass } from '../tax-invoices/item-classes.service';
import { kickTaxInvoices } from '../tax-invoices/tax-invoice-sender';

const stockUnitSchema = z.object({ stockUnit: z.enum(STOCK_UNITS, { error: STOCK_UNIT_MESSAGES.unit }) });

export function adminProductsRoutes(ctx: ServerContext) {
  return (
    new Hono<AppEnv>()
      .get('/', allow('staff'), valid('query', productListQuery), async (c) => c.json(await listProducts(ctx.db, c.req.valid('query'))))
      .post('/', valid('json', createProductSchema), async (c) => {
        const body = c.req.valid('json');
        if (body.etimsItemClass) await assertKnownItemClass(ctx, body.etimsItemClass);
        const product = await createProduct(ctx.db, adminActor(c, ctx.now()), body);
        // Its opening stock goes to KRA after the commit, in the background.
        kickTaxInvoices(ctx);
        return c.json({ product }, 201);
      })
      .get('/:id', allow('staff'), valid('param', idParam), async (c) =>
        c.json({ product: await getProduct(ctx.db, c.req.valid('param').id) }),
      )
      .patch('/:id', valid('param', idParam), valid('json', updateProductSchema), async (c) => {
        const { id } = c.req.valid('param');
        const body = c.req.valid('json');
        // Only a newly chosen class is checked: the one a product has stays, even if KRA's list dropped it.
        if (body.etimsItemClass && body.etimsItemClass !== (await getProduct(ctx.db, id)).etimsItemClass)
          await assertKnownItemClass(ctx, body.etimsItemClass);
        const product = await updateProduct(ctx.db, adminActor(c, ctx.now()), id, body);
        return c.json({ product });
      })
      .post('/:id/image', valid('param', idParam), readableForm, valid('form', imageForm), async (c) => {
        const image = await prepareImage(c.req.valid('form').image);
        const product = await setProductImage(ctx.db, adminActor(c, ctx.now()), c.req.valid('param').id, image);
        return c.json({ product });
      })
      .post('/:id/archive', valid('param', idParam), async (c) => {
        const product = await setProductArchived(ctx.db, adminActor(c, ctx.now()), c.req.valid('param').id, true);
        return c.json({ product });
      })
      .post('/:id/restore', valid('param', idParam), async (c) => {
        const product = await setProductArchived(ctx.db, adminActor(c, ctx.now()), c.req.valid('param').id, false);
        return c.json({ product });
      })
      .get('/:id/stock', allow('staff'), valid('param', idParam), valid('query', stockHistoryQuery), async (c) => {
        return c.json(await stockHistory(ctx.db, c.req.valid('param').id, c.req.valid('query')));
      })
      .get('/:id/stock.csv', allow('staff'), valid('param', idParam), valid('query', stockCsvQuery), async (c) => {
        const { filename, csv } = await stockHistoryCsv(ctx.db, c.req.valid('param').id, c.req.valid('query'), ctx.now());
        return c.body(csv, 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${filename}"`,
          'Cache-Control': 'no-store',
        });
      })
      // Pieces or kg, for a product sold by the kilo (the owner's, beside its price per kg).
      .put('/:id/stock-unit', valid('param', idParam), valid('json', stockUnitSchema), async (c) => {
        const result = await setStockUnit(ctx.db, adminActor(c, ctx.now()), c.req.valid('param').id, c.req.valid('json').stockUnit);
        // The goods move between the product's KRA items after the commit, in the background.
        kickTaxInvoices(ctx);
        return c.json(result);
      })
      .post('/:id/stock', allow('staff'), valid('param', idParam), valid('json', stockAdjustmentSchema), async (c) => {
        const result = await adjustProductStock(ctx.db, adminActor(c, ctx.now()), c.req.valid('param').id, c.req.valid('json'));
        // The change goes to KRA after the commit, in the background (decision 044).
        kickTaxInvoices(ctx);
        return c.json(result, 201);
      })
  );
}
