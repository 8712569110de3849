// /api/admin/tax-invoices: the tax invoices declared to KRA (or waiting, or refused; 'pending' is
// queued or failed), eTIMS's status, and 'Send again'.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, ServerContext } from '../../context';
import { adminActor } from '../../back-office/admin-access';
import { idParam } from '../../back-office/admin-params';
import { TAX_INVOICE_STATUSES } from '../../db/schema';
import { valid } from '../../infra/http/validate';
import { listTaxInvoices, sendTaxInvoiceAgain, taxInvoiceStatus } from './admin-tax-invoices.service';

const listQuery = z.object({ status: z.enum([...TAX_INVOICE_STATUSES, 'pending']).optional(), orderId: z.uuid().optional() });

export function adminTaxInvoicesRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .get('/status', async (c) => c.json(await taxInvoiceStatus(ctx)))
    .get('/', valid('query', listQuery), async (c) => c.json({ invoices: await listTaxInvoices(ctx, c.req.valid('query')) }))
    .post('/:id/send-again', valid('param', idParam), async (c) =>
      c.json(await sendTaxInvoiceAgain(ctx, adminActor(c, ctx.now()), c.req.valid('param').id)),
    );
}
