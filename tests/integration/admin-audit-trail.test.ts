// Every admin change writes its audit row (who, what, which record, when): each write endpoint of
// the admin router is called once with valid input, and the test fails if a write endpoint is added
// without a case here. A change that is refused or rolled back leaves no row.
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import {
  auditLogs,
  contactMessages,
  newsletterSubscriptions,
  orderItems,
  orders,
  outboundSms,
  paymentRefunds,
  paymentTransactions,
  productVariants,
  promotions,
  taxInvoices,
} from '../../src/server/db/schema';
import { createSmsOutbox } from '../../src/server/infra/sms/sms-outbox';
import { adminRoutes } from '../../src/server/admin.routes';
import { createUser, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { body, payByCard, placeOrder, placeOrderPaidTwice, withAdminApp } from './admin-helpers';
import { insertProducts } from '../../src/server/features/catalog/new-products';

/** Writes that change nothing: the preview only sanitises the HTML it is sent. */
const NOT_A_CHANGE = new Set(['POST /content/preview']);
/** Reads that are audited anyway: personal data leaving the system. */
const AUDITED_READS = ['GET /newsletter/export.csv'];

interface Ids {
  product: string;
  post: string;
  page: string;
  pendingOrder: string;
  paidOrder: string;
  pickupOrder: string;
  /** Paid twice: flagged, with a payment it does not need. */
  paidTwiceOrder: string;
  extraPayment: string;
  /** Paid, for 'Refund part of this order' (twice: the second waits to be made by hand). */
  partOrder: string;
  partLine: string;
  subscriber: string;
  message: string;
  /** A product given options by the cases below, its kind, values (in order) and a variant. */
  optionsProduct: string;
  /** Orders to be paid on delivery, carried by the owner as a rider: one prompted, one paid in cash, one refused. */
  doorOrders: string[];
  option: string;
  values: string[];
  variant: string;
}

interface OptionsView {
  options: { id: string; values: { id: string; value: string }[] }[];
  variants: { id: string; name: string }[];
}

interface AuditCase {
  route: string;
  action: string;
  table: string;
  /** Makes the call; answers the response and the id the audit row must name (null: the whole table). */
  run(): Promise<{ res: Response; recordId: string | null }>;
  /** What the row's details must hold, where they carry money (integer cents, as on the wire). */
  details?: () => Promise<Record<string, unknown>>;
}

async function imageForm(): Promise<FormData> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0e7490' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('image', new File([new Uint8Array(png)], 'photo.png', { type: 'image/png' }));
  return form;
}

describe.each(dbKinds(import.meta.url))('the audit trail of the back office on %s', (kind) => {
  // M-Pesa Express by the simulator: the rider's prompt at the door is one of the writes.
  const s = withAdminApp(kind, { MPESA_ENV: 'simulator' });
  const { asAdmin } = s;
  let other: TestUser;
  let rider: TestUser;
  const ids = {} as Ids;
  /** The order's total in cents: what each of its payments was for. */
  const paidCents = async (orderId: string) => {
    const [order] = await s.t.ctx.db.select({ total: orders.totalAmount }).from(orders).where(eq(orders.id, orderId));
    return order!.total;
  };
  const item = async (res: Response) => (await body<{ item: { id: string } }>(res.clone())).item.id;

  const cases: AuditCase[] = [
    {
      route: 'POST /products',
      action: 'PRODUCT_CREATE',
      table: 'products',
      run: async () => {
        const res = await asAdmin('/products', {
          method: 'POST',
          json: { name: 'Audit Tilapia', category: 'fish', priceCents: 45000, stock: 3 },
        });
        ids.product = (await body<{ product: { id: string } }>(res.clone())).product.id;
        return { res, recordId: ids.product };
      },
      details: async () => ({ name: 'Audit Tilapia', priceCents: 45000, stock: 3 }),
    },
    {
      route: 'PATCH /products/:id',
      action: 'PRODUCT_UPDATE',
      table: 'products',
      run: async () => ({
        res: await asAdmin(`/products/${ids.product}`, { method: 'PATCH', json: { priceCents: 50000 } }),
        recordId: ids.product,
      }),
      details: async () => ({ changed: { priceCents: { from: 45000, to: 50000 } } }),
    },
    {
      route: 'POST /products/:id/image',
      action: 'PRODUCT_IMAGE_UPLOAD',
      table: 'products',
      run: async () => ({
        res: await asAdmin(`/products/${ids.product}/image`, { method: 'POST', body: await imageForm() }),
        recordId: ids.product,
      }),
    },
    {
      route: 'POST /products/:id/stock',
      action: 'STOCK_ADJUST',
      table: 'products',
      run: async () => ({
        res: await asAdmin(`/products/${ids.product}/stock`, {
          method: 'POST',
          json: { kind: 'restock', quantity: 5, reason: 'Morning catch' },
        }),
        recordId: ids.product,
      }),
    },
    {
      route: 'POST /products/:id/archive',
      action: 'PRODUCT_ARCHIVE',
      table: 'products',
      run: async () => ({ res: await asAdmin(`/products/${ids.product}/archive`, { method: 'POST' }), recordId: ids.product }),
    },
    {
      route: 'POST /products/:id/restore',
      action: 'PRODUCT_RESTORE',
      table: 'products',
      run: async () => ({ res: await asAdmin(`/products/${ids.product}/restore`, { method: 'POST' }), recordId: ids.product }),
    },
    {
      route: 'POST /orders/:id/fulfilment',
      action: 'ORDER_FULFILMENT',
      table: 'orders',
      run: async () => ({
        res: await asAdmin(`/orders/${ids.paidOrder}/fulfilment`, { method: 'POST', json: { status: 'processing' } }),
        recordId: ids.paidOrder,
      }),
    },
    {
      route: 'POST /packing/items/:itemId',
      action: 'ORDER_PACKING_LINE',
      table: 'orders',
      run: async () => {
        const [line] = await s.t.ctx.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, ids.paidOrder));
        return {
          res: await asAdmin(`/packing/items/${line!.id}`, { method: 'POST', json: { outcome: 'packed' } }),
          recordId: ids.paidOrder,
        };
      },
      details: async () => ({ item: 'Audit Stock Fish', outcome: 'packed' }),
    },
    {
      route: 'POST /packing/orders/:id/finish',
      action: 'ORDER_PACKED',
      table: 'orders',
      run: async () => ({ res: await asAdmin(`/packing/orders/${ids.paidOrder}/finish`, { method: 'POST' }), recordId: ids.paidOrder }),
      details: async () => ({ refundCents: 0, lines: [{ item: 'Audit Stock Fish', outcome: 'packed', owedCents: 0 }] }),
    },
    {
      route: 'POST /orders/:id/check-payment',
      action: 'PAYMENT_STATUS_CHECK',
      table: 'orders',
      run: async () => ({
        res: await asAdmin(`/orders/${ids.pendingOrder}/check-payment`, { method: 'POST' }),
        recordId: ids.pendingOrder,
      }),
    },
    {
      route: 'POST /orders/:id/cancel',
      action: 'ORDER_CANCEL',
      table: 'orders',
      run: async () => ({
        res: await asAdmin(`/orders/${ids.pendingOrder}/cancel`, { method: 'POST', json: { reason: 'Customer asked' } }),
        recordId: ids.pendingOrder,
      }),
    },
    {
      route: 'POST /orders/:id/cancel',
      action: 'ORDER_REFUND',
      table: 'orders',
      run: async () => ({
        res: await asAdmin(`/orders/${ids.paidOrder}/cancel`, { method: 'POST', json: { reason: 'Spoiled in the cold room' } }),
        recordId: ids.paidOrder,
      }),
      details: async () => ({ amountCents: await paidCents(ids.paidOrder) }),
    },
    {
      route: 'POST /orders/:id/refunds/:refundId/rejected',
      action: 'REFUND_REJECTED',
      table: 'orders',
      run: async () => {
        // The refund just requested, which Pesapal has neither made nor notified.
        const [refund] = await s.t.ctx.db
          .select({ id: paymentRefunds.id })
          .from(paymentRefunds)
          .innerJoin(paymentTransactions, eq(paymentTransactions.id, paymentRefunds.transactionId))
          .where(and(eq(paymentTransactions.orderId, ids.paidOrder), eq(paymentRefunds.status, 'requested')));
        return {
          res: await asAdmin(`/orders/${ids.paidOrder}/refunds/${refund!.id}/rejected`, {
            method: 'POST',
            json: { note: 'Dashboard shows it rejected' },
          }),
          recordId: ids.paidOrder,
        };
      },
      details: async () => ({ amountCents: await paidCents(ids.paidOrder) }),
    },
    {
      route: 'POST /orders/:id/payments/:paymentId/refund',
      action: 'PAYMENT_REFUND',
      table: 'orders',
      run: async () => ({
        res: await asAdmin(`/orders/${ids.paidTwiceOrder}/payments/${ids.extraPayment}/refund`, {
          method: 'POST',
          json: { reason: 'Paid twice' },
        }),
        recordId: ids.paidTwiceOrder,
      }),
      details: async () => ({ amountCents: await paidCents(ids.paidTwiceOrder) }),
    },
    {
      route: 'POST /orders/:id/partial-refund',
      action: 'ORDER_PART_REFUND',
      table: 'orders',
      // A first partial refund waits for Pesapal (beforeAll): this one is the owner's to make by hand.
      run: async () => ({
        res: await asAdmin(`/orders/${ids.partOrder}/partial-refund`, {
          method: 'POST',
          json: { lines: [{ orderItemId: ids.partLine, amountCents: 2_500, restockQuantity: 0 }], reason: 'Fish weighed less' },
        }),
        recordId: ids.partOrder,
      }),
      details: async () => ({ amountCents: 2_500, source: 'merchant' }),
    },
    {
      route: 'POST /orders/:id/refunds/:refundId/manual',
      action: 'REFUND_RECORDED_BY_HAND',
      table: 'orders',
      run: async () => {
        const [refund] = await s.t.ctx.db
          .select({ id: paymentRefunds.id })
          .from(paymentRefunds)
          .innerJoin(paymentTransactions, eq(paymentTransactions.id, paymentRefunds.transactionId))
          .where(and(eq(paymentTransactions.orderId, ids.partOrder), eq(paymentRefunds.status, 'manual_needed')));
        return {
          res: await asAdmin(`/orders/${ids.partOrder}/refunds/${refund!.id}/manual`, {
            method: 'POST',
            json: { mpesaCode: 'QGH7XK2P1L' },
          }),
          recordId: ids.partOrder,
        };
      },
      details: async () => ({ amountCents: 2_500, mpesaCode: 'QGH7XK2P1L' }),
    },
    {
      route: 'POST /orders/:id/refunds/:refundId/withdraw',
      action: 'REFUND_WITHDRAWN',
      table: 'orders',
      // One more refund of the order, left to be made by hand (one refund per payment), then withdrawn.
      run: async () => {
        const asked = await asAdmin(`/orders/${ids.partOrder}/partial-refund`, {
          method: 'POST',
          json: { lines: [{ orderItemId: ids.partLine, amountCents: 1_500, restockQuantity: 0 }], reason: 'Small fish' },
        });
        const { refundId } = (await asked.json()) as { refundId: string };
        return {
          res: await asAdmin(`/orders/${ids.partOrder}/refunds/${refundId}/withdraw`, {
            method: 'POST',
            json: { reason: 'The customer took a bigger fish next time instead' },
          }),
          recordId: ids.partOrder,
        };
      },
      details: async () => ({ amountCents: 1_500, kind: 'partial', note: 'The customer took a bigger fish next time instead' }),
    },
    {
      route: 'POST /orders/:id/messages/:channel/:messageId/resend',
      action: 'ORDER_MESSAGE_RESEND',
      table: 'orders',
      run: async () => {
        // 'Send again' needs a real SMS gateway: a stand-in that accepts, and an SMS that was abandoned.
        s.t.ctx.sms = createSmsOutbox({
          db: s.t.ctx.db,
          gateway: { description: 'stand-in', send: async () => ({ ok: true, messageId: 'ATXid_audit', status: 'Success', cost: null }) },
        });
        const [row] = await s.t.ctx.db
          .insert(outboundSms)
          .values({
            orderId: ids.paidTwiceOrder,
            step: 'out_for_delivery',
            dedupeKey: `${ids.paidTwiceOrder}:audit`,
            to: '+254712345678',
            message: 'On its way',
            status: 'abandoned',
            attempts: 8,
          })
          .returning({ id: outboundSms.id });
        return {
          res: await asAdmin(`/orders/${ids.paidTwiceOrder}/messages/sms/${row!.id}/resend`, { method: 'POST' }),
          recordId: ids.paidTwiceOrder,
        };
      },
    },
    {
      route: 'POST /orders/:id/resolve',
      action: 'ORDER_ATTENTION_RESOLVED',
      table: 'orders',
      run: async () => ({
        res: await asAdmin(`/orders/${ids.paidTwiceOrder}/resolve`, { method: 'POST', json: { note: 'Second payment refunded' } }),
        recordId: ids.paidTwiceOrder,
      }),
    },
    {
      route: 'POST /customers/:id/role',
      action: 'USER_ROLE_CHANGE',
      table: 'profiles',
      run: async () => ({
        res: await asAdmin(`/customers/${other.id}/role`, { method: 'POST', json: { role: 'owner' } }),
        recordId: other.id,
      }),
    },
    ...(['post', 'page'] as const).flatMap((k): AuditCase[] => {
      const base = `/${k}s`;
      const table = k === 'post' ? 'blog_posts' : 'page_content';
      const action = k.toUpperCase();
      const id = () => (k === 'post' ? ids.post : ids.page);
      return [
        {
          route: `POST ${base}`,
          action: `${action}_CREATE`,
          table,
          run: async () => {
            const res = await asAdmin(base, { method: 'POST', json: { title: `Audit ${k}`, content: 'Hello' } });
            ids[k] = await item(res);
            return { res, recordId: id() };
          },
        },
        {
          route: `PATCH ${base}/:id`,
          action: `${action}_UPDATE`,
          table,
          run: async () => ({
            res: await asAdmin(`${base}/${id()}`, { method: 'PATCH', json: { content: 'Hello again' } }),
            recordId: id(),
          }),
        },
        {
          route: `POST ${base}/:id/publish`,
          action: `${action}_PUBLISH`,
          table,
          run: async () => ({
            res: await asAdmin(`${base}/${id()}/publish`, { method: 'POST', json: { published: true } }),
            recordId: id(),
          }),
        },
        {
          route: `POST ${base}/:id/publish`,
          action: `${action}_UNPUBLISH`,
          table,
          run: async () => ({
            res: await asAdmin(`${base}/${id()}/publish`, { method: 'POST', json: { published: false } }),
            recordId: id(),
          }),
        },
        ...(k === 'post'
          ? [
              {
                route: 'POST /posts/:id/image',
                action: 'POST_IMAGE_UPLOAD',
                table,
                run: async () => ({
                  res: await asAdmin(`/posts/${ids.post}/image`, { method: 'POST', body: await imageForm() }),
                  recordId: ids.post,
                }),
              },
            ]
          : []),
        {
          route: `DELETE ${base}/:id`,
          action: `${action}_DELETE`,
          table,
          run: async () => ({ res: await asAdmin(`${base}/${id()}`, { method: 'DELETE' }), recordId: id() }),
        },
      ];
    }),
    {
      route: 'GET /newsletter/export.csv',
      action: 'NEWSLETTER_EXPORT',
      table: 'newsletter_subscriptions',
      run: async () => ({ res: await asAdmin('/newsletter/export.csv'), recordId: null }),
    },
    {
      route: 'DELETE /newsletter/:id',
      action: 'NEWSLETTER_UNSUBSCRIBE',
      table: 'newsletter_subscriptions',
      run: async () => ({ res: await asAdmin(`/newsletter/${ids.subscriber}`, { method: 'DELETE' }), recordId: ids.subscriber }),
    },
    {
      route: 'POST /messages/:id/read',
      action: 'CONTACT_MESSAGE_READ',
      table: 'contact_messages',
      run: async () => ({
        res: await asAdmin(`/messages/${ids.message}/read`, { method: 'POST', json: { read: true } }),
        recordId: ids.message,
      }),
    },
    {
      route: 'POST /messages/:id/read',
      action: 'CONTACT_MESSAGE_UNREAD',
      table: 'contact_messages',
      run: async () => ({
        res: await asAdmin(`/messages/${ids.message}/read`, { method: 'POST', json: { read: false } }),
        recordId: ids.message,
      }),
    },
    {
      route: 'POST /deliveries/:id/reschedule',
      action: 'ORDER_RESCHEDULE',
      table: 'orders',
      run: async () => {
        // Staff move a stop to another window, the first free one offered (while its zone is the one it was ordered to).
        const offered = await asAdmin(`/deliveries/${ids.paidOrder}/reschedule`);
        expect(offered.status, await offered.clone().text()).toBe(200);
        const { slots } = await body<{ slots: { windowId: string; date: string; full: boolean }[] }>(offered);
        const free = slots.find((slot) => !slot.full);
        if (!free) throw new Error('no free window to move the stop to');
        return {
          res: await asAdmin(`/deliveries/${ids.paidOrder}/reschedule`, {
            method: 'POST',
            json: { windowId: free.windowId, date: free.date },
          }),
          recordId: ids.paidOrder,
        };
      },
      details: async () => ({ via: 'staff' }),
    },
    {
      route: 'PUT /delivery/windows',
      action: 'DELIVERY_WINDOWS_UPDATE',
      table: 'delivery_windows',
      run: async () => {
        const { week } = await body<{ week: { id: string; weekday: number; startMinute: number; endMinute: number }[] }>(
          await asAdmin('/delivery/windows'),
        );
        const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        const windows = week.map((w, i) => ({
          id: w.id,
          weekday: w.weekday,
          start: clock(w.startMinute),
          end: clock(w.endMinute),
          capacity: i === 0 ? 6 : 20,
          cutoffMinutes: 60,
        }));
        return {
          res: await asAdmin('/delivery/windows', { method: 'PUT', json: { windows, closedDates: [] } }),
          recordId: 'delivery_week',
        };
      },
    },
    {
      route: 'PUT /delivery/windows/:zoneId',
      action: 'DELIVERY_ZONE_WINDOWS_UPDATE',
      table: 'delivery_window_zones',
      run: async () => {
        const { zones } = await body<{ zones: { zoneId: string }[] }>(await asAdmin('/delivery/windows'));
        const zoneId = zones[0]!.zoneId;
        return {
          res: await asAdmin(`/delivery/windows/${zoneId}`, { method: 'PUT', json: { daysOff: [6], exceptions: [], closedDates: [] } }),
          recordId: zoneId,
        };
      },
    },
    {
      route: 'PUT /delivery/pickup',
      action: 'PICKUP_SETTINGS_UPDATE',
      table: 'app_settings',
      run: async () => ({
        res: await asAdmin('/delivery/pickup', {
          method: 'PUT',
          json: {
            enabled: true,
            instructions: 'Kogo Star Plaza, at the counter',
            windows: [{ weekday: 1, start: '10:00', end: '12:00', capacity: 5, cutoffMinutes: 0 }],
          },
        }),
        recordId: 'pickup',
      }),
    },
    {
      route: 'PUT /delivery/opening-hours',
      action: 'OPENING_HOURS_UPDATE',
      table: 'app_settings',
      run: async () => {
        // Sunday first: open 10:00-13:00 this time, the other days as they were.
        const days = [
          { open: true, opens: '10:00', closes: '13:00' },
          ...[1, 2, 3, 4, 5].map(() => ({ open: true, opens: '09:00', closes: '18:00' })),
          { open: true, opens: '09:00', closes: '14:00' },
        ];
        return { res: await asAdmin('/delivery/opening-hours', { method: 'PUT', json: { days } }), recordId: 'opening_hours' };
      },
    },
    {
      route: 'PUT /merchant-notices',
      action: 'MERCHANT_NOTICES_UPDATE',
      table: 'app_settings',
      run: async () => ({
        res: await asAdmin('/merchant-notices', {
          method: 'PUT',
          json: { phones: ['0722 123 456'], emails: ['owner@example.co.ke'], summaryTime: '07:30' },
        }),
        recordId: 'merchant_notices',
      }),
    },
    {
      route: 'PUT /abandoned-carts/settings',
      action: 'CART_REMINDERS_UPDATE',
      table: 'app_settings',
      run: async () => ({
        res: await asAdmin('/abandoned-carts/settings', { method: 'PUT', json: { hours: 8 } }),
        recordId: 'cart_reminders',
      }),
    },
    {
      route: 'PUT /delivery/zones',
      action: 'DELIVERY_ZONES_UPDATE',
      table: 'delivery_zones',
      run: async () => {
        const zones = [
          { name: 'Everywhere', minKm: 0, maxKm: 50, baseFeeCents: 10000, perKmRateCents: 1000, estimatedMinutes: 60, active: true },
        ];
        return { res: await asAdmin('/delivery/zones', { method: 'PUT', json: { zones } }), recordId: null };
      },
    },
    {
      route: 'PUT /delivery/origin',
      action: 'DELIVERY_ORIGIN_UPDATE',
      table: 'app_settings',
      run: async () => ({
        res: await asAdmin('/delivery/origin', { method: 'PUT', json: { lat: -1.29, lng: 36.82, label: 'City Market' } }),
        recordId: 'delivery_origin',
      }),
    },
    {
      route: 'PUT /delivery/fee-tax-band',
      action: 'DELIVERY_FEE_TAX_BAND_UPDATE',
      table: 'app_settings',
      run: async () => ({
        res: await asAdmin('/delivery/fee-tax-band', { method: 'PUT', json: { band: 'B' } }),
        recordId: 'delivery_fee_tax_band',
      }),
      details: async () => ({ changed: { taxBand: { from: 'D', to: 'B' } } }),
    },
    {
      route: 'POST /tax-invoices/:id/send-again',
      action: 'TAX_INVOICE_SEND_AGAIN',
      table: 'tax_invoices',
      run: async () => {
        // The paid order's sale, as KRA refused it (set directly: the refusal itself is covered by the eTIMS tests).
        const [invoice] = await s.t.ctx.db
          .update(taxInvoices)
          .set({ status: 'refused', resultMessage: 'Tax rate mismatch' })
          .where(and(eq(taxInvoices.orderId, ids.paidOrder), eq(taxInvoices.kind, 'sale')))
          .returning({ id: taxInvoices.id });
        return { res: await asAdmin(`/tax-invoices/${invoice!.id}/send-again`, { method: 'POST' }), recordId: invoice!.id };
      },
    },
    {
      route: 'PUT /shop-details',
      action: 'SHOP_DETAILS_UPDATE',
      table: 'app_settings',
      run: async () => ({
        res: await asAdmin('/shop-details', {
          method: 'PUT',
          json: { address: 'Kogo Star Plaza, Nairobi West', phone: '+254 722 123 456', email: 'sales@example.co.ke' },
        }),
        recordId: 'shop_details',
      }),
    },
    {
      route: 'PUT /shop-details/prices-include-vat',
      action: 'PRICES_INCLUDE_VAT_UPDATE',
      table: 'app_settings',
      run: async () => ({
        res: await asAdmin('/shop-details/prices-include-vat', { method: 'PUT', json: { on: false } }),
        recordId: 'prices_include_vat',
      }),
      details: async () => ({ before: false, after: false }),
    },
    {
      route: 'PUT /shop-details/if-unavailable',
      action: 'IF_UNAVAILABLE_DEFAULT_UPDATE',
      table: 'app_settings',
      run: async () => ({
        res: await asAdmin('/shop-details/if-unavailable', { method: 'PUT', json: { ifUnavailable: 'call' } }),
        recordId: 'if_unavailable_default',
      }),
      details: async () => ({ before: 'similar', after: 'call' }),
    },
    {
      route: 'POST /staff',
      action: 'USER_ROLE_CHANGE',
      table: 'profiles',
      run: async () => ({
        res: await asAdmin('/staff', { method: 'POST', json: { email: rider.email, role: 'rider' } }),
        recordId: rider.id,
      }),
      details: async () => ({ from: 'customer', to: 'rider', via: 'staff' }),
    },
    {
      route: 'POST /deliveries/assign',
      action: 'ORDER_RIDER_ASSIGN',
      table: 'orders',
      run: async () => ({
        res: await asAdmin('/deliveries/assign', { method: 'POST', json: { orderIds: [ids.paidTwiceOrder], riderId: rider.id } }),
        recordId: ids.paidTwiceOrder,
      }),
    },
    {
      route: 'POST /deliveries/:id/on-my-way',
      action: 'ORDER_FULFILMENT',
      table: 'orders',
      run: async () => ({ res: await asAdmin(`/deliveries/${ids.paidOrder}/on-my-way`, { method: 'POST' }), recordId: ids.paidOrder }),
      details: async () => ({ to: 'out_for_delivery', via: 'staff' }),
    },
    {
      route: 'POST /deliveries/:id/ready-for-pickup',
      action: 'ORDER_FULFILMENT',
      table: 'orders',
      run: async () => ({
        res: await asAdmin(`/deliveries/${ids.pickupOrder}/ready-for-pickup`, { method: 'POST' }),
        recordId: ids.pickupOrder,
      }),
      details: async () => ({ to: 'ready_for_pickup', via: 'pickup' }),
    },
    {
      route: 'POST /deliveries/:id/collected',
      action: 'ORDER_FULFILMENT',
      table: 'orders',
      run: async () => ({ res: await asAdmin(`/deliveries/${ids.pickupOrder}/collected`, { method: 'POST' }), recordId: ids.pickupOrder }),
      details: async () => ({ to: 'delivered', via: 'pickup' }),
    },
    {
      route: 'POST /rider/stops/:id/on-my-way',
      action: 'ORDER_FULFILMENT',
      table: 'orders',
      run: async () => {
        // The owner carries this one (as a rider would): the stop must be the caller's own.
        await s.t.ctx.db.update(orders).set({ riderId: s.admin.id }).where(eq(orders.id, ids.paidTwiceOrder));
        return { res: await asAdmin(`/rider/stops/${ids.paidTwiceOrder}/on-my-way`, { method: 'POST' }), recordId: ids.paidTwiceOrder };
      },
      details: async () => ({ to: 'out_for_delivery', via: 'rider' }),
    },
    {
      route: 'POST /rider/stops/:id/not-delivered',
      action: 'ORDER_NOT_DELIVERED',
      table: 'orders',
      run: async () => {
        // The owner carries this one (as a rider would): the stop must be the caller's own.
        await s.t.ctx.db.update(orders).set({ riderId: s.admin.id }).where(eq(orders.id, ids.paidTwiceOrder));
        return {
          res: await asAdmin(`/rider/stops/${ids.paidTwiceOrder}/not-delivered`, { method: 'POST', json: { reason: 'Nobody at home' } }),
          recordId: ids.paidTwiceOrder,
        };
      },
      details: async () => ({ note: 'Nobody at home' }),
    },
    {
      route: 'POST /rider/stops/:id/mpesa-prompt',
      action: 'ORDER_DOOR_PROMPT',
      table: 'orders',
      run: async () => ({
        res: await asAdmin(`/rider/stops/${ids.doorOrders[0]}/mpesa-prompt`, { method: 'POST', json: { phone: '0712 345 678' } }),
        recordId: ids.doorOrders[0]!,
      }),
      details: async () => ({ to: '071****678' }),
    },
    {
      route: 'POST /rider/stops/:id/paid',
      action: 'ORDER_PAID_AT_DOOR',
      table: 'orders',
      run: async () => ({
        res: await asAdmin(`/rider/stops/${ids.doorOrders[1]}/paid`, { method: 'POST', json: { method: 'cash' } }),
        recordId: ids.doorOrders[1]!,
      }),
      details: async () => ({ method: 'Cash', amountCents: await paidCents(ids.doorOrders[1]!) }),
    },
    {
      route: 'POST /rider/stops/:id/refused',
      action: 'ORDER_REFUSED_AT_DOOR',
      table: 'orders',
      run: async () => ({
        res: await asAdmin(`/rider/stops/${ids.doorOrders[2]}/refused`, { method: 'POST', json: { reason: 'Did not want it' } }),
        recordId: ids.doorOrders[2]!,
      }),
      details: async () => ({ note: 'Did not want it' }),
    },
    {
      route: 'PUT /deliveries/cash-up/:riderId/:day',
      action: 'RIDER_CASH_UP',
      table: 'rider_cash_ups',
      run: async () => {
        const cashRider = await createUser(s.t, { role: 'rider', name: 'Cash Rider' });
        return {
          res: await asAdmin(`/deliveries/cash-up/${cashRider.id}/2026-11-30`, {
            method: 'PUT',
            json: { cashReceived: '1500', note: 'All in' },
          }),
          recordId: `${cashRider.id}:2026-11-30`,
        };
      },
      details: async () => ({ day: '2026-11-30', cashReceivedCents: 150_000, note: 'All in' }),
    },
    {
      route: 'POST /rider/stops/:id/delivered',
      action: 'ORDER_FULFILMENT',
      table: 'orders',
      run: async () => {
        // A new attempt (the stop given again): 'Could not deliver' above ended the first one.
        await s.t.ctx.db
          .update(orders)
          .set({ deliveryFailedAt: null, deliveryFailedReason: null })
          .where(eq(orders.id, ids.paidTwiceOrder));
        return { res: await asAdmin(`/rider/stops/${ids.paidTwiceOrder}/delivered`, { method: 'POST' }), recordId: ids.paidTwiceOrder };
      },
      details: async () => ({ to: 'delivered', via: 'rider' }),
    },
    // A product's options and variants, one step after another on the same product.
    {
      route: 'POST /products/:id/options',
      action: 'PRODUCT_OPTIONS_ADD',
      table: 'products',
      run: async () => {
        const res = await asAdmin(`/products/${ids.optionsProduct}/options`, {
          method: 'POST',
          json: {
            options: [{ name: 'Size', values: ['Small', 'Large'] }],
            variants: [
              { values: ['Small'], priceCents: 40_000, stock: 2 },
              { values: ['Large'], priceCents: 90_000, stock: 1 },
            ],
          },
        });
        const view = await body<OptionsView>(res.clone());
        ids.option = view.options[0]!.id;
        ids.values = view.options[0]!.values.map((v) => v.id);
        ids.variant = view.variants[1]!.id;
        return { res, recordId: ids.optionsProduct };
      },
      details: async () => ({ variants: 2 }),
    },
    {
      route: 'PATCH /products/:id/options/:optionId',
      action: 'PRODUCT_OPTION_RENAME',
      table: 'product_options',
      run: async () => ({
        res: await asAdmin(`/products/${ids.optionsProduct}/options/${ids.option}`, { method: 'PATCH', json: { name: 'Fish size' } }),
        recordId: ids.option,
      }),
      details: async () => ({ from: 'Size', to: 'Fish size' }),
    },
    {
      route: 'PUT /products/:id/options/order',
      action: 'PRODUCT_OPTIONS_REORDER',
      table: 'products',
      run: async () => ({
        res: await asAdmin(`/products/${ids.optionsProduct}/options/order`, { method: 'PUT', json: { optionIds: [ids.option] } }),
        recordId: ids.optionsProduct,
      }),
    },
    {
      route: 'POST /products/:id/options/:optionId/values',
      action: 'PRODUCT_OPTION_VALUE_ADD',
      table: 'product_option_values',
      run: async () => {
        const res = await asAdmin(`/products/${ids.optionsProduct}/options/${ids.option}/values`, {
          method: 'POST',
          json: { value: 'Jumbo' },
        });
        const view = await body<OptionsView>(res.clone());
        const jumbo = view.options[0]!.values.find((v) => v.value === 'Jumbo')!.id;
        ids.values = [jumbo, ...ids.values];
        return { res, recordId: jumbo };
      },
    },
    {
      route: 'PUT /products/:id/options/:optionId/values/order',
      action: 'PRODUCT_OPTION_VALUES_REORDER',
      table: 'product_options',
      run: async () => ({
        res: await asAdmin(`/products/${ids.optionsProduct}/options/${ids.option}/values/order`, {
          method: 'PUT',
          json: { valueIds: ids.values },
        }),
        recordId: ids.option,
      }),
    },
    {
      route: 'PATCH /products/:id/options/:optionId/values/:valueId',
      action: 'PRODUCT_OPTION_VALUE_UPDATE',
      table: 'product_option_values',
      run: async () => ({
        res: await asAdmin(`/products/${ids.optionsProduct}/options/${ids.option}/values/${ids.values[1]}`, {
          method: 'PATCH',
          json: { enabled: false },
        }),
        recordId: ids.values[1]!,
      }),
      details: async () => ({ value: 'Small', enabled: false }),
    },
    {
      route: 'POST /products/:id/variants',
      action: 'VARIANT_CREATE',
      table: 'product_variants',
      run: async () => {
        const res = await asAdmin(`/products/${ids.optionsProduct}/variants`, {
          method: 'POST',
          json: { valueIds: [ids.values[0]], priceCents: 150_000, stock: 1 },
        });
        const view = await body<OptionsView>(res.clone());
        return { res, recordId: view.variants.find((v) => v.name === 'Jumbo')!.id };
      },
      details: async () => ({ variant: 'Jumbo', priceCents: 150_000 }),
    },
    {
      // Cleared (null): the variants' own prices, which the next case edits, stay as they are.
      route: 'PUT /products/:id/price-per-kg',
      action: 'PRODUCT_PRICE_PER_KG',
      table: 'products',
      run: async () => ({
        res: await asAdmin(`/products/${ids.optionsProduct}/price-per-kg`, { method: 'PUT', json: { pricePerKgCents: null } }),
        recordId: ids.optionsProduct,
      }),
      details: async () => ({ pricePerKgCents: { from: null, to: null } }),
    },
    {
      // A fish of its own, sold by the kilo: refused in kg (no row) until it has a price per kg.
      route: 'PUT /products/:id/stock-unit',
      action: 'PRODUCT_STOCK_UNIT',
      table: 'products',
      run: async () => {
        const [fish] = await insertProducts(s.t.ctx.db, [
          { name: 'Audit Kilo Fish', slug: 'audit-kilo-fish', category: 'fish', price: 60_000, stock: 4 },
        ]);
        const toKg = () => asAdmin(`/products/${fish!.id}/stock-unit`, { method: 'PUT', json: { stockUnit: 'kg' } });
        expect((await toKg()).status).toBe(400);
        await s.t.ctx.db.update(productVariants).set({ weightGrams: 700 }).where(eq(productVariants.productId, fish!.id));
        await asAdmin(`/products/${fish!.id}/price-per-kg`, { method: 'PUT', json: { pricePerKgCents: 190_000 } });
        return { res: await toKg(), recordId: fish!.id };
      },
      details: async () => ({ stockUnit: { from: 'piece', to: 'kg' }, variants: [{ variant: '', from: '4', to: '2.8 kg' }] }),
    },
    {
      route: 'PATCH /products/:id/variants/:variantId',
      action: 'VARIANT_UPDATE',
      table: 'product_variants',
      run: async () => ({
        res: await asAdmin(`/products/${ids.optionsProduct}/variants/${ids.variant}`, { method: 'PATCH', json: { priceCents: 95_000 } }),
        recordId: ids.variant,
      }),
      details: async () => ({ changed: { priceCents: { from: 90_000, to: 95_000 } } }),
    },
    ...promotionCases(),
  ];

  /** The promotion the cases below create, then edit, deactivate and activate again. */
  async function auditPromotionId(): Promise<string> {
    const [row] = await s.t.ctx.db.select({ id: promotions.id }).from(promotions).where(eq(promotions.code, 'AUDITFISH'));
    return row!.id;
  }
  function promotionCases(): AuditCase[] {
    const fishFriday = { code: 'auditfish', name: 'Audit Friday', kind: 'percent', value: 10, minimumSpendCents: 100_000, weekdays: [5] };
    return [
      {
        route: 'POST /promotions',
        action: 'PROMOTION_CREATE',
        table: 'promotions',
        run: async () => {
          const res = await asAdmin('/promotions', { method: 'POST', json: fishFriday });
          return { res, recordId: res.ok ? await auditPromotionId() : null };
        },
        details: async () => ({ code: 'AUDITFISH', gives: '10 % off', minimumSpendCents: 100_000, weekdays: 'Friday' }),
      },
      {
        route: 'PUT /promotions/:id',
        action: 'PROMOTION_UPDATE',
        table: 'promotions',
        run: async () => {
          const id = await auditPromotionId();
          return { res: await asAdmin(`/promotions/${id}`, { method: 'PUT', json: { ...fishFriday, value: 15 } }), recordId: id };
        },
        details: async () => ({ code: 'AUDITFISH', changed: { gives: { from: '10 % off', to: '15 % off' } } }),
      },
      {
        route: 'POST /promotions/:id/deactivate',
        action: 'PROMOTION_DEACTIVATE',
        table: 'promotions',
        run: async () => {
          const id = await auditPromotionId();
          return { res: await asAdmin(`/promotions/${id}/deactivate`, { method: 'POST' }), recordId: id };
        },
      },
      {
        route: 'POST /promotions/:id/activate',
        action: 'PROMOTION_ACTIVATE',
        table: 'promotions',
        run: async () => {
          const id = await auditPromotionId();
          return { res: await asAdmin(`/promotions/${id}/activate`, { method: 'POST' }), recordId: id };
        },
      },
    ];
  }

  beforeAll(async () => {
    other = await createUser(s.t, { name: 'Wanjiku Staff' });
    rider = await createUser(s.t, { name: 'Otieno Rider', phone: '+254733000111' });
    const [product] = await insertProducts(s.t.ctx.db, [
      { name: 'Audit Stock Fish', slug: 'audit-stock-fish', category: 'fish', price: 80_000, stock: 20 },
    ]);
    const [optionsProduct] = await insertProducts(s.t.ctx.db, [
      { name: 'Audit Options Fish', slug: 'audit-options-fish', category: 'fish', price: 60_000, stock: 0 },
    ]);
    ids.optionsProduct = optionsProduct!.id;
    // Three units: not the goods of the orders paid below, which would close it as left unpaid.
    ids.pendingOrder = (await placeOrder(s, [{ productId: product!.id, quantity: 3 }])).orderId;
    // Orders to be paid on delivery, with whole-shilling totals (M-Pesa's), carried by the owner.
    ids.doorOrders = [];
    for (let i = 0; i < 3; i++) {
      const { orderId } = await placeOrder(s, [{ productId: product!.id, quantity: 1 }]);
      await s.t.ctx.db
        .update(orders)
        .set({ status: 'confirmed', payOnDelivery: true, riderId: s.admin.id, totalAmount: 100_000, reservationExpiresAt: null })
        .where(eq(orders.id, orderId));
      ids.doorOrders.push(orderId);
    }
    const paid = await placeOrder(s, [{ productId: product!.id, quantity: 2 }]);
    await payByCard(s, paid.trackingId);
    ids.paidOrder = paid.orderId;
    // A paid order collected at the shop: no address, zone, fee or rider (as checkout places one).
    const pickup = await placeOrder(s, [{ productId: product!.id, quantity: 1 }]);
    await payByCard(s, pickup.trackingId);
    await s.t.ctx.db
      .update(orders)
      .set({ fulfilmentMethod: 'pickup', deliveryAddress: '', deliveryFee: 0, smallOrderFee: 0, deliveryZoneId: null, riderId: null })
      .where(eq(orders.id, pickup.orderId));
    ids.pickupOrder = pickup.orderId;
    const part = await placeOrder(s, [{ productId: product!.id, quantity: 2 }]);
    await payByCard(s, part.trackingId);
    ids.partOrder = part.orderId;
    const [partLine] = await s.t.ctx.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, part.orderId));
    ids.partLine = partLine!.id;
    const first = await asAdmin(`/orders/${ids.partOrder}/partial-refund`, {
      method: 'POST',
      json: { lines: [{ orderItemId: ids.partLine, amountCents: 5_000, restockQuantity: 0 }], reason: 'Bruised' },
    });
    expect(first.status).toBe(200);
    const twice = await placeOrderPaidTwice(s, [{ productId: product!.id, quantity: 1 }]);
    ids.paidTwiceOrder = twice.orderId;
    const [extra] = await s.t.ctx.db
      .select({ id: paymentTransactions.id })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.pesapalTrackingId, twice.extraTrackingId));
    ids.extraPayment = extra!.id;
    const [subscriber] = await s.t.ctx.db.insert(newsletterSubscriptions).values({ email: 'reader@example.com' }).returning();
    ids.subscriber = subscriber!.id;
    const [message] = await s.t.ctx.db
      .insert(contactMessages)
      .values({ name: 'Akinyi', email: 'akinyi@example.com', subject: 'Delivery to Ruaka?', message: 'Do you deliver there?' })
      .returning();
    ids.message = message!.id;
  });

  it('has a case for every write endpoint of the admin router', () => {
    const writes = new Set<string>();
    for (const r of adminRoutes(s.t.ctx).routes) {
      const route = `${r.method} ${r.path}`;
      if (r.method !== 'ALL' && r.method !== 'GET' && !NOT_A_CHANGE.has(route)) writes.add(route);
    }
    expect(new Set(cases.map((c) => c.route))).toEqual(new Set([...writes, ...AUDITED_READS]));
  });

  it.each(cases.map((c) => [`${c.route} → ${c.action}`, c] as const))('%s', async (_name, c) => {
    const before = new Set((await s.t.ctx.db.select({ id: auditLogs.id }).from(auditLogs)).map((r) => r.id));
    const startedAt = Date.now();
    const { res, recordId } = await c.run();
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    const added = (await s.t.ctx.db.select().from(auditLogs)).filter((r) => !before.has(r.id));
    const row = added.find((r) => r.action === c.action);
    expect(row, `no ${c.action} row among ${added.map((r) => r.action).join(', ') || 'nothing'}`).toMatchObject({
      userId: s.admin.id,
      tableName: c.table,
      recordId,
    });
    if (c.details) {
      expect(row!.details).toMatchObject(await c.details());
      // No decimal KES beside the cents.
      expect(JSON.stringify(row!.details)).not.toMatch(/"(price|amount)"/);
    }
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(row!.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('leaves no row for a change that is refused or rolled back', async () => {
    const count = async () => (await s.t.ctx.db.select({ id: auditLogs.id }).from(auditLogs)).length;
    const before = await count();
    const tooMuch = await asAdmin(`/products/${ids.product}/stock`, {
      method: 'POST',
      json: { kind: 'adjustment', quantity: -1000, reason: 'Miscount' },
    });
    expect(tooMuch.status).toBe(400);
    const unknown = await asAdmin('/products/00000000-0000-4000-8000-000000000000', { method: 'PATCH', json: { priceCents: 100 } });
    expect(unknown.status).toBe(404);
    const overlap = await asAdmin('/delivery/zones', {
      method: 'PUT',
      json: {
        zones: [
          { name: 'A', minKm: 0, maxKm: 10, baseFeeCents: 100, perKmRateCents: 100, estimatedMinutes: 10, active: true },
          { name: 'B', minKm: 5, maxKm: 20, baseFeeCents: 100, perKmRateCents: 100, estimatedMinutes: 10, active: true },
        ],
      },
    });
    expect(overlap.status).toBe(400);
    expect(await count()).toBe(before);
  });
});
