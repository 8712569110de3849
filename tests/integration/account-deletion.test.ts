// A customer deletes her account: afterwards no text, varchar or JSON column of any table holds her
// name, email or phone (in any written form); she cannot sign in; another customer is untouched;
// orders, payments, tax invoices and sales totals add up as before; an open order blocks deletion.
import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_MESSAGES, phoneForms } from '../../src/domain/account-deletion';
import {
  auditLogs,
  consents,
  contactMessages,
  dataRequests,
  newsletterSubscriptions,
  orders,
  paymentTransactions,
  pendingEmails,
  savedCarts,
  session,
  taxInvoices,
  user,
} from '../../src/server/db/schema';
import { queryRows } from '../../src/server/db/client';
import { taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import { signInByPhone } from '../support/phone-sign-in';
import { createUser, type TestUser } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { createShop, disposeShop, orderBody, payOnSimulator, postOrder, productBySlug, type Shop } from './checkout-support';
import { setOrderStatus } from './orders-fixtures';
import { placeOrder } from '../../src/server/features/checkout/order-placement.service';

const HER = { name: 'Wanjiku Kamau', email: 'wanjiku.kamau@example.test', phone: '+254711223344' };
const OTHER = { name: 'Baraka Odhiambo', email: 'baraka.odhiambo@example.test', phone: '+254733445566' };

describe.each(dbKinds(import.meta.url))('deleting an account, on %s', (kind) => {
  let shop: Shop;
  let her: TestUser;
  let other: TestUser;

  beforeEach(async () => {
    shop = await createShop(kind, { env: { ETIMS_TIMEOUT_MS: '300' } });
    her = await createUser(shop, { name: HER.name, email: HER.email, phone: HER.phone, address: 'Kileleshwa, Nairobi' });
    other = await createUser(shop, { name: OTHER.name, email: OTHER.email, phone: OTHER.phone, address: 'Kilimani, Nairobi' });
    // A phone she signs in with by SMS code.
    await shop.ctx.db.update(user).set({ phoneNumber: HER.phone, phoneNumberVerified: true }).where(eq(user.id, her.id));
  });
  afterEach(async () => {
    await taxInvoicesIdle(shop.ctx);
    await disposeShop(shop);
  });

  const deleteAccount = (cookie: string, confirm = 'DELETE') =>
    shop.request('/api/account/delete', { method: 'POST', cookie, json: { confirm } });

  /** Places and pays an order in the customer's name (a business invoice with `buyerTax`); its id once the invoice is sent. */
  async function paidOrder(who: TestUser, person: typeof HER, extra: Record<string, unknown> = {}) {
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const customerInfo = {
      fullName: person.name,
      email: person.email,
      phone: person.phone.replace('+254', '0'),
      address: 'Kileleshwa, Nairobi',
    };
    const body = orderBody([{ productId: tilapia.id, quantity: 2 }], { customerInfo, idempotencyKey: crypto.randomUUID(), ...extra });
    const { status, json } = await postOrder(shop, who, body);
    expect(status, JSON.stringify(json)).toBe(200);
    await payOnSimulator(shop, new URL(json.iframeUrl!).searchParams.get('OrderTrackingId')!, 'card');
    await taxInvoicesIdle(shop.ctx);
    return json.orderId!;
  }

  /** Everything else a customer leaves behind: consents, a saved cart, a message, the newsletter, log entries, a pending email. */
  async function leaveTraces(who: TestUser, person: typeof HER) {
    const db = shop.ctx.db;
    await db.insert(consents).values([
      { userId: who.id, kind: 'cart_reminders', granted: true, source: 'profile' },
      { email: person.email, kind: 'newsletter', granted: true, source: 'newsletter-form' },
      { phone: person.phone, kind: 'order_sms', granted: false, source: 'sms-stop' },
    ]);
    await db.insert(savedCarts).values({ userId: who.id, lines: [], value: 0 });
    await db.insert(newsletterSubscriptions).values({ email: person.email.toUpperCase() });
    await db
      .insert(contactMessages)
      .values({ name: person.name, email: person.email, subject: 'Delivery', message: `Call me on ${person.phone}` });
    await db
      .insert(pendingEmails)
      .values({ userId: who.id, email: `new-${person.email}`, codeHash: crypto.randomUUID(), expiresAt: new Date() });
    await db.insert(auditLogs).values({
      userId: null,
      action: 'order.note',
      tableName: 'orders',
      recordId: person.email,
      details: { customer: person.name, phone: person.phone.replace('+254', '0'), note: `rang ${person.phone.slice(1)}` },
    });
  }

  /** Every text, varchar and JSON column of every table holding one of `needles`: 'table.column' per hit. */
  async function columnsHolding(needles: string[]): Promise<string[]> {
    const columns = await queryRows<{ table_name: string; column_name: string }>(
      shop.ctx.db,
      sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
      order by table_name, column_name`,
    );
    const hits: string[] = [];
    const patterns = needles.map((n) => `%${n.toLowerCase()}%`);
    for (const c of columns) {
      const found = await queryRows<{ n: number }>(
        shop.ctx.db,
        sql`select count(*)::int as n from ${sql.identifier(c.table_name)} where lower(${sql.identifier(c.column_name)}::text) like any (${sql.raw(`array[${patterns.map((p) => `'${p.replace(/'/g, "''")}'`).join(',')}]`)})`,
      );
      if ((found[0]?.n ?? 0) > 0) hits.push(`${c.table_name}.${c.column_name}`);
    }
    return hits;
  }

  const needlesOf = (person: typeof HER) => [person.name, person.email, ...phoneForms(person.phone)];

  /** What the books hold: orders' money, payments, tax invoices (numbers and totals) and the sales roll-up. */
  async function books() {
    const db = shop.ctx.db;
    return {
      orders: await db
        .select({
          id: orders.id,
          total: orders.totalAmount,
          vat: orders.vat,
          status: orders.status,
          paidAt: orders.paidAt,
          pin: orders.buyerKraPin,
        })
        .from(orders)
        .orderBy(asc(orders.id)),
      payments: await db
        .select({ id: paymentTransactions.id, amount: paymentTransactions.amount, status: paymentTransactions.status })
        .from(paymentTransactions)
        .orderBy(asc(paymentTransactions.id)),
      invoices: await db
        .select({
          id: taxInvoices.id,
          number: taxInvoices.number,
          kind: taxInvoices.kind,
          total: taxInvoices.total,
          status: taxInvoices.status,
        })
        .from(taxInvoices)
        .orderBy(asc(taxInvoices.number)),
      sales: await queryRows(db, sql`select * from sales_rollup order by 1, 2`),
    };
  }

  it('erases her everywhere but the tax records, which keep no name, phone or email; she cannot sign in; the books and the other customer are unchanged', async () => {
    const phoneSession = await signInByPhone(shop, HER.phone, '10.9.0.1');
    expect(phoneSession.id).toBe(her.id);
    const consumerOrder = await paidOrder(her, HER);
    const businessOrder = await paidOrder(her, HER, { buyerTax: { kraPin: 'P051234567X', businessName: 'Kamau Traders Ltd' } });
    const othersOrder = await paidOrder(other, OTHER);
    for (const id of [consumerOrder, businessOrder, othersOrder]) await setOrderStatus(shop.ctx.db, id, 'completed', 'delivered');
    await leaveTraces(her, HER);
    // Staff's note on her order, naming her.
    await shop.ctx.db
      .update(orders)
      .set({ attentionReason: `Call ${HER.name} on 0711 223 344 first` })
      .where(eq(orders.id, consumerOrder));
    await leaveTraces(other, OTHER);
    expect(await columnsHolding(needlesOf(HER))).toEqual(
      expect.arrayContaining(['orders.customer_name', 'outbound_sms.to', 'profiles.phone']),
    );
    const [otherUserBefore] = await shop.ctx.db.select().from(user).where(eq(user.id, other.id));
    const othersTablesBefore = await columnsHolding(needlesOf(OTHER));
    const booksBefore = await books();
    expect(booksBefore.invoices.length).toBeGreaterThanOrEqual(3);

    const res = await deleteAccount(her.cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ message: ACCOUNT_DELETION_MESSAGES.deleted });
    expect(res.headers.getSetCookie().join(';')).toMatch(/session_token=;/);

    expect(await columnsHolding(needlesOf(HER))).toEqual([]);
    expect(await books()).toEqual(booksBefore);
    const [business] = await shop.ctx.db.select().from(orders).where(eq(orders.id, businessOrder));
    expect(business).toMatchObject({
      buyerKraPin: 'P051234567X',
      buyerBusinessName: 'Kamau Traders Ltd',
      customerName: 'Deleted customer',
      customerPhone: '',
      customerEmail: '',
      smsUpdates: false,
    });
    expect((await shop.ctx.db.select().from(orders).where(eq(orders.id, consumerOrder)))[0]?.attentionReason).toBe(
      'Call [removed] on [removed] first',
    );
    expect(await shop.ctx.db.select().from(session).where(eq(session.userId, her.id))).toEqual([]);
    const requests = await shop.ctx.db.select().from(dataRequests).where(eq(dataRequests.userId, her.id));
    expect(requests).toMatchObject([{ kind: 'deletion', details: {} }]);
    expect(requests[0]?.completedAt).toBeInstanceOf(Date);

    // Signed out everywhere, and no way back in.
    expect((await shop.request('/api/account/email', { cookie: her.cookie })).status).toBe(401);
    expect((await shop.request('/api/account/email', { cookie: phoneSession.cookie })).status).toBe(401);
    const byPassword = await shop.request('/api/account/sign-in', { method: 'POST', json: { email: HER.email, password: her.password } });
    expect(byPassword.ok).toBe(false);
    const byPhone = await signInByPhone(shop, HER.phone, '10.9.0.2');
    expect(byPhone.id).not.toBe(her.id);
    const history = await shop.request('/api/orders', { cookie: byPhone.cookie });
    expect(JSON.stringify(await history.json())).not.toContain(consumerOrder);

    // The other customer keeps everything.
    expect((await shop.ctx.db.select().from(user).where(eq(user.id, other.id)))[0]).toEqual(otherUserBefore);
    expect(await columnsHolding(needlesOf(OTHER))).toEqual(othersTablesBefore);
    expect((await shop.request('/api/account/email', { cookie: other.cookie })).status).toBe(200);
  });

  it('places no order for the account once it is deleted, even one already on its way in', async () => {
    expect((await deleteAccount(her.cookie)).status).toBe(200);
    const tilapia = await productBySlug(shop, 'fresh-whole-tilapia');
    const body = orderBody([{ productId: tilapia.id, quantity: 1 }]);
    // Past the session check before the deletion: the placement itself refuses the deleted account.
    await expect(
      placeOrder(shop.ctx, her.id, { items: body.items, customer: body.customerInfo, delivery: body.deliveryInfo }),
    ).rejects.toMatchObject({ code: 'ACCOUNT_DELETED' });
    expect(await shop.ctx.db.select().from(orders).where(eq(orders.userId, her.id))).toEqual([]);
  });

  it('is refused while an order is open, saying which, and changes nothing; typing anything but DELETE is refused too', async () => {
    const open = await paidOrder(her, HER);
    const wrong = await deleteAccount(her.cookie, 'delete me');
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(ACCOUNT_DELETION_MESSAGES.confirm);

    const refused = await deleteAccount(her.cookie);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(ACCOUNT_DELETION_MESSAGES.openOrder(open));
    expect((await shop.ctx.db.select().from(user).where(eq(user.id, her.id)))[0]).toMatchObject({ name: HER.name, email: HER.email });
    expect(await shop.ctx.db.select().from(dataRequests)).toEqual([]);
    expect((await shop.request('/api/account/email', { cookie: her.cookie })).status).toBe(200);

    // Signed out, or a back-office account: refused with a message, nothing changed.
    expect((await shop.request('/api/account/delete', { method: 'POST', json: { confirm: 'DELETE' } })).status).toBe(401);
    const owner = await createUser(shop, { role: 'owner' });
    const ownerRefused = await deleteAccount(owner.cookie);
    expect(ownerRefused.status).toBe(403);
    expect(((await ownerRefused.json()) as { error: { message: string } }).error.message).toBe(ACCOUNT_DELETION_MESSAGES.staff);

    await setOrderStatus(shop.ctx.db, open, 'completed', 'delivered');
    expect((await deleteAccount(her.cookie)).status).toBe(200);
  });
});
