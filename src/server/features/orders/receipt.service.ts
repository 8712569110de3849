// The receipt of a paid order: the shop's details as the merchant saved them, the order's lines and
// totals, and the payment Pesapal confirmed. Only the order's owner or an admin may read it; anyone
// else gets 404, so an order's existence is not revealed.
import { eq } from 'drizzle-orm';
import { formatKES } from '@/domain/money';
import { formatNairobiDateTime } from '@/domain/nairobi-days';
import type { ServerContext } from '../../context';
import { orders, profiles } from '../../db/schema';
import { DomainError, notFound } from '../../errors';
import { loadShopDetails } from '../content/shop-details.service';
import { orderDetail } from './orders.service';

export const RECEIPT_NOT_PAID = 'This order is not paid, so it has no receipt yet.';

export interface Receipt {
  shop: { name: string; address: string; phone: string; email: string };
  orderId: string;
  orderNumber: string;
  /** Date and time of payment in Nairobi, e.g. '24 Nov 2026, 14:05'. */
  paidAt: string;
  customerName: string;
  deliveryAddress: string;
  house: string | null;
  directions: string | null;
  lines: { name: string; quantity: number; unitPrice: string; total: string }[];
  subtotal: string;
  vat: string;
  /** The VAT lines: 'VAT (16%)' alone when one band, else one per band ('VAT exempt on KES 900.00'). */
  vatLines: { label: string; amount: string }[];
  deliveryFee: string;
  total: string;
  paymentMethod: string;
  confirmationCode: string;
}

/** Pesapal's method names as a customer knows them. */
function paymentMethodLabel(method: string | null): string {
  if (!method) return 'Pesapal';
  if (/mpesa/i.test(method)) return 'M-Pesa (Pesapal)';
  return `${method} (Pesapal)`;
}

async function isAdmin(ctx: ServerContext, userId: string): Promise<boolean> {
  const [profile] = await ctx.db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, userId));
  return profile?.role === 'admin';
}

export async function loadReceipt(ctx: ServerContext, userId: string, orderId: string): Promise<Receipt> {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row || (row.userId !== userId && !(await isAdmin(ctx, userId)))) throw notFound('Order not found');
  if (!row.paidAt) throw new DomainError('conflict', 'NOT_PAID', RECEIPT_NOT_PAID);
  const [detail, shop] = await Promise.all([orderDetail(ctx.db, row, ctx.now()), loadShopDetails(ctx.db)]);
  return {
    shop: { name: ctx.env.SHOP_NAME, address: shop.address, phone: shop.phone, email: shop.email },
    orderId: row.id,
    orderNumber: detail.orderNumber,
    paidAt: formatNairobiDateTime(row.paidAt),
    customerName: row.customerName,
    deliveryAddress: row.deliveryAddress,
    house: detail.house ?? null,
    directions: detail.directions ?? null,
    lines: detail.items.map((i) => ({
      name: i.product.name,
      quantity: i.quantity,
      unitPrice: formatKES(i.unitPriceCents),
      total: formatKES(i.lineTotalCents),
    })),
    subtotal: formatKES(row.subtotal),
    vat: formatKES(row.vat),
    vatLines: detail.vatRows.map((v) => ({ label: v.label, amount: formatKES(v.taxCents) })),
    deliveryFee: row.deliveryFee === 0 ? 'FREE' : formatKES(row.deliveryFee),
    total: formatKES(row.totalAmount),
    paymentMethod: paymentMethodLabel(detail.paymentMethod),
    confirmationCode: detail.confirmationCode ?? '-',
  };
}
