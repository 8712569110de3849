// The mail a customer gets once Pesapal has confirmed the payment (queued once, by applyPaymentStatus,
// in the transaction that completes the order).
import { discountRow } from '@/domain/promotions';
import { asc, eq } from 'drizzle-orm';
import { formatKES, type Cents } from '@/domain/money';
import { shortOrderId } from '@/domain/order-status';
import type { VatRow } from '@/domain/tax-bands';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { escapeHtml } from '../../infra/http/html';
import type { MailMessage } from '../../infra/mail/mailer';
import { orderTax } from './order-tax-bands';
import { orderDeliveryWindow } from '../delivery/delivery-slots.service';
import type { Locale } from '@/domain/locale';
import { domainCatalogue } from '@/domain/i18n/domain-text';
import en from '../../i18n/catalogues/confirmation-mail.en.json';
import sw from '../../i18n/catalogues/confirmation-mail.sw.json';

interface ConfirmationMailInput {
  shopName: string;
  publicUrl: string;
  order: {
    id: string;
    customerName: string;
    customerEmail: string;
    deliveryAddress: string;
    deliveryBuilding: string | null;
    deliveryDirections: string | null;
    estimatedDeliveryMins: number | null;
    subtotal: Cents;
    vat: Cents;
    deliveryFee: Cents;
    smallOrderFee: Cents;
    discountTotal: Cents;
    promotionCode: string | null;
    promotionName: string | null;
    totalAmount: Cents;
    /** The language the order was placed in. */
    locale: Locale;
  };
  items: { productName: string; quantity: number; unitPrice: Cents; lineTotal: Cents }[];
  /** The VAT lines of what the order was charged per band. */
  vatRows: VatRow[];
  /** The chosen delivery window, 'Thu 27 Nov, 10:00–12:00'. */
  window: string | null;
}

/** The receipt's print view (it links to the PDF); only the order's owner or an admin can open it. */
const receiptPath = (orderId: string) => `/api/orders/${orderId}/receipt`;

const confirmationText = domainCatalogue({ en, sw });

function orderConfirmationMail({ shopName, publicUrl, order, items, vatRows, window }: ConfirmationMailInput): MailMessage {
  const t = confirmationText(order.locale);
  const ref = shortOrderId(order.id);
  const lines = items.map((i) => `${i.quantity} x ${i.productName} @ ${formatKES(i.unitPrice)} = ${formatKES(i.lineTotal)}`);
  const totals: [string, string][] = [
    [t('subtotal'), formatKES(order.subtotal)],
    ...discountRow(order),
    ...vatRows.map((v): [string, string] => [v.label, formatKES(v.taxCents)]),
    [t('delivery'), order.deliveryFee === 0 ? t('free') : formatKES(order.deliveryFee)],
    ...(order.smallOrderFee > 0 ? [[t('smallOrderFee'), formatKES(order.smallOrderFee)] as [string, string]] : []),
    [t('totalPaid'), formatKES(order.totalAmount)],
  ];
  // A pick-up order has no address (the database allows none for it): it is collected at the shop.
  const pickup = order.deliveryAddress === '';
  const eta = window
    ? t(pickup ? 'pickupWindow' : 'deliveryWindow', { window })
    : order.estimatedDeliveryMins
      ? t('estimatedDelivery', { minutes: order.estimatedDeliveryMins })
      : '';
  const greeting = order.customerName ? t('helloName', { name: order.customerName }) : t('hello');
  const ordersUrl = `${publicUrl}/orders`;
  const receiptUrl = `${publicUrl}${receiptPath(order.id)}`;
  // What the rider was told, so the customer can see it is right.
  const riderLines = [
    order.deliveryBuilding ? t('building', { building: order.deliveryBuilding }) : '',
    order.deliveryDirections ? t('directions', { directions: order.deliveryDirections }) : '',
  ].filter((l) => l !== '');
  const where = pickup ? t('pickUpAtShop') : t('deliveryTo', { address: order.deliveryAddress });
  const text = [
    greeting,
    '',
    t('thanks', { ref }),
    '',
    ...lines,
    '',
    ...totals.map(([k, v]) => `${k}: ${v}`),
    '',
    where,
    ...riderLines,
    eta,
    '',
    t('yourReceipt', { url: receiptUrl }),
    t('yourOrders', { url: ordersUrl }),
    '',
  ].join('\n');
  const row = (cells: string[]) => `<tr>${cells.map((c) => `<td style="padding:4px 8px">${escapeHtml(c)}</td>`).join('')}</tr>`;
  // The reference in bold: the message's <0>…</0>, around the escaped number.
  const thanksHtml = escapeHtml(t('thanksHtml', { ref })).replace('&lt;0&gt;', '<strong>').replace('&lt;/0&gt;', '</strong>');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${thanksHtml}</p>
<table>${items.map((i) => row([`${i.quantity} x ${i.productName}`, formatKES(i.unitPrice), formatKES(i.lineTotal)])).join('')}</table>
<table>${totals.map(([k, v]) => row([k, v])).join('')}</table>
<p>${escapeHtml(where)}${riderLines.map((l) => `<br>${escapeHtml(l)}`).join('')}${eta ? `<br>${escapeHtml(eta)}` : ''}</p>
<p><a href="${escapeHtml(receiptUrl)}">${escapeHtml(t('downloadReceipt'))}</a> · <a href="${escapeHtml(ordersUrl)}">${escapeHtml(t('seeYourOrders'))}</a></p>`;
  return { to: order.customerEmail, subject: t('subject', { ref, shop: shopName }), text, html };
}

/** Writes the confirmation to the mail outbox inside `db` (the payment's transaction); returns its id. */
export async function queueOrderConfirmation(ctx: ServerContext, db: DbOrTx, orderId: string): Promise<string | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const items = await db
    .select({
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
      lineTotal: orderItems.lineTotal,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName));
  const { vatRows } = await orderTax(db, order);
  const window = (await orderDeliveryWindow(db, orderId))?.label ?? null;
  const mail = orderConfirmationMail({ shopName: ctx.env.SHOP_NAME, publicUrl: ctx.env.PUBLIC_URL, order, items, vatRows, window });
  // The confirmation is the 'paid' step's mail: once per order, and listed with the order's messages.
  return ctx.mailer.enqueue(db, { ...mail, orderId: order.id, dedupeKey: `${order.id}:paid` });
}
