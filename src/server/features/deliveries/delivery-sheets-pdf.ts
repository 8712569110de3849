// The packing slips (one A4 page per order: what to pack, when and where it goes, a QR code of the
// order id to scan at the door) and the route sheet (a day's stops in route order, group by group),
// drawn with pdfkit in DejaVu Sans like the receipts, so any customer's name prints.
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatPhone, toE164Phone } from '@/domain/phone';
import { fonts } from '../orders/receipt-pdf';
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
} as const;

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

async function finish(doc: PDFKit.PDFDocument, draw: () => void): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  draw();
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

function fact(doc: PDFKit.PDFDocument, label: string, value: string | null) {
  if (!value) return;
  doc.font('bold').fontSize(11).text(`${label}: `, { continued: true }).font('regular').text(value);
}

const stopsIn = (groups: readonly DeliveryGroup[]) => groups.flatMap((g) => g.stops);

/** One page per order. */
export async function packingSlipsPdf(shopName: string, groups: readonly DeliveryGroup[]): Promise<Uint8Array<ArrayBuffer>> {
  const stops = stopsIn(groups);
  const doc = newDocument(SHEET_TEXT.slipTitle, shopName);
  const qrs = await Promise.all(stops.map((s) => QRCode.toBuffer(s.orderId, { errorCorrectionLevel: 'M', margin: 2, scale: 4 })));
  return finish(doc, () => {
    if (stops.length === 0) {
      doc.font('regular').fontSize(12).text(SHEET_TEXT.nothing);
      return;
    }
    stops.forEach((s, i) => {
      if (i > 0) doc.addPage();
      slip(doc, shopName, s, qrs[i]!);
    });
  });
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
  for (const item of s.items) doc.font('regular').fontSize(12).text(`${item.quantity} × ${item.name}`, { indent: 10 });
  doc.moveDown(1);
  doc.font('regular').fontSize(9).text(`Order ${s.orderId}`);
}

/** The stops in route order, group by group, as many pages as it takes. */
export async function routeSheetPdf(shopName: string, day: string, groups: readonly DeliveryGroup[]): Promise<Uint8Array<ArrayBuffer>> {
  const doc = newDocument(`${SHEET_TEXT.routeTitle} ${day}`, shopName);
  return finish(doc, () => {
    doc.font('bold').fontSize(18).text(`${SHEET_TEXT.routeTitle} ${day}`);
    doc.font('regular').fontSize(10).text(shopName).moveDown(0.8);
    if (groups.length === 0) doc.font('regular').fontSize(12).text(SHEET_TEXT.nothing);
    for (const g of groups) {
      doc.font('bold').fontSize(13).text(`${g.slot} · ${g.zoneName}`).moveDown(0.3);
      g.stops.forEach((s, i) => {
        doc
          .font('bold')
          .fontSize(11)
          .text(`${i + 1}. #${s.orderNumber}  ${s.customerName}  ${phoneOf(s.phone)}`);
        doc.font('regular').fontSize(10).text([s.address, s.house].filter(Boolean).join(' · '), { indent: 14 });
        if (s.directions) doc.text(s.directions, { indent: 14 });
        doc.text(`${s.expected}${s.rider ? ` · ${SHEET_TEXT.rider}: ${s.rider.name}` : ''}`, { indent: 14 });
        doc.text(s.items.map((it) => `${it.quantity} × ${it.name}`).join(', '), { indent: 14 }).moveDown(0.5);
      });
      doc.moveDown(0.5);
    }
  });
}
