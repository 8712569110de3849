import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import { ORDER_REF_PATTERN } from '@/domain/order-status';
import type { AppEnv, ServerContext } from '../../context';
import { badRequest } from '../../errors';
import { getSessionUser } from '../../auth/auth';
import { currentUser, requireUser } from '../../auth/session';
import { valid } from '../../infra/http/validate';
import { clientAddress } from '../../infra/http/client-address';
import { countPendingPayments, getOrder, getTransaction, listOrders } from './orders.service';
import { RECEIPT_FORMATS, receiptPdf } from './receipt-pdf';
import { receiptHtml } from './receipt-render';
import { issueReceipt } from './receipt.service';

const orderParam = z.object({ id: z.uuid({ message: 'Invalid order id.' }) });
/** An order's page is opened by its id or by the short reference an SMS links to ('#0f8d2c1a'). */
const orderOrRefParam = z.object({
  id: z.union([z.uuid(), z.string().regex(ORDER_REF_PATTERN)], { message: 'Invalid order id.' }),
});
/** `?format=80mm` gives the PDF for an 80 mm thermal receipt printer; A4 otherwise. */
const receiptQuery = z.object({
  format: z.enum(RECEIPT_FORMATS, { message: `Unknown receipt format: use ${RECEIPT_FORMATS.join(' or ')}.` }).default('a4'),
});

/** My Orders a page at a time: 10 by default, at most 20; `before` is the last order already shown. */
const ordersPageQuery = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a number.' })
    .int({ error: 'Limit must be a whole number.' })
    .min(1, { error: 'Limit must be 1 or more.' })
    .max(20, { error: 'Limit must be 20 or less.' })
    .default(10),
  before: z.uuid({ message: 'Invalid order id.' }).optional(),
});

/** A receipt opened from a mail by someone signed out goes to My Orders, which asks them to sign in. */
const SIGNED_OUT_RECEIPT_PATH = '/orders';

// The signed-in customer's own orders; personal data, so never cached.
export function ordersRoutes(ctx: ServerContext) {
  const receipt = (format: 'html' | 'pdf') => async (c: Context<AppEnv>) => {
    c.header('Cache-Control', 'no-store');
    const user = await getSessionUser(ctx.auth, c.req.raw.headers);
    if (!user) return c.redirect(SIGNED_OUT_RECEIPT_PATH, 302);
    const parsed = orderParam.safeParse({ id: c.req.param('id') });
    if (!parsed.success) throw badRequest('Invalid order id.');
    if (format === 'html') {
      const { document } = await issueReceipt(ctx, user.id, parsed.data.id, 'print', receiptHtml);
      return c.html(document);
    }
    const query = receiptQuery.safeParse({ format: c.req.query('format')?.toLowerCase() });
    if (!query.success) throw badRequest(query.error.issues[0]?.message ?? 'Invalid receipt format.');
    const { receipt, document } = await issueReceipt(ctx, user.id, parsed.data.id, 'pdf', (r) => receiptPdf(r, query.data.format));
    const suffix = query.data.format === 'a4' ? '' : `-${query.data.format}`;
    return c.body(document, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="receipt-${receipt.orderNumber}${suffix}.pdf"`,
    });
  };

  return (
    new Hono<AppEnv>()
      // Before the sign-in gate: a signed-out reader (a link in a mail) is sent to sign in, not given JSON.
      .get('/:id/receipt', receipt('html'))
      .get('/:id/receipt.pdf', receipt('pdf'))
      .use('*', requireUser(ctx))
      .use('*', async (c, next) => {
        await next();
        c.header('Cache-Control', 'no-store');
      })
      .get('/', valid('query', ordersPageQuery), async (c) =>
        c.json(await listOrders(ctx.db, currentUser(c).id, ctx.now(), c.req.valid('query'))),
      )
      .get('/pending-count', async (c) => c.json({ count: await countPendingPayments(ctx.db, currentUser(c).id) }))
      .get('/:id', valid('param', orderOrRefParam), async (c) =>
        c.json(await getOrder(ctx.db, currentUser(c).id, c.req.valid('param').id, ctx.now())),
      )
      .get('/:id/transaction', valid('param', orderParam), async (c) => {
        const address = clientAddress(c);
        const caller = { userId: currentUser(c).id, ip: address === 'unknown' ? null : address };
        return c.json(await getTransaction(ctx.db, caller, c.req.valid('param').id));
      })
  );
}
