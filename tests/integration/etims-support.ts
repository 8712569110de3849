// Shared set-up for the eTIMS integration tests: a seeded shop whose tax invoices go to the built-in
// eTIMS simulator (a short KRA timeout, so a lost answer is seen quickly), and helpers to pay,
// refund and read what the shop and the simulator hold.
import { and, asc, eq } from 'drizzle-orm';
import { paymentTransactions, taxInvoices } from '../../src/server/db/schema';
import { IPN_REPEAT_WINDOW_MS } from '../../src/server/features/payments/ipn-notices';
import type { EtimsSimulator } from '../../src/server/dev/etims/etims-simulator';
import { SIMULATOR_DEVICE } from '../../src/server/etims-config';
import { taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import { createUser, type TestUser } from '../support/test-app';
import type { DbKind } from '../support/test-database';
import { createShop, customer, disposeShop, payOnSimulator, placePaidOrderAttempt, productBySlug, type Shop } from './checkout-support';

export interface TaxShop extends Shop {
  etimsSim: EtimsSimulator;
  buyer: TestUser;
  admin: TestUser;
}

export async function createTaxShop(kind: DbKind, env: Record<string, string> = {}): Promise<TaxShop> {
  const shop = await createShop(kind, { env: { ETIMS_TIMEOUT_MS: '300', ...env } });
  const etimsSim = shop.ctx.integrations.etimsSimulator;
  if (!etimsSim) throw new Error('the tests expect the built-in eTIMS simulator');
  return Object.assign(shop, { etimsSim, buyer: await customer(shop), admin: await createUser(shop, { role: 'owner' }) });
}

export async function disposeTaxShop(shop: TaxShop | undefined): Promise<void> {
  if (!shop) return;
  shop.etimsSim.reset();
  await taxInvoicesIdle(shop.ctx);
  await disposeShop(shop);
}

/**
 * Places and pays an order (default 2 tilapia: under the free-delivery threshold, so it has a fee);
 * returns its id once the shop saw the payment.
 */
export async function payOrder(
  shop: TaxShop,
  lines: { slug: string; quantity: number }[] = [{ slug: 'fresh-whole-tilapia', quantity: 2 }],
): Promise<string> {
  const items = await Promise.all(lines.map(async (l) => ({ productId: (await productBySlug(shop, l.slug)).id, quantity: l.quantity })));
  const order = await placePaidOrderAttempt(shop, shop.buyer, items);
  await payOnSimulator(shop, order.trackingId, 'card');
  return order.orderId;
}

/** The merchant approves the order's refund in Pesapal's dashboard, some time after asking; Pesapal notifies the shop. */
export async function approveRefund(shop: TaxShop, orderId: string): Promise<void> {
  const [payment] = await shop.ctx.db
    .select({ trackingId: paymentTransactions.pesapalTrackingId })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.orderId, orderId), eq(paymentTransactions.status, 'COMPLETED')));
  if (!payment?.trackingId) throw new Error('no completed payment to refund');
  shop.clock.advance(IPN_REPEAT_WINDOW_MS);
  const decided = await shop.sim.decideRefund(payment.trackingId, 'approve');
  if (!decided.ok) throw new Error(decided.message);
  await shop.sim.idle();
}

export async function invoicesOf(shop: TaxShop) {
  return shop.ctx.db.select().from(taxInvoices).orderBy(asc(taxInvoices.number));
}

export async function invoiceOf(shop: TaxShop, orderId: string, kind: 'sale' | 'credit_note') {
  const rows = await shop.ctx.db.select().from(taxInvoices).where(eq(taxInvoices.orderId, orderId));
  return rows.find((r) => r.kind === kind);
}

/** What the simulator signed, in KRA invoice-number order. */
export function declared(shop: TaxShop) {
  return shop.etimsSim.sales(SIMULATOR_DEVICE.tin, SIMULATOR_DEVICE.bhfId);
}

export const cents = (amount: number) => Math.round(amount * 100);
