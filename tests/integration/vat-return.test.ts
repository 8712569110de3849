// The month's VAT figures are KRA's: per band, the sales KRA signed less the credit notes it signed,
// dated in the month (Nairobi time), whatever the shop's own orders say. A sale of another month is
// not in them, and a paid order whose sale KRA has not signed is listed for the merchant.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TAX_BANDS } from '../../src/domain/tax-bands';
import { products } from '../../src/server/db/schema';
import type { VatReturn } from '../../src/server/features/reports/vat-return.service';
import { taxInvoicesIdle } from '../../src/server/features/tax-invoices/tax-invoice-sender';
import { dbKinds } from '../support/test-database';
import { cents, createTaxShop, declared, disposeTaxShop, payOrder, type TaxShop } from './etims-support';
import { cancelAndRefund, decideRefund, paidOrder, refundPart } from './partial-refund-support';

/** 09:00 in Nairobi on a day of 2027 (the shop's clock stands there: the month is the subject). */
const nairobiMorning = (day: string) => new Date(`${day}T06:00:00Z`);

describe.each(dbKinds(import.meta.url))('the month’s VAT figures on %s', (kind) => {
  let shop: TaxShop;
  const moveTo = (at: Date) => shop.clock.advance(at.getTime() - shop.clock.now().getTime());
  beforeEach(async () => {
    shop = await createTaxShop(kind);
    // Four bands in play: omena exempt (A), tilapia 16 % (B), wings 8 % (E), the delivery fee non-VAT (D).
    await shop.ctx.db.update(products).set({ taxBand: 'A' }).where(eq(products.slug, 'omena-dagaa'));
    await shop.ctx.db.update(products).set({ taxBand: 'E' }).where(eq(products.slug, 'chicken-wings'));
  });
  afterEach(() => disposeTaxShop(shop));

  /** KRA's own books for the month: its signed sales less its signed credit notes, per band, in cents. */
  function kraFigures(month: string) {
    const signed = declared(shop).filter((s) => s.request.salesDt.startsWith(month.replace('-', '')));
    return Object.fromEntries(
      TAX_BANDS.map((b) => {
        const sum = (type: 'S' | 'R', field: 'taxblAmt' | 'taxAmt') =>
          signed.filter((s) => s.request.rcptTyCd === type).reduce((acc, s) => acc + cents(s.request[`${field}${b}`]), 0);
        return [b, { netTaxable: sum('S', 'taxblAmt') - sum('R', 'taxblAmt'), netVat: sum('S', 'taxAmt') - sum('R', 'taxAmt') }];
      }),
    );
  }

  it('equals KRA’s signed sales less its credit notes per band, and lists the paid order KRA has not signed', async () => {
    moveTo(nairobiMorning('2027-02-26'));
    await paidOrder(shop, [{ slug: 'fresh-whole-tilapia', quantity: 1 }]); // February's: not March's

    moveTo(nairobiMorning('2027-03-10'));
    const mixed = await paidOrder(shop, [
      { slug: 'fresh-whole-tilapia', quantity: 2 },
      { slug: 'omena-dagaa', quantity: 1 },
      { slug: 'chicken-wings', quantity: 1 },
    ]);
    const part = await refundPart(shop, mixed.orderId, [
      { orderItemId: mixed.items['fresh-whole-tilapia']!.id, amountCents: 9_500, restockQuantity: 0 },
      { orderItemId: mixed.items['omena-dagaa']!.id, amountCents: 45_000, restockQuantity: 1 },
    ]);
    expect(part.status).toBe(200);
    await decideRefund(shop, mixed.trackingId);
    const cancelled = await paidOrder(shop, [{ slug: 'chicken-wings', quantity: 2 }]);
    expect((await cancelAndRefund(shop, cancelled.orderId)).status).toBe(200);
    await decideRefund(shop, cancelled.trackingId);
    await paidOrder(shop, [{ slug: 'omena-dagaa', quantity: 2 }]);

    // KRA away: the last order is paid, its sale waits.
    shop.etimsSim.switches.mode = 'down';
    const unsigned = await payOrder(shop, [{ slug: 'tilapia-fillets', quantity: 1 }]);
    await taxInvoicesIdle(shop.ctx);

    const res = await shop.request('/api/admin/reports/vat?month=2027-03', { cookie: shop.admin.cookie });
    expect(res.status).toBe(200);
    const vat = (await res.json()) as VatReturn;
    const kra = kraFigures('2027-03');
    for (const band of vat.bands)
      expect({ band: band.band, netTaxable: band.netTaxable, netVat: band.netVat }).toEqual({ band: band.band, ...kra[band.band] });
    // The figures are not all zero: every band in play has sales, and credit notes took some back.
    expect(vat.bands.filter((b) => b.salesTaxable > 0).map((b) => b.band)).toEqual(['A', 'B', 'D', 'E']);
    expect(vat.bands.filter((b) => b.creditTaxable > 0).map((b) => b.band)).toEqual(['A', 'B', 'D', 'E']);
    expect(vat.bands.find((b) => b.band === 'B')?.rateBp).toBe(1600);
    expect(vat.bands.find((b) => b.band === 'E')?.rateBp).toBe(800);
    expect(vat.total.netVat).toBe(vat.bands.reduce((acc, b) => acc + b.netVat, 0));
    expect([vat.signedSales, vat.signedCreditNotes, vat.paidOrders]).toEqual([3, 2, 4]);
    expect(vat.unsignedOrders.map((o) => o.id)).toEqual([unsigned]);
    expect(vat.unsignedOrders[0]?.invoiceStatus).toMatch(/^(queued|failed)$/);

    const csv = await shop.request('/api/admin/reports/vat.csv?month=2027-03', { cookie: shop.admin.cookie });
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="vat-2027-03.csv"');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csv.arrayBuffer());
    const b = vat.bands.find((x) => x.band === 'B')!;
    const decimal = (c: number) => (c / 100).toFixed(2);
    expect(text).toContain(
      `\r\nB,16,${[b.salesTaxable, b.salesVat, b.creditTaxable, b.creditVat, b.netTaxable, b.netVat].map(decimal).join(',')}\r\n`,
    );
    expect(text).toContain(`,${unsigned},`);
    expect(text).toContain('Waiting for KRA');
  });

  it('refuses a month that is not one', async () => {
    const res = await shop.request('/api/admin/reports/vat?month=2027-13', { cookie: shop.admin.cookie });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Pick a month as YYYY-MM (for example 2025-03).');
  });
});
