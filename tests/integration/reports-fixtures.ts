// A week of known sales for the reports' tests, written straight into the tables (the amounts, days,
// zones, riders, payment methods and refunds are the subject, not how checkout makes them).
//
// The range is Monday 3 to Sunday 9 March 2025, Nairobi time:
//   A  Wanjiku (first order ever), Mon 3 Mar 08:00, Westlands, rider Otieno, M-Pesa, 2 × tilapia
//      (about 700 g each, weighed 1,300 g) 1,000.00 + VAT 160.00 + delivery 200.00 + 0.50 = 1,360.50
//      charged; M-Pesa collected 1,360.00 (rounding 0.50). A refund of 50.00 still waits at Pesapal and
//      a refund of an accidental second payment was made: neither counts.
//   B  Wanjiku again (returning), Mon 3 Mar 23:30, Kilimani, no rider, Visa, 1 chicken 500.00 + VAT
//      80.00 = 580.00; 100.00 refunded on the chicken.
//   C  Baraka (paid before the range: returning), Tue 4 Mar 00:10 (21:10 UTC on the 3rd), no zone,
//      M-Pesa, 1 omena 300.00 (exempt) + delivery 150.00 + small-order fee 50.00 = 500.00, refunded whole.
// Outside it: Baraka's February order, an order paid on Monday 10 March, and one never paid.
import { eq } from 'drizzle-orm';
import {
  orderItems,
  orders,
  orderTaxBands,
  paymentRefunds,
  paymentTransactions,
  productVariants,
  refundLines,
} from '../../src/server/db/schema';
import { insertProducts } from '../../src/server/features/catalog/new-products';
import { createUser, type TestApp } from '../support/test-app';

export const RANGE = { from: '2025-03-03', to: '2025-03-09' };

const at = (iso: string) => new Date(iso);

export interface ReportFixture {
  orders: Record<'a' | 'b' | 'c' | 'february' | 'later' | 'unpaid', string>;
  itemIds: Record<'tilapia' | 'chicken' | 'omena', string>;
}

async function variantOf(t: TestApp, productId: string): Promise<string> {
  const [v] = await t.ctx.db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, productId));
  return v!.id;
}

export async function seedReportWeek(t: TestApp): Promise<ReportFixture> {
  const db = t.ctx.db;
  const wanjiku = await createUser(t, { name: 'Wanjiku Mwangi' });
  const baraka = await createUser(t, { name: 'Baraka Otieno' });
  const rider = await createUser(t, { name: 'Otieno Rider', role: 'rider' });
  const [tilapia, chicken, omena] = await insertProducts(db, [
    { name: 'Report Tilapia', slug: 'report-tilapia', category: 'fish', price: 50_000, stock: 50 },
    { name: 'Report Chicken', slug: 'report-chicken', category: 'chicken', price: 50_000, stock: 50 },
    { name: 'Report Omena', slug: 'report-omena', category: 'fish', price: 30_000, stock: 50, taxBand: 'A' },
  ]);
  const variant = {
    tilapia: await variantOf(t, tilapia!.id),
    chicken: await variantOf(t, chicken!.id),
    omena: await variantOf(t, omena!.id),
  };

  const base = { customerEmail: 'buyer@example.test', customerPhone: '+254712345678', deliveryAddress: 'Nairobi' };
  const order = async (
    key: string,
    userId: string,
    paidAt: Date | null,
    money: { subtotal: number; vat: number; deliveryFee: number; smallOrderFee?: number; totalAmount: number },
    more: Partial<typeof orders.$inferInsert> = {},
    method: string | null = null,
  ) => {
    const [row] = await db
      .insert(orders)
      .values({
        userId,
        status: paidAt ? 'completed' : 'pending',
        customerName: key,
        ...base,
        ...money,
        paidAt,
        pesapalTransactionId: `report-${key}`,
        createdAt: paidAt ?? at('2025-03-05T09:00:00Z'),
        ...more,
      })
      .returning({ id: orders.id });
    const [payment] = await db
      .insert(paymentTransactions)
      .values({
        orderId: row!.id,
        status: paidAt ? 'COMPLETED' : 'PENDING',
        pesapalTrackingId: `report-${key}`,
        merchantReference: `ORD-report-${key}-1`,
        amount: money.totalAmount,
        paymentMethod: method,
        rounding: key === 'A' ? 50 : 0,
      })
      .returning({ id: paymentTransactions.id });
    return { id: row!.id, paymentId: payment!.id };
  };

  const a = await order(
    'A',
    wanjiku.id,
    at('2025-03-03T05:00:00Z'),
    { subtotal: 100_000, vat: 16_000, deliveryFee: 20_050, totalAmount: 136_050 },
    { deliveryZoneName: 'Westlands', riderId: rider.id },
    'MpesaKE',
  );
  const b = await order(
    'B',
    wanjiku.id,
    at('2025-03-03T20:30:00Z'),
    { subtotal: 50_000, vat: 8_000, deliveryFee: 0, totalAmount: 58_000 },
    { deliveryZoneName: 'Kilimani' },
    'Visa',
  );
  const c = await order(
    'C',
    baraka.id,
    at('2025-03-03T21:10:00Z'),
    { subtotal: 30_000, vat: 0, deliveryFee: 15_000, smallOrderFee: 5_000, totalAmount: 50_000 },
    { status: 'cancelled' },
    'Mpesa',
  );
  const february = await order('F', baraka.id, at('2025-02-10T09:00:00Z'), {
    subtotal: 10_000,
    vat: 1_600,
    deliveryFee: 0,
    totalAmount: 11_600,
  });
  const later = await order('L', baraka.id, at('2025-03-09T21:00:00Z'), {
    subtotal: 10_000,
    vat: 1_600,
    deliveryFee: 0,
    totalAmount: 11_600,
  });
  const unpaid = await order('U', wanjiku.id, null, { subtotal: 10_000, vat: 1_600, deliveryFee: 0, totalAmount: 11_600 });

  const [tilapiaLine, chickenLine, omenaLine] = await db
    .insert(orderItems)
    .values([
      {
        orderId: a.id,
        productId: tilapia!.id,
        variantId: variant.tilapia,
        productName: 'Report Tilapia',
        unitPrice: 50_000,
        quantity: 2,
        lineTotal: 100_000,
        nominalGrams: 700,
        packedAt: at('2025-03-03T06:00:00Z'),
        packingOutcome: 'packed',
        weighedGrams: 1_300,
      },
      {
        orderId: b.id,
        productId: chicken!.id,
        variantId: variant.chicken,
        productName: 'Report Chicken',
        unitPrice: 50_000,
        quantity: 1,
        lineTotal: 50_000,
      },
      {
        orderId: c.id,
        productId: omena!.id,
        variantId: variant.omena,
        productName: 'Report Omena',
        unitPrice: 30_000,
        quantity: 1,
        lineTotal: 30_000,
        taxBand: 'A',
        taxRateBp: 0,
      },
      {
        orderId: later.id,
        productId: chicken!.id,
        variantId: variant.chicken,
        productName: 'Report Chicken',
        unitPrice: 10_000,
        quantity: 1,
        lineTotal: 10_000,
      },
    ])
    .returning({ id: orderItems.id });

  await db.insert(orderTaxBands).values([
    { orderId: a.id, band: 'B', rateBp: 1600, taxableAmount: 100_000, taxAmount: 16_000, totalAmount: 116_000 },
    { orderId: a.id, band: 'D', rateBp: 0, taxableAmount: 20_050, taxAmount: 0, totalAmount: 20_050 },
    { orderId: b.id, band: 'B', rateBp: 1600, taxableAmount: 50_000, taxAmount: 8_000, totalAmount: 58_000 },
    { orderId: c.id, band: 'A', rateBp: 0, taxableAmount: 30_000, taxAmount: 0, totalAmount: 30_000 },
    { orderId: c.id, band: 'D', rateBp: 0, taxableAmount: 20_000, taxAmount: 0, totalAmount: 20_000 },
  ]);

  // A's second, accidental payment, refunded: not the order's money either way.
  const [twin] = await db
    .insert(paymentTransactions)
    .values({ orderId: a.id, status: 'REVERSED', pesapalTrackingId: 'report-A-twin', merchantReference: 'ORD-report-A-2', amount: 136_050 })
    .returning({ id: paymentTransactions.id });
  const refund = (transactionId: string, amount: number, more: Partial<typeof paymentRefunds.$inferInsert> = {}) =>
    db
      .insert(paymentRefunds)
      .values({ transactionId, amount, remarks: 'test', accepted: true, status: 'refunded', kind: 'partial', source: 'merchant', ...more })
      .returning({ id: paymentRefunds.id })
      .then((rows) => rows[0]!.id);
  await refund(twin!.id, 136_050, { kind: 'whole', source: 'extra_payment' });
  await refund(a.paymentId, 5_000, { status: 'requested' });
  const bRefund = await refund(b.paymentId, 10_000);
  const cRefund = await refund(c.paymentId, 50_000, { kind: 'whole', source: 'cancel' });
  await db.insert(refundLines).values([
    { refundId: bRefund, kind: 'item', orderItemId: chickenLine!.id, amount: 10_000, taxBand: 'B', taxRateBp: 1600 },
    { refundId: cRefund, kind: 'item', orderItemId: omenaLine!.id, amount: 30_000, taxBand: 'A', taxRateBp: 0 },
    { refundId: cRefund, kind: 'delivery', amount: 20_000, taxBand: 'D', taxRateBp: 0 },
  ]);

  return {
    orders: { a: a.id, b: b.id, c: c.id, february: february.id, later: later.id, unpaid: unpaid.id },
    itemIds: { tilapia: tilapiaLine!.id, chicken: chickenLine!.id, omena: omenaLine!.id },
  };
}
