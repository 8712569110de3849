// One rider's route sheet for a day: their stops in route order (window by window, each window's
// stops in the order the road takes them), each with its window, the customer's name and phone, the
// address and directions, the lines to hand over with the expected weight of those sold by the
// kilo, what the customer already paid (so the rider collects nothing), and boxes to tick: each line
// handed over, then 'Delivered' or 'Could not deliver'. Drawn like the other delivery sheets.
import PDFDocument from 'pdfkit';
import { formatKES } from '@/domain/money';
import { formatGrams } from '@/domain/packing';
import { formatPhone, toE164Phone } from '@/domain/phone';
import { fonts } from '../orders/receipt-pdf';
import { renderPdf } from '../orders/pdf-render';
import { yieldToLoop } from '../../infra/work-slots';
import type { DeliveryGroup, DeliveryStop } from './deliveries.service';

export const RIDER_SHEET_TEXT = {
  title: 'Route sheet',
  nothing: 'No stops for this rider on this day.',
  tickBox: '☐',
  delivered: 'Delivered',
  notDelivered: 'Could not deliver',
  directions: 'Directions',
  nothingToCollect: 'nothing to collect',
} as const;

const phoneOf = (raw: string) => {
  const e164 = toE164Phone(raw);
  return e164 ? formatPhone(e164) : raw;
};

/** '3 × Tilapia, about 2,100 g' for a line sold by the kilo, else '1 × Kienyeji chicken'. */
function lineText(item: DeliveryStop['items'][number]): string {
  const line = `${item.quantity} × ${item.name}`;
  return item.nominalGrams === null ? line : `${line}, about ${formatGrams(item.nominalGrams * item.quantity)}`;
}

/** 'Paid KES 5,490.00 · nothing to collect', or what to collect for an order to pay on delivery. */
const paidLine = (s: Pick<DeliveryStop, 'paidCents' | 'collectCents'>) =>
  s.collectCents !== null
    ? `COLLECT ${formatKES(s.collectCents)} · M-Pesa or cash`
    : `Paid ${formatKES(s.paidCents)} · ${RIDER_SHEET_TEXT.nothingToCollect}`;

function stopBlock(doc: PDFKit.PDFDocument, n: number, s: DeliveryStop) {
  const left = doc.page.margins.left;
  doc
    .font('bold')
    .fontSize(12)
    .text(`${n}. #${s.orderNumber}  ${s.customerName}  ${phoneOf(s.phone)}`, left);
  doc.font('regular').fontSize(10);
  doc.text(s.expected, left + 14);
  doc.text([s.address, s.house].filter(Boolean).join(' · '), left + 14);
  if (s.directions) doc.text(`${RIDER_SHEET_TEXT.directions}: ${s.directions}`, left + 14);
  for (const item of s.items) {
    doc.fontSize(11).text(`${RIDER_SHEET_TEXT.tickBox} ${lineText(item)}`, left + 14);
  }
  doc
    .font('bold')
    .fontSize(10)
    .text(paidLine(s), left + 14);
  doc
    .font('regular')
    .fontSize(11)
    .text(
      `${RIDER_SHEET_TEXT.tickBox} ${RIDER_SHEET_TEXT.delivered}     ${RIDER_SHEET_TEXT.tickBox} ${RIDER_SHEET_TEXT.notDelivered}`,
      left + 14,
    );
  doc.x = left;
  doc.moveDown(0.8);
}

export function riderSheetPdf(
  shopName: string,
  day: string,
  riderName: string,
  groups: readonly DeliveryGroup[],
): Promise<Uint8Array<ArrayBuffer>> {
  const title = `${RIDER_SHEET_TEXT.title} ${day} · ${riderName}`;
  return renderPdf(
    () => {
      const doc = new PDFDocument({ size: 'A4', margin: 50, lang: 'en', displayTitle: true, info: { Title: title, Author: shopName } });
      doc.registerFont('regular', fonts().regular);
      doc.registerFont('bold', fonts().bold);
      return doc;
    },
    async (doc) => {
      doc.font('bold').fontSize(18).text(title);
      doc.font('regular').fontSize(10).text(shopName).moveDown(0.8);
      if (groups.length === 0) doc.font('regular').fontSize(12).text(RIDER_SHEET_TEXT.nothing);
      let n = 0;
      for (const g of groups) {
        doc.font('bold').fontSize(13).text(`${g.slot} · ${g.zoneName}`).moveDown(0.3);
        for (const s of g.stops) {
          await yieldToLoop();
          stopBlock(doc, ++n, s);
        }
      }
    },
  );
}
