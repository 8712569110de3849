// A day of a hundred-odd orders printed as packing slips is a lot of drawing on the event loop that
// answers every request. Several such prints at once must not hold the other requests: a light
// request made while they are drawn is answered before any of them is drawn to the end (by the order
// of events, not by a time), and every print still comes out whole.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeliveryGroup, DeliveryStop } from '../../src/server/features/deliveries/deliveries.service';
import { packingSlipsPdf, routeSheetPdf } from '../../src/server/features/deliveries/delivery-sheets-pdf';

const ORDERS = 128;
const PRINTS_AT_ONCE = 4;
const LIGHT_AFTER_PAGES = 10;

const stop = (i: number): DeliveryStop => {
  const hex = i.toString(16).padStart(8, '0');
  return {
    orderId: `${hex}-8b1a-4b55-9d55-1f7b2e0f5a11`,
    orderNumber: hex,
    customerName: `Wanjirũ Kamau ${i}`,
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
        name: 'Fresh whole tilapia',
        quantity: 3,
        ifUnavailable: 'call',
        note: 'cut into 4 pieces',
        lineTotalCents: 399_000,
        nominalGrams: 700,
      },
      { name: 'Kienyeji chicken', quantity: 1, ifUnavailable: 'similar', note: '', lineTotalCents: 150_000, nominalGrams: null },
    ],
    note: '',
    paidCents: 549_000,
    rider: { id: 'r1', name: 'Otieno' },
    notDelivered: null,
    collectCents: null,
    collectedBy: null,
  };
};

const DAY: DeliveryGroup[] = [{ slot: '27 Nov 2026', zoneName: 'Zone A', stops: Array.from({ length: ORDERS }, (_, i) => stop(i)) }];

/** Pages in a PDF as pdfkit writes them (each page's dictionary is written plainly). */
const pageCount = (bytes: ArrayBuffer) =>
  (
    Buffer.from(bytes)
      .toString('latin1')
      .match(/\/Type \/Page\b/g) ?? []
  ).length;

describe('PDF prints beside other requests', () => {
  let server: ReturnType<typeof serve>;
  let base: string;
  /** What happened, in order: each print drawn (on the server), the light request answered. */
  const events: string[] = [];

  beforeAll(async () => {
    const app = new Hono()
      .get('/slips', async (c) => {
        const bytes = await packingSlipsPdf('Lake Victoria Aquaculture', DAY);
        events.push('print drawn');
        return c.body(bytes, 200, { 'content-type': 'application/pdf' });
      })
      .get('/route', async (c) => c.body(await routeSheetPdf('Lake Victoria Aquaculture', '2026-11-27', DAY), 200))
      .get('/light', (c) => c.text('ok'));
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it(`answers a light request while ${PRINTS_AT_ONCE} packing slips of ${ORDERS} orders are drawn, and every print is whole`, async () => {
    // The light request is made from inside the drawing, once the prints have drawn a few pages;
    // when it is answered, no print may have been drawn to its last page yet.
    const pagesOf = new Map<PDFKit.PDFDocument, number>();
    let pagesDrawn = 0;
    let fullestPrintAtAnswer = -1;
    let light: Promise<string> | undefined;
    const addPage = PDFDocument.prototype.addPage;
    const spy = vi.spyOn(PDFDocument.prototype, 'addPage').mockImplementation(function (this: PDFKit.PDFDocument, ...args) {
      pagesOf.set(this, (pagesOf.get(this) ?? 0) + 1);
      pagesDrawn += 1;
      if (pagesDrawn === LIGHT_AFTER_PAGES) {
        light = fetch(`${base}/light`).then(async (res) => {
          fullestPrintAtAnswer = Math.max(...pagesOf.values());
          events.push('light answered');
          return res.text();
        });
      }
      return addPage.apply(this, args);
    });
    try {
      const prints = await Promise.all(
        Array.from({ length: PRINTS_AT_ONCE }, async () => {
          const res = await fetch(`${base}/slips`);
          const bytes = await res.arrayBuffer();
          return { status: res.status, bytes };
        }),
      );
      expect(await light).toBe('ok');
      expect(fullestPrintAtAnswer).toBeGreaterThan(0);
      expect(fullestPrintAtAnswer).toBeLessThan(ORDERS);
      expect(events).toEqual(['light answered', ...prints.map(() => 'print drawn')]);
      for (const print of prints) {
        expect(print.status).toBe(200);
        expect(pageCount(print.bytes)).toBe(ORDERS);
      }
    } finally {
      spy.mockRestore();
    }
  });

  it('prints a route sheet of the same day whole', async () => {
    const res = await fetch(`${base}/route`);
    expect(res.status).toBe(200);
    const text = Buffer.from(await res.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  });
});
