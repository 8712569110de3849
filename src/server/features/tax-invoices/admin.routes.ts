// /api/admin/tax-invoices: the tax invoices declared to KRA (or waiting, or refused; 'pending' is
// queued or failed), eTIMS's status, 'Send again', and KRA's item classes for the product form.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, ServerContext } from '../../context';
import { adminActor, allow } from '../../back-office/admin-access';
import { idParam } from '../../back-office/admin-params';
import { TAX_INVOICE_STATUSES } from '../../db/schema';
import { valid } from '../../infra/http/validate';
import { listTaxInvoices, sendTaxInvoiceAgain, taxInvoiceStatus } from './admin-tax-invoices.service';
import { itemClassChoices } from './item-classes.service';

const listQuery = z.object({ status: z.enum([...TAX_INVOICE_STATUSES, 'pending']).optional(), orderId: z.uuid().optional() });

export function adminTaxInvoicesRoutes(ctx: ServerContext) {
  return (
    new Hono<AppEnv>()
      .get('/status', async (c) => c.json(await taxInvoiceStatus(ctx)))
      // KRA's item classes for the product form (which staff see too, read only).
      .get('/item-classes', allow('staff'), async (c) => c.json(await itemClassChoices(ctx)))
      .get('/', valid('query', listQuery), async (c) => c.json({ invoices: await listTaxInvoices(ctx, c.req.valid('query')) }))
      .post('/:id/send-again', valid('param', idParam), async (c) =>
        c.json(await sendTaxInvoiceAgain(ctx, adminActor(c, ctx.now()), c.req.valid('param').id)),
      )
  );
}
