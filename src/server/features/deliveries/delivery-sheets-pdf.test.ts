// The packing slips and route sheet read back as a viewer reads them: one page per order with its
// items, delivery time, address and directions, and a QR code that decodes to the order id.
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { readPdf, type PdfPage } from '../../../../tests/support/pdf-reader';
import type { DeliveryGroup, DeliveryStop } from './deliveries.service';
import { packingSlipsPdf, routeSheetPdf, SHEET_TEXT, WEIGHED_BOX } from './delivery-sheets-pdf';

const stop = (over: Partial<DeliveryStop>): DeliveryStop => ({
  orderId: '7d3c0c7e-8b1a-4b55-9d55-1f7b2e0f5a11',
  orderNumber: '7d3c0c7e',
  customerName: 'Wanjirũ Kamau',
  phone: '+254712345678',
  address: 'Kilimani, Nairobi, Kenya',
  house: 'Apt 4B, Jade Court',
  directions: 'Blue gate opposite the church; call on arrival',
  mapUrl: 'https://www.google.com/maps/dir/?api=1&destination=-1.29%2C36.78',
  zoneName: 'Zone A',
  expected: '27 Nov 2026, around 10:30',
  late: false,
  fulfilmentStatus: 'processing',
  items: [
    {
      name: 'Tilapia — Large, Scaled & gutted',
      quantity: 3,
      ifUnavailable: 'call',
      note: 'cut into 4 pieces',
      lineTotalCents: 399_000,
      nominalGrams: 700,
    },
    { name: 'Kienyeji chicken', quantity: 1, ifUnavailable: 'similar', note: '', lineTotalCents: 150_000, nominalGrams: null },
  ],
  note: 'Ring the bell twice',
  paidCents: 549_000,
  rider: { id: 'r1', name: 'Otieno' },
  notDelivered: null,
  collectCents: null,
  collectedBy: null,
  ...over,
});

const GROUPS: DeliveryGroup[] = [
  {
    slot: '27 Nov 2026',
    zoneName: 'Zone A',
    stops: [
      stop({}),
      stop({
        orderId: 'a1b2c3d4-0000-4000-8000-000000000002',
        orderNumber: 'a1b2c3d4',
        customerName: 'Kamau Njoroge',
        phone: '0722000333',
        house: null,
        directions: null,
        items: [{ name: 'Tilapia fillet', quantity: 2, ifUnavailable: 'remove', note: '', lineTotalCents: 120_000, nominalGrams: null }],
        note: '',
      }),
    ],
  },
];

/** Each line's text, its pieces joined and spaces as a reader sees them. */
const texts = (page: PdfPage) =>
  page.lines.map((pieces) =>
    pieces
      .map((p) => p.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
const decodeQr = (page: PdfPage) => page.images.map((img) => jsQR(img.rgba, img.width, img.height)?.data);

describe('packing slips PDF', () => {
  it("prints one A4 page per order: items to tick with quantities, expected weight and price, a box for the weighed kg, the customer's choices and notes, delivery time, address, directions and a QR of the order id", async () => {
    const pages = await readPdf(await packingSlipsPdf('Fresh Catch', GROUPS));
    expect(pages).toHaveLength(2);
    const [first, second] = pages as [PdfPage, PdfPage];
    expect(first.width).toBeCloseTo(595.28, 1);
    expect(texts(first)).toEqual(
      expect.arrayContaining([
        'Packing slip #7d3c0c7e',
        'Delivery: 27 Nov 2026, around 10:30',
        'Customer: Wanjirũ Kamau',
        'Phone: +254 712 345 678',
        'Address: Kilimani, Nairobi, Kenya',
        'House: Apt 4B, Jade Court',
        'Directions: Blue gate opposite the church; call on arrival',
        '3 × Tilapia — Large, Scaled & gutted',
        'Expected about 2,100 g · KES 3,990.00',
        'Weighed kg',
        'If unavailable: call me · Note: cut into 4 pieces',
        '1 × Kienyeji chicken',
        'KES 1,500.00',
        'If unavailable: a similar item',
        'Note for the shop: Ring the bell twice',
      ]),
    );
    // A box to tick before each line (a viewer reads it as its own line, left of the item's text).
    expect(texts(first).filter((t) => t === SHEET_TEXT.tickBox)).toHaveLength(2);
    expect(texts(second).filter((t) => t === SHEET_TEXT.tickBox)).toHaveLength(1);
    // One empty box to write the weight in, for the line sold by weight only.
    const weighed = first.lines.filter((pieces) => pieces.map((p) => p.text.trim()).join(' ') === 'Weighed kg');
    expect(weighed).toHaveLength(1);
    const [label, unit] = weighed[0]!;
    expect(unit!.left - label!.right).toBeGreaterThanOrEqual(WEIGHED_BOX.width);
    expect(decodeQr(first)).toEqual(['7d3c0c7e-8b1a-4b55-9d55-1f7b2e0f5a11']);
    expect(texts(second)).toEqual(
      expect.arrayContaining([
        'Packing slip #a1b2c3d4',
        '2 × Tilapia fillet',
        'KES 1,200.00',
        'If unavailable: remove it and refund',
        'Phone: +254 722 000 333',
      ]),
    );
    expect(texts(second).some((t) => t.startsWith('Note for the shop'))).toBe(false);
    expect(texts(second)).not.toContain('Weighed kg');
    expect(texts(second).some((t) => t.startsWith('Directions'))).toBe(false);
    expect(decodeQr(second)).toEqual(['a1b2c3d4-0000-4000-8000-000000000002']);
  });

  it('says there is nothing to print on a day without deliveries', async () => {
    const pages = await readPdf(await packingSlipsPdf('Fresh Catch', []));
    expect(pages).toHaveLength(1);
    expect(texts(pages[0]!)).toContain(SHEET_TEXT.nothing);
  });
});

describe('route sheet PDF', () => {
  it('lists the stops in route order under their group, with phone, address, directions and items', async () => {
    const [page] = await readPdf(await routeSheetPdf('Fresh Catch', '2026-11-27', GROUPS));
    const lines = texts(page!);
    expect(lines[0]).toBe('Route sheet 2026-11-27');
    const at = (t: string) => lines.indexOf(t);
    expect(at('27 Nov 2026 · Zone A')).toBeGreaterThan(0);
    expect(at('1. #7d3c0c7e Wanjirũ Kamau +254 712 345 678')).toBeGreaterThan(at('27 Nov 2026 · Zone A'));
    expect(at('2. #a1b2c3d4 Kamau Njoroge +254 722 000 333')).toBeGreaterThan(at('1. #7d3c0c7e Wanjirũ Kamau +254 712 345 678'));
    expect(lines).toEqual(
      expect.arrayContaining([
        'Kilimani, Nairobi, Kenya · Apt 4B, Jade Court',
        'Blue gate opposite the church; call on arrival',
        '27 Nov 2026, around 10:30 · Rider: Otieno',
        '3 × Tilapia — Large, Scaled & gutted, 1 × Kienyeji chicken',
      ]),
    );
  });
});
