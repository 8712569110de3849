// One rider's route sheet read back as a viewer reads it: the stops numbered in route order across
// their windows, each with window, name, phone, address, directions, lines with expected weights,
// what was paid and that nothing is to be collected, and boxes to tick.
import { describe, expect, it } from 'vitest';
import { readPdf, type PdfPage } from '../../../../tests/support/pdf-reader';
import type { DeliveryGroup, DeliveryStop } from './deliveries.service';
import { RIDER_SHEET_TEXT, riderSheetPdf } from './rider-sheet-pdf';

const stop = (over: Partial<DeliveryStop>): DeliveryStop => ({
  orderId: '7d3c0c7e-8b1a-4b55-9d55-1f7b2e0f5a11',
  orderNumber: '7d3c0c7e',
  customerName: 'Wanjirũ Kamau',
  phone: '+254712345678',
  address: 'Kilimani, Nairobi, Kenya',
  house: 'Apt 4B, Jade Court',
  directions: 'Blue gate opposite the church',
  mapUrl: 'https://www.google.com/maps',
  zoneName: 'Zone A',
  expected: 'Fri 27 Nov, 10:00–12:00',
  late: false,
  fulfilmentStatus: 'processing',
  items: [
    { name: 'Tilapia — Large', quantity: 3, ifUnavailable: 'call', note: '', lineTotalCents: 399_000, nominalGrams: 700 },
    { name: 'Kienyeji chicken', quantity: 1, ifUnavailable: 'similar', note: '', lineTotalCents: 150_000, nominalGrams: null },
  ],
  note: '',
  paidCents: 569_000,
  rider: { id: 'r1', name: 'Otieno' },
  notDelivered: null,
  collectCents: null,
  collectedBy: null,
  ...over,
});

const GROUPS: DeliveryGroup[] = [
  { slot: 'Fri 27 Nov, 10:00–12:00', zoneName: 'Zone A', stops: [stop({})] },
  {
    slot: 'Fri 27 Nov, 14:00–16:00',
    zoneName: 'Zone B',
    stops: [
      stop({
        orderId: 'a1b2c3d4-0000-4000-8000-000000000002',
        orderNumber: 'a1b2c3d4',
        customerName: 'Kamau Njoroge',
        phone: '0722000333',
        address: 'Karen, Nairobi',
        house: null,
        directions: null,
        expected: 'Fri 27 Nov, 14:00–16:00',
        items: [{ name: 'Tilapia fillet', quantity: 2, ifUnavailable: 'remove', note: '', lineTotalCents: 120_000, nominalGrams: null }],
        paidCents: 150_000,
      }),
    ],
  },
];

const texts = (page: PdfPage) =>
  page.lines.map((pieces) =>
    pieces
      .map((p) => p.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );

describe("a rider's route sheet PDF", () => {
  it('numbers the stops in route order across windows, with what to hand over, what was paid, and boxes to tick', async () => {
    const [page, ...more] = await readPdf(await riderSheetPdf('Fresh Catch', '2026-11-27', 'Otieno Ouma', GROUPS));
    expect(more).toHaveLength(0);
    const lines = texts(page!);
    const at = (t: string) => lines.indexOf(t);
    expect(lines[0]).toBe('Route sheet 2026-11-27 · Otieno Ouma');
    expect(at('1. #7d3c0c7e Wanjirũ Kamau +254 712 345 678')).toBeGreaterThan(at('Fri 27 Nov, 10:00–12:00 · Zone A'));
    expect(at('Fri 27 Nov, 14:00–16:00 · Zone B')).toBeGreaterThan(at('1. #7d3c0c7e Wanjirũ Kamau +254 712 345 678'));
    expect(at('2. #a1b2c3d4 Kamau Njoroge +254 722 000 333')).toBeGreaterThan(at('Fri 27 Nov, 14:00–16:00 · Zone B'));
    expect(lines).toEqual(
      expect.arrayContaining([
        'Kilimani, Nairobi, Kenya · Apt 4B, Jade Court',
        'Directions: Blue gate opposite the church',
        '☐ 3 × Tilapia — Large, about 2,100 g',
        '☐ 1 × Kienyeji chicken',
        'Paid KES 5,690.00 · nothing to collect',
        '☐ 2 × Tilapia fillet',
        'Paid KES 1,500.00 · nothing to collect',
        'Karen, Nairobi',
      ]),
    );
    // Each stop ends with its outcome to tick.
    expect(lines.filter((t) => t === '☐ Delivered ☐ Could not deliver')).toHaveLength(2);
    expect(lines.filter((t) => t.startsWith('Directions'))).toHaveLength(1);
  });

  it('says so when the rider has no stops that day', async () => {
    const [page] = await readPdf(await riderSheetPdf('Fresh Catch', '2026-11-27', 'Otieno Ouma', []));
    expect(texts(page!)).toContain(RIDER_SHEET_TEXT.nothing);
  });
});
