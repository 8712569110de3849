// The receipt PDF read back as a viewer reads it: the text lines, the page size, the QR code decoded
// from the embedded image; and the print view showing the same facts.
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { lineTexts, MM_IN_POINTS, readPdf, type PdfPage } from '../../../../tests/support/pdf-reader';
import { TAX_INVOICE_PENDING, receiptFacts, taxInvoiceFacts } from './receipt-content';
import { receiptPdf } from './receipt-pdf';
import { receiptHtml } from './receipt-render';
import type { Receipt } from './receipt.service';
import type { SignedTaxInvoice } from './receipt-tax-invoice';

const SIGNED: SignedTaxInvoice = {
  sellerPin: 'P051234567X',
  sellerName: 'Samaki na Kuku Ltd',
  branchId: '00',
  cuId: 'KRACU0400001238',
  cuInvoiceNumber: 'KRACU0400001238/41',
  internalData: 'AB2CDEFGHIJ3KLMNOPQRSTU4VY',
  receiptSignature: 'SZBBFW4DCZ7HAGPH',
  cuDateTime: new Date('2026-03-02T07:12:05Z'),
  environment: 'sandbox',
};
const VERIFY_URL = 'https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=P051234567X00SZBBFW4DCZ7HAGPH';

function receipt(over: Partial<Receipt> = {}): Receipt {
  return {
    shop: { name: 'Fresh Catch', address: 'Mombasa Road, Nairobi', phone: '+254 711 000 111', email: 'hello@freshcatch.test' },
    orderId: '7d3c0c7e-8b1a-4b55-9d55-1f7b2e0f5a11',
    orderNumber: '7d3c0c7e',
    paidAt: '24 Nov 2026, 14:05',
    customerName: 'Wanjirũ Kamau',
    buyerPin: null,
    businessName: null,
    deliveryAddress: 'Kilimani, Nairobi, Kenya',
    deliveryWindow: 'Thu 27 Nov, 10:00–12:00',
    house: 'Apt 4B',
    directions: null,
    lines: [
      { name: 'Fresh whole tilapia', quantity: 3, unitPrice: 'KES 450.00', total: 'KES 1,350.00' },
      { name: 'Kienyeji chicken', quantity: 1, unitPrice: 'KES 1,200.00', total: 'KES 1,200.00' },
    ],
    subtotal: 'KES 2,550.00',
    vat: 'KES 408.00',
    vatLines: [{ label: 'VAT (16%)', amount: 'KES 408.00' }],
    deliveryFee: 'FREE',
    total: 'KES 2,958.00',
    refunds: [],
    refunded: null,
    totalAfterRefunds: null,
    paymentMethod: 'M-Pesa (Pesapal)',
    confirmationCode: 'QK7P2M1XYZ',
    confirmationLabel: 'Pesapal confirmation code',
    taxBands: [{ band: 'B', rate: '16%', taxable: 'KES 2,550.00', tax: 'KES 408.00' }],
    taxInvoice: SIGNED,
    copy: false,
    ...over,
  };
}

const onePage = async (r: Receipt, format: 'a4' | '80mm') => {
  const pages = await readPdf(await receiptPdf(r, format));
  expect(pages).toHaveLength(1);
  return pages[0]!;
};

/** The line whose first piece is `first`, as its pieces' texts. */
const lineStarting = (page: PdfPage, first: string) => page.lines.find((l) => l[0]?.text === first)?.map((p) => p.text);

/** Where the line's last piece ends, for the lines whose last piece is an amount in KES. */
const amountRightEdges = (page: PdfPage) =>
  page.lines.flatMap((l) => {
    const last = l[l.length - 1]!;
    return l.length > 1 && /^KES [\d,]+\.\d{2}$/.test(last.text) ? [last.right] : [];
  });

const decodeQr = (page: PdfPage) => page.images.map((img) => jsQR(img.rgba, img.width, img.height)?.data);

describe('receipt PDF', () => {
  it('A4: the order lines, totals, tax summary and the signed invoice, with the QR code linking to KRA', async () => {
    const page = await onePage(receipt(), 'a4');
    expect(page.width).toBeCloseTo(595.28, 1);
    expect(page.height).toBeCloseTo(841.89, 1);
    expect(lineStarting(page, 'Customer')).toEqual(['Customer', 'Wanjirũ Kamau']);
    expect(lineStarting(page, 'Delivery window')).toEqual(['Delivery window', 'Thu 27 Nov, 10:00–12:00 (Nairobi time)']);
    expect(lineStarting(page, 'Item')).toEqual(['Item', 'Qty', 'Unit price', 'Amount']);
    expect(lineStarting(page, 'Fresh whole tilapia')).toEqual(['Fresh whole tilapia', '3', 'KES 450.00', 'KES 1,350.00']);
    expect(lineStarting(page, 'Kienyeji chicken')).toEqual(['Kienyeji chicken', '1', 'KES 1,200.00', 'KES 1,200.00']);
    expect(lineStarting(page, 'Subtotal')).toEqual(['Subtotal', 'KES 2,550.00']);
    expect(lineStarting(page, 'VAT (16%)')).toEqual(['VAT (16%)', 'KES 408.00']);
    expect(lineStarting(page, 'Delivery fee')).toEqual(['Delivery fee', 'FREE']);
    expect(lineStarting(page, 'Total paid')).toEqual(['Total paid', 'KES 2,958.00']);
    expect(lineStarting(page, 'Band')).toEqual(['Band', 'Rate', 'Taxable amount', 'Tax']);
    expect(lineStarting(page, 'B')).toEqual(['B', '16%', 'KES 2,550.00', 'KES 408.00']);
    const kra = [
      ['Seller', 'Samaki na Kuku Ltd'],
      ['Seller KRA PIN', 'P051234567X'],
      ['CU ID', 'KRACU0400001238'],
      ['CU invoice number', 'KRACU0400001238/41'],
      ['CU date', '02/03/2026'],
      ['CU time', '10:12:05'],
      ['Internal data', 'AB2C-DEFG-HIJ3-KLMN-OPQR-STU4-VY'],
      ['Receipt signature', 'SZBB-FW4D-CZ7H-AGPH'],
    ];
    for (const [label, value] of kra) expect(lineStarting(page, label!)).toEqual([label, value]);
    expect(lineTexts(page)).not.toContain(TAX_INVOICE_PENDING);
    expect(lineTexts(page)).not.toContain('COPY');
    expect(decodeQr(page)).toEqual([VERIFY_URL]);
    expect(lineTexts(page).join('\n')).toContain(VERIFY_URL.slice(0, 40));
  });

  it('A4: every amount ends at the same right edge, measured from the font', async () => {
    const lines = [
      { name: 'Tilapia', quantity: 120, unitPrice: 'KES 1.00', total: 'KES 120.00' },
      { name: 'Kienyeji chicken', quantity: 10, unitPrice: 'KES 11,200.00', total: 'KES 112,000.00' },
    ];
    const page = await onePage(receipt({ lines }), 'a4');
    const edges = amountRightEdges(page);
    // The two lines' amounts, Subtotal, VAT, Total paid, and the tax summary's Tax column.
    expect(edges).toHaveLength(6);
    for (const edge of edges) expect(edge).toBeCloseTo(595.28 - 50, 1);
    // Unit prices and quantities of different widths end together too.
    const rows = lines.map((l) => page.lines.find((pieces) => pieces[0]?.text === l.name)!);
    expect(rows.map((r) => r.map((p) => p.text))).toEqual(lines.map((l) => [l.name, String(l.quantity), l.unitPrice, l.total]));
    expect(rows[0]![1]!.right).toBeCloseTo(rows[1]![1]!.right, 2);
    expect(rows[0]![2]!.right).toBeCloseTo(rows[1]![2]!.right, 2);
    expect(rows[0]![2]!.left).not.toBeCloseTo(rows[1]![2]!.left, 0);
  });

  it('80 mm: a strip 80 mm wide holding the same lines, totals and KRA details, amounts right-aligned', async () => {
    const page = await onePage(receipt(), '80mm');
    expect(page.width / MM_IN_POINTS).toBeCloseTo(80, 2);
    expect(page.height).toBeGreaterThan(page.width);
    expect(lineStarting(page, 'Fresh whole tilapia')).toEqual(['Fresh whole tilapia']);
    expect(lineStarting(page, '3 × KES 450.00')).toEqual(['3 × KES 450.00', 'KES 1,350.00']);
    expect(lineStarting(page, '1 × KES 1,200.00')).toEqual(['1 × KES 1,200.00', 'KES 1,200.00']);
    expect(lineStarting(page, 'Total paid')).toEqual(['Total paid', 'KES 2,958.00']);
    expect(lineStarting(page, 'Customer')).toEqual(['Customer', 'Wanjirũ Kamau']);
    expect(lineStarting(page, 'CU ID')).toEqual(['CU ID', 'KRACU0400001238']);
    expect(lineStarting(page, 'B')).toEqual(['B', '16%', 'KES 2,550.00', 'KES 408.00']);
    const right = page.width - 4 * MM_IN_POINTS;
    for (const edge of amountRightEdges(page)) expect(edge).toBeCloseTo(right, 1);
    expect(decodeQr(page)).toEqual([VERIFY_URL]);
  });

  it.each(['a4', '80mm'] as const)(
    '%s: without a signed invoice it says the tax invoice is pending, and a reprint says COPY',
    async (format) => {
      const pending = await onePage(receipt({ taxInvoice: null }), format);
      expect(lineTexts(pending)).toContain(TAX_INVOICE_PENDING);
      expect(lineStarting(pending, 'CU ID')).toBeUndefined();
      expect(pending.images).toEqual([]);
      expect(lineTexts(pending)).not.toContain('COPY');
      const copy = await onePage(receipt({ taxInvoice: null, copy: true }), format);
      expect(lineTexts(copy)).toContain('COPY');
    },
  );

  it('A4: a long order runs onto more pages and keeps every line', async () => {
    const lines = Array.from({ length: 70 }, (_, i) => ({
      name: `Tilapia fillet ${i + 1}`,
      quantity: 1,
      unitPrice: 'KES 10.00',
      total: 'KES 10.00',
    }));
    const pages = await readPdf(await receiptPdf(receipt({ lines }), 'a4'));
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.flatMap((p) => lineTexts(p));
    for (const l of lines) expect(all).toContain(`${l.name} | 1 | KES 10.00 | KES 10.00`);
    expect(all.filter((t) => t.startsWith('Total paid'))).toEqual(['Total paid | KES 2,958.00']);
  });
});

describe('receipt print view', () => {
  it('shows the facts, tax summary and signed invoice the PDF shows, with the QR code and the link to KRA', async () => {
    const r = receipt({ copy: true });
    const html = await receiptHtml(r);
    const page = await onePage(r, 'a4');
    for (const [label, value] of [...receiptFacts(r), ...taxInvoiceFacts(SIGNED)]) {
      expect(html).toContain(`<dt>${label}</dt><dd>${value}</dd>`);
      expect(lineStarting(page, label)).toEqual([label, value]);
    }
    expect(html).toContain('<td>B</td><td class="n">16%</td><td class="n">KES 2,550.00</td><td class="n">KES 408.00</td>');
    expect(html).toContain(`<a href="${VERIFY_URL}">`);
    expect(html).toMatch(/<img src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+" alt="QR code: Verify this invoice at KRA">/);
    expect(html).toContain('<p class="copy">COPY</p>');
    expect(html).not.toContain(TAX_INVOICE_PENDING);
    expect(lineTexts(page)).toContain('COPY');
  });

  it("names a business buyer: their business name and 'Buyer PIN', in the print view and the PDF", async () => {
    const r = receipt({ buyerPin: 'A123456789Z', businessName: 'Mama Oliech Ltd' });
    const html = await receiptHtml(r);
    const page = await onePage(r, 'a4');
    expect(html).toContain('<dt>Business name</dt><dd>Mama Oliech Ltd</dd>');
    expect(html).toContain('<dt>Buyer PIN</dt><dd>A123456789Z</dd>');
    expect(lineStarting(page, 'Buyer PIN')).toEqual(['Buyer PIN', 'A123456789Z']);
    expect(lineStarting(page, 'Business name')).toEqual(['Business name', 'Mama Oliech Ltd']);
    expect(await receiptHtml(receipt())).not.toContain('Buyer PIN');
  });

  it("lists the refunds made, and ends with 'Total after refunds', in the print view and both PDFs", async () => {
    const r = receipt({
      refunds: [{ date: '25 Nov 2026, 09:30', reason: 'Tilapia weighed 650 g', amount: 'KES 95.00' }],
      refunded: 'KES 95.00',
      totalAfterRefunds: 'KES 2,863.00',
    });
    const html = await receiptHtml(r);
    expect(html).toContain('<tr><td colspan="3">Refunded</td><td class="n">-KES 95.00</td></tr>');
    expect(html).toContain('<tr class="total"><td colspan="3">Total after refunds</td><td class="n">KES 2,863.00</td></tr>');
    expect(html).toContain('<h2>Refunds</h2>');
    expect(html).toContain('<td>25 Nov 2026, 09:30 (Nairobi time)</td><td>Tilapia weighed 650 g</td><td class="n">KES 95.00</td>');
    for (const format of ['a4', '80mm'] as const) {
      const all = (await readPdf(await receiptPdf(r, format))).flatMap((p) => lineTexts(p));
      expect(all).toContain('Refunded | -KES 95.00');
      expect(all).toContain('Total after refunds | KES 2,863.00');
      expect(all).toContain('25 Nov 2026, 09:30 (Nairobi time)');
      expect(all).toContain('Tilapia weighed 650 g | KES 95.00');
    }
    expect(await receiptHtml(receipt())).not.toContain('Total after refunds');
  });

  it('says the tax invoice is pending while nothing is signed', async () => {
    const html = await receiptHtml(receipt({ taxInvoice: null }));
    expect(html).toContain(`<p class="pending">${TAX_INVOICE_PENDING}</p>`);
    expect(html).not.toContain('CU ID');
    expect(html).not.toContain('class="copy"');
  });
});
