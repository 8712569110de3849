// What the back office sees of tax invoices: eTIMS's status (where invoices go, the device, the code
// lists' age, what waits and what KRA refused), the list by status, and each order's invoices on its
// page (status, CU invoice number once signed, KRA's message when refused).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { etimsDevices, etimsStockMoves } from '../../src/server/db/schema';
import { taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import { dbKinds } from '../support/test-database';
import { approveRefund, createTaxShop, disposeTaxShop, invoiceOf, payOrder, type TaxShop } from './etims-support';

describe.each(dbKinds(import.meta.url))('tax invoices in the back office, on %s', (kind) => {
  let shop: TaxShop;
  beforeEach(async () => {
    shop = await createTaxShop(kind);
  });
  afterEach(() => disposeTaxShop(shop));

  const get = async (path: string) => {
    const res = await shop.request(path, { cookie: shop.admin.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json();
  };

  it('tells where invoices go, whether the device is initialised, when the code lists were synced and what waits or was refused', async () => {
    // The seeded products' opening stock waits for the first round, as on a new shop.
    const opening = await shop.ctx.db.select().from(etimsStockMoves).orderBy(asc(etimsStockMoves.createdAt));
    expect(opening.length).toBeGreaterThan(0);
    // Those older than ETIMS_LATE_AFTER_MINUTES (15) by the shop's clock are late (the database may have been made a while ago).
    const lateBefore = shop.clock.now().getTime() - 15 * 60_000;
    expect(await get('/api/admin/tax-invoices/status')).toEqual({
      target: 'simulator',
      device: {
        pin: 'P000000000S',
        branchId: '00',
        serial: 'SIMULATOR-OSCU-1',
        initialised: false,
        initialisedAt: null,
        cuId: null,
        taxpayerName: null,
        codesRefreshedAt: null,
      },
      waiting: 0,
      failed: 0,
      refused: 0,
      sent: 0,
      lateAfterMinutes: 15,
      oldestWaitingSince: null,
      late: 0,
      stock: {
        waiting: opening.length,
        failed: 0,
        oldestWaitingSince: opening[0]?.createdAt.toISOString(),
        late: opening.filter((d) => d.createdAt.getTime() < lateBefore).length,
        heldBy: null,
      },
    });

    await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);
    shop.etimsSim.switches.rateE = 0; // KRA refuses the next sale
    await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);
    shop.etimsSim.switches.rateE = 8;
    shop.etimsSim.switches.mode = 'down'; // the next one waits
    await payOrder(shop);
    await taxInvoicesIdle(shop.ctx);

    const [device] = await shop.ctx.db.select().from(etimsDevices);
    const status = await get('/api/admin/tax-invoices/status');
    expect(status).toMatchObject({
      target: 'simulator',
      device: {
        initialised: true,
        cuId: device?.sdcId,
        initialisedAt: device?.initialisedAt?.toISOString(),
        codesRefreshedAt: device?.codesRefreshedAt?.toISOString(),
      },
      waiting: 1,
      failed: 1,
      refused: 1,
      sent: 1,
    });
    expect(device?.sdcId).toBeTruthy();

    const refs = async (status: string) =>
      ((await get(`/api/admin/tax-invoices?status=${status}`)) as { invoices: { reference: string }[] }).invoices.map((i) => i.reference);
    expect(await refs('refused')).toEqual(['INV-2']);
    expect(await refs('pending')).toEqual(['INV-3']);
    expect(await refs('sent')).toEqual(['INV-1']);
    const bad = await shop.request('/api/admin/tax-invoices?status=lost', { cookie: shop.admin.cookie });
    expect(bad.status).toBe(400);
  });

  it('is for admins only', async () => {
    const res = await shop.request('/api/admin/tax-invoices/status', { cookie: shop.buyer.cookie });
    expect(res.status).toBe(403);
  });

  it("shows the order's sale and credit note on its page: signed with the CU invoice number, or refused with KRA's message", async () => {
    const orderId = await payOrder(shop);
    expect(((await get(`/api/admin/orders/${orderId}`)) as { taxInvoices: unknown[] }).taxInvoices).toMatchObject([
      { reference: 'INV-1', kind: 'sale' },
    ]);
    await taxInvoicesIdle(shop.ctx);
    const sale = await invoiceOf(shop, orderId, 'sale');
    expect(sale?.cuInvoiceNo).toBeTruthy();

    shop.etimsSim.switches.rateE = 0; // KRA refuses the credit note
    const cancel = await shop.request(`/api/admin/orders/${orderId}/cancel`, {
      method: 'POST',
      cookie: shop.admin.cookie,
      json: { reason: 'Customer changed their mind' },
    });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    await approveRefund(shop, orderId);
    await taxInvoicesIdle(shop.ctx);
    const credit = await invoiceOf(shop, orderId, 'credit_note');
    expect(credit?.status).toBe('refused');

    const detail = (await get(`/api/admin/orders/${orderId}`)) as { taxInvoices: unknown[] };
    expect(detail.taxInvoices).toEqual([
      {
        id: sale?.id,
        reference: 'INV-1',
        kind: 'sale',
        status: 'sent',
        totalCents: sale?.total,
        cuInvoiceNo: sale?.cuInvoiceNo,
        kraMessage: null,
      },
      {
        id: credit?.id,
        reference: 'CRN-2',
        kind: 'credit_note',
        status: 'refused',
        totalCents: credit?.total,
        cuInvoiceNo: null,
        kraMessage: expect.stringContaining('Tax rate mismatch'),
      },
    ]);
    expect(credit?.resultMessage).toContain('Tax rate mismatch');
  });
});
