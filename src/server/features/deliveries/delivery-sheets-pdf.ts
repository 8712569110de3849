// The packing slips (one A4 page per order: what to pack, when and where it goes, a QR code of the
// order id to scan at the door) and the route sheet (a day's stops in route order, group by group),
// drawn with pdfkit in DejaVu Sans like the receipts, so any customer's name prints, through the
// instance's few PDF render slots (pdf-render.ts).
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatPhone, toE164Phone } from '@/domain/phone';
import { ifUnavailableText } from '@/domain/line-choices';
import { formatKES } from '@/domain/money';
import { formatGrams } from '@/domain/packing';
import { fonts } from '../orders/receipt-pdf';
import { renderPdf } from '../orders/pdf-render';
import { yieldToLoop } from '../../infra/work-slots';
import type { DeliveryGroup, DeliveryStop } from './deliveries.service';

export const SHEET_TEXT = {
  slipTitle: 'Packing slip',
  routeTitle: 'Route sheet',
  nothing: 'No deliveries to print.',
  items: 'Items',
  expected: 'Delivery',
  address: 'Address',
  house: 'House',
  directions: 'Directions',
  phone: 'Phone',
  zone: 'Zone',
  rider: 'Rider',
  note: 'Note for the shop',
  /** Ticked by the packer as each line goes in the bag. */
  tickBox: '☐',
  weighed: 'Weighed',
  kg: 'kg',
} as const;

/** The box the packer writes the real weight in, in points. */
export const WEIGHED_BOX = { width: 80, height: 16 } as const;

type SlipItem = DeliveryStop['items'][number];

/** 'Expected about 1,400 g · KES 2,660.00' for a line sold by weight, else its price. */
function slipItemPrice(item: SlipItem): string {
  const price = formatKES(item.lineTotalCents);
  return item.nominalGrams === null ? price : `Expected about ${formatGrams(item.nominalGrams * item.quantity)} · ${price}`;
}

const phoneOf = (raw: string) => {
  const e164 = toE164Phone(raw);
  return e164 ? formatPhone(e164) : raw;
};

function newDocument(title: string, author: string): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'A4', margin: 50, lang: 'en', displayTitle: true, info: { Title: title, Author: author } });
  doc.registerFont('regular', fonts().regular);
  doc.registerFont('bold', fonts().bold);
  return doc;
}

function fact(doc: PDFKit.PDFDocument, label: string, value: string | null) {
  if (!value) return;
  doc.font('bold').fontSize(11).text(`${label}: `, { continued: true }).font('regular').text(value);
}

const stopsIn = (groups: readonly DeliveryGroup[]) => groups.flatMap((g) => g.stops);

/**
 * One page per order. Drawn a page at a time, giving the event loop back between pages: a day of a
 * hundred orders must not keep the other requests waiting.
 */
export function packingSlipsPdf(shopName: string, groups: readonly DeliveryGroup[]): Promise<Uint8Array<ArrayBuffer>> {
  const stops = stopsIn(groups);
  return renderPdf(
    () => newDocument(SHEET_TEXT.slipTitle, shopName),
    async (doc) => {
      if (stops.length === 0) {
        doc.font('regular').fontSize(12).text(SHEET_TEXT.nothing);
        return;
      }
      for (const [i, s] of stops.entries()) {
        if (i > 0) {
          await yieldToLoop();
          doc.addPage();
        }
        slip(doc, shopName, s, await QRCode.toBuffer(s.orderId, { errorCorrectionLevel: 'M', margin: 2, scale: 4 }));
      }
    },
  );
}

function slip(doc: PDFKit.PDFDocument, shopName: string, s: DeliveryStop, qr: Buffer) {
  const top = doc.y;
  doc.image(qr, doc.page.width - 50 - 110, top, { width: 110 });
  doc.font('bold').fontSize(18).text(`${SHEET_TEXT.slipTitle} #${s.orderNumber}`, { width: 330 });
  doc.font('regular').fontSize(10).text(shopName, { width: 330 }).moveDown(0.8);
  fact(doc, SHEET_TEXT.expected, s.expected);
  fact(doc, 'Customer', s.customerName);
  fact(doc, SHEET_TEXT.phone, phoneOf(s.phone));
  fact(doc, SHEET_TEXT.zone, s.zoneName);
  doc.y = Math.max(doc.y, top + 125);
  doc.moveDown(0.5);
  fact(doc, SHEET_TEXT.address, s.address);
  fact(doc, SHEET_TEXT.house, s.house);
  fact(doc, SHEET_TEXT.directions, s.directions);
  doc.moveDown(1);
  doc.font('bold').fontSize(13).text(SHEET_TEXT.items).moveDown(0.3);
  const left = doc.page.margins.left;
  for (const item of s.items) {
    doc
      .font('regular')
      .fontSize(14)
      .text(SHEET_TEXT.tickBox, left + 4, doc.y, { continued: true });
    doc.fontSize(12).text(`  ${item.quantity} × ${item.name}`);
    doc.fontSize(10).text(slipItemPrice(item), left + 24);
    if (item.nominalGrams !== null) weighedBox(doc, left + 24);
    doc.text([ifUnavailableText(item.ifUnavailable), item.note && `Note: ${item.note}`].filter(Boolean).join(' · '), left + 24);
    doc.moveDown(0.3);
  }
  doc.x = left;
  if (s.note) doc.moveDown(0.5).font('bold').fontSize(11).text(`${SHEET_TEXT.note}: `, { continued: true }).font('regular').text(s.note);
  doc.moveDown(1);
  doc.font('regular').fontSize(9).text(`Order ${s.orderId}`);
}

/** 'Weighed [        ] kg': an empty box for the packer's pen. */
function weighedBox(doc: PDFKit.PDFDocument, x: number) {
  const y = doc.y + 2;
  doc.font('regular').fontSize(10);
  const label = doc.widthOfString(`${SHEET_TEXT.weighed} `);
  doc.text(SHEET_TEXT.weighed, x, y + 3, { lineBreak: false });
  doc.rect(x + label, y, WEIGHED_BOX.width, WEIGHED_BOX.height).stroke();
  doc.text(SHEET_TEXT.kg, x + label + WEIGHED_BOX.width + 4, y + 3, { lineBreak: false });
  doc.x = x;
  doc.y = y + WEIGHED_BOX.height + 4;
}

/** The stops in route order, group by group, as many pages as it takes (the loop given back between stops). */
export function routeSheetPdf(shopName: string, day: string, groups: readonly DeliveryGroup[]): Promise<Uint8Array<ArrayBuffer>> {
  return renderPdf(
    () => newDocument(`${SHEET_TEXT.routeTitle} ${day}`, shopName),
    async (doc) => {
      doc.font('bold').fontSize(18).text(`${SHEET_TEXT.routeTitle} ${day}`);
      doc.font('regular').fontSize(10).text(shopName).moveDown(0.8);
      if (groups.length === 0) doc.font('regular').fontSize(12).text(SHEET_TEXT.nothing);
      for (const g of groups) {
        doc.font('bold').fontSize(13).text(`${g.slot} · ${g.zoneName}`).moveDown(0.3);
        for (const [i, s] of g.stops.entries()) {
          await yieldToLoop();
          doc
            .font('bold')
            .fontSize(11)
            .text(`${i + 1}. #${s.orderNumber}  ${s.customerName}  ${phoneOf(s.phone)}`);
          doc.font('regular').fontSize(10).text([s.address, s.house].filter(Boolean).join(' · '), { indent: 14 });
          if (s.directions) doc.text(s.directions, { indent: 14 });
          doc.text(`${s.expected}${s.rider ? ` · ${SHEET_TEXT.rider}: ${s.rider.name}` : ''}`, { indent: 14 });
          doc.text(s.items.map((it) => `${it.quantity} × ${it.name}`).join(', '), { indent: 14 }).moveDown(0.5);
        }
        doc.moveDown(0.5);
      }
    },
  );
}
