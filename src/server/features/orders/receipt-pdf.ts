// The receipt as a PDF, drawn with pdfkit in DejaVu Sans (embedded, so any customer's name prints,
// 'Wanjirũ' included), in two layouts: an A4 page, and a strip 80 mm wide for a thermal receipt
// printer that is as long as the receipt. Amounts are right-aligned by the font's own widths.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import {
  shopContactLine,
  COPY_MARK,
  documentTitle,
  LINE_COLUMNS,
  LINES_HEADING,
  receiptFacts,
  receiptLineName,
  receiptTitle,
  receiptTotals,
  refundRows,
  REFUNDS_HEADING,
  TAX_BAND_COLUMNS,
  TAX_INVOICE_HEADING,
  TAX_INVOICE_PENDING,
  TAX_INVOICE_PENDING_NOTE,
  TAX_SUMMARY_HEADING,
  taxInvoiceFacts,
  verificationUrl,
  VERIFY_LABEL,
} from './receipt-content';
import type { Receipt } from './receipt.service';
import { pdfBytes, pdfRenderSlots } from './pdf-render';

export const RECEIPT_FORMATS = ['a4', '80mm'] as const;
export type ReceiptFormat = (typeof RECEIPT_FORMATS)[number];

const MM = 72 / 25.4;

interface Layout {
  /** Page width and height in points; a thermal strip's height follows its content. */
  width: number;
  height: number | 'content';
  margin: number;
  size: { body: number; small: number; heading: number; title: number; copy: number };
  /** Width of a fact's label; the value takes the rest of the line. */
  labelWidth: number;
  /** Right edges (points from the content's left) of the Qty and Unit price columns; Amount ends at the right margin. */
  lineColumns: 'table' | 'stacked';
  qtyRight: number;
  unitRight: number;
  /** Right edges of the tax table's Rate and Taxable amount columns. */
  rateRight: number;
  taxableRight: number;
  qrSize: number;
  centred: boolean;
}

const A4_WIDTH = 595.28;
const LAYOUTS: Record<ReceiptFormat, Layout> = {
  a4: {
    width: A4_WIDTH,
    height: 841.89,
    margin: 50,
    size: { body: 10, small: 9, heading: 13, title: 18, copy: 24 },
    labelWidth: 150,
    lineColumns: 'table',
    qtyRight: A4_WIDTH - 100 - 215,
    unitRight: A4_WIDTH - 100 - 100,
    rateRight: 120,
    taxableRight: A4_WIDTH - 100 - 120,
    qrSize: 110,
    centred: false,
  },
  '80mm': {
    width: 80 * MM,
    height: 'content',
    margin: 4 * MM,
    size: { body: 8, small: 6.5, heading: 9.5, title: 12, copy: 16 },
    labelWidth: 78,
    lineColumns: 'stacked',
    qtyRight: 0,
    unitRight: 0,
    rateRight: 58,
    taxableRight: 140,
    qrSize: 96,
    centred: true,
  },
};

const require = createRequire(import.meta.url);

/** DejaVu Sans, parsed once: each document embeds only the glyphs it uses (the delivery sheets use it too). */
let dejaVu: { regular: PDFKit.Mixins.PDFFontSource; bold: PDFKit.Mixins.PDFFontSource } | undefined;
export function fonts() {
  const open = (file: string) => {
    const font = fontkit.create(readFileSync(file));
    if (!('layout' in font)) throw new Error(`${file} is not a single font`);
    // pdfkit takes a parsed fontkit font as well as the file's bytes (its types list only the latter).
    return font as unknown as PDFKit.Mixins.PDFFontSource;
  };
  return (dejaVu ??= {
    regular: open(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: open(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  });
}

const GAP = 1.25; // line height as a multiple of the font size
const MUTED = '#475569';
const INK = '#0f172a';

type Cell = { text: string; right?: number; bold?: boolean };

/** Draws the receipt top to bottom, breaking A4 pages as needed; returns where it ended. */
class ReceiptDrawing {
  y: number;
  private readonly left: number;
  private readonly contentWidth: number;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly layout: Layout,
  ) {
    this.left = layout.margin;
    this.contentWidth = layout.width - 2 * layout.margin;
    this.y = layout.margin;
  }

  private use(size: number, bold = false, color = INK) {
    this.doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(size)
      .fillColor(color);
  }

  /** Starts a new A4 page when `height` more would run past the bottom margin. */
  private room(height: number) {
    if (this.layout.height === 'content') return;
    if (this.y + height <= this.layout.height - this.layout.margin || this.y === this.layout.margin) return;
    this.doc.addPage({ size: [this.layout.width, this.layout.height], margin: this.layout.margin });
    this.y = this.layout.margin;
  }

  gap(lines = 0.6) {
    this.y += this.layout.size.body * lines;
  }

  /** A paragraph wrapped to `width` from `x` (the content's left and width by default). */
  paragraph(text: string, opts: { size?: number; bold?: boolean; color?: string; align?: 'left' | 'center'; link?: string } = {}) {
    const size = opts.size ?? this.layout.size.body;
    this.use(size, opts.bold, opts.color);
    const options = { width: this.contentWidth, align: opts.align ?? 'left', lineGap: size * (GAP - 1), link: opts.link };
    const height = this.doc.heightOfString(text, options);
    this.room(height);
    this.doc.text(text, this.left, this.y, options);
    this.y += height;
  }

  heading(text: string) {
    this.gap(0.8);
    this.paragraph(text, { size: this.layout.size.heading, bold: true });
    this.gap(0.3);
  }

  rule() {
    this.room(4);
    this.doc
      .moveTo(this.left, this.y + 2)
      .lineTo(this.left + this.contentWidth, this.y + 2)
      .lineWidth(0.5)
      .strokeColor('#94a3b8')
      .stroke();
    this.y += 5;
  }

  /** A label and its value side by side; both wrap. */
  fact(label: string, value: string) {
    const size = this.layout.size.body;
    const labelWidth = this.layout.labelWidth;
    const valueWidth = this.contentWidth - labelWidth - 6;
    const lineGap = size * (GAP - 1);
    this.use(size, true);
    const labelHeight = this.doc.heightOfString(label, { width: labelWidth, lineGap });
    this.use(size);
    const valueHeight = this.doc.heightOfString(value, { width: valueWidth, lineGap });
    const height = Math.max(labelHeight, valueHeight);
    this.room(height);
    this.use(size, true);
    this.doc.text(label, this.left, this.y, { width: labelWidth, lineGap });
    this.use(size);
    this.doc.text(value, this.left + labelWidth + 6, this.y, { width: valueWidth, lineGap });
    this.y += height;
  }

  /**
   * One row: the first cell is the left column (wrapped to end before the first right-aligned cell's
   * column), each further cell ends at its `right` edge (points from the content's left; the right
   * margin when absent), placed by the font's measured width.
   */
  row([first, ...rest]: [Cell, ...Cell[]], size = this.layout.size.body) {
    const lineGap = size * (GAP - 1);
    const rightEdges = rest.map((c) => c.right ?? this.contentWidth);
    // The left column stops short of where the first right-aligned text starts.
    const starts = rest.map((c, i) => rightEdges[i]! - this.widthOf(c.text, size, c.bold));
    const firstWidth = rest.length ? Math.max(40, Math.min(...starts) - 8) : this.contentWidth;
    this.use(size, first.bold);
    const height = Math.max(size * GAP, this.doc.heightOfString(first.text, { width: firstWidth, lineGap }));
    this.room(height);
    this.use(size, first.bold);
    this.doc.text(first.text, this.left, this.y, { width: firstWidth, lineGap });
    rest.forEach((cell, i) => {
      this.use(size, cell.bold);
      const x = this.left + rightEdges[i]! - this.doc.widthOfString(cell.text);
      this.doc.text(cell.text, x, this.y, { lineBreak: false });
    });
    this.y += height;
  }

  private widthOf(text: string, size: number, bold = false): number {
    this.use(size, bold);
    return this.doc.widthOfString(text);
  }

  image(png: Buffer, size: number) {
    this.room(size);
    const x = this.layout.centred ? this.left + (this.contentWidth - size) / 2 : this.left;
    this.doc.image(png, x, this.y, { width: size, height: size });
    this.y += size;
  }
}

function draw(doc: PDFKit.PDFDocument, r: Receipt, layout: Layout, qr: Buffer | null): number {
  const d = new ReceiptDrawing(doc, layout);
  const align = layout.centred ? 'center' : 'left';
  const { size } = layout;

  d.paragraph(r.shop.name, { size: size.title, bold: true, align });
  if (r.shop.address.trim()) d.paragraph(r.shop.address, { align, color: MUTED });
  const contact = shopContactLine(r.shop, ' | ');
  if (contact) d.paragraph(contact, { align, color: MUTED });
  if (r.copy) {
    d.gap(0.4);
    d.paragraph(COPY_MARK, { size: size.copy, bold: true, align: 'center' });
  }
  d.heading(receiptTitle(r));
  for (const [label, value] of receiptFacts(r)) d.fact(label, value);

  d.heading(LINES_HEADING);
  const [item, qty, unit, amount] = LINE_COLUMNS;
  if (layout.lineColumns === 'table') {
    d.row([
      { text: item, bold: true },
      { text: qty, right: layout.qtyRight, bold: true },
      { text: unit, right: layout.unitRight, bold: true },
      { text: amount, bold: true },
    ]);
    d.rule();
    for (const l of r.lines) {
      d.row([
        { text: receiptLineName(l) },
        { text: String(l.quantity), right: layout.qtyRight },
        { text: l.unitPrice, right: layout.unitRight },
        { text: l.total },
      ]);
    }
  } else {
    d.row([
      { text: `${item} (${qty.toLowerCase()} × ${unit.toLowerCase()})`, bold: true },
      { text: amount, bold: true },
    ]);
    d.rule();
    for (const l of r.lines) {
      d.paragraph(receiptLineName(l));
      d.row([{ text: `${l.quantity} × ${l.unitPrice}` }, { text: l.total }]);
    }
  }
  d.rule();
  receiptTotals(r).forEach(([label, value], i, all) => {
    const last = i === all.length - 1;
    d.row([
      { text: label, bold: last },
      { text: value, bold: last },
    ]);
  });

  if (r.refunds.length > 0) {
    d.heading(REFUNDS_HEADING);
    for (const [date, reason, amount] of refundRows(r)) {
      d.paragraph(date, { color: MUTED });
      d.row([{ text: reason }, { text: amount }]);
    }
  }

  d.heading(TAX_SUMMARY_HEADING);
  const [band, rate, taxable, tax] = TAX_BAND_COLUMNS;
  d.row(
    [
      { text: band, bold: true },
      { text: rate, right: layout.rateRight, bold: true },
      { text: taxable, right: layout.taxableRight, bold: true },
      { text: tax, bold: true },
    ],
    size.small,
  );
  for (const b of r.taxBands) {
    d.row(
      [{ text: b.band }, { text: b.rate, right: layout.rateRight }, { text: b.taxable, right: layout.taxableRight }, { text: b.tax }],
      size.small,
    );
  }

  if (r.taxInvoice) {
    d.heading(TAX_INVOICE_HEADING);
    for (const [label, value] of taxInvoiceFacts(r.taxInvoice)) d.fact(label, value);
    if (qr) {
      d.gap();
      d.image(qr, layout.qrSize);
    }
    const url = verificationUrl(r.taxInvoice);
    d.paragraph(`${VERIFY_LABEL}:`, { size: size.small, bold: true, align });
    d.paragraph(url, { size: size.small, color: MUTED, align, link: url });
  } else {
    d.gap(0.8);
    d.paragraph(TAX_INVOICE_PENDING, { size: size.heading, bold: true, align });
    d.paragraph(TAX_INVOICE_PENDING_NOTE, { size: size.small, color: MUTED, align });
  }
  return d.y;
}

function newDocument(r: Receipt, layout: Layout, height: number): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: [layout.width, height],
    margin: layout.margin,
    lang: 'en',
    displayTitle: true,
    info: { Title: documentTitle(r), Author: r.shop.name, Subject: receiptTitle(r) },
  });
  doc.registerFont('regular', fonts().regular);
  doc.registerFont('bold', fonts().bold);
  return doc;
}

/** The receipt's PDF in the given layout (one of the instance's few PDF renders at once). */
export function receiptPdf(r: Receipt, format: ReceiptFormat = 'a4'): Promise<Uint8Array<ArrayBuffer>> {
  return pdfRenderSlots.run(async () => {
    const layout = LAYOUTS[format];
    const qr = r.taxInvoice
      ? await QRCode.toBuffer(verificationUrl(r.taxInvoice), { errorCorrectionLevel: 'M', margin: 2, scale: 4 })
      : null;
    let height: number;
    if (layout.height === 'content') {
      // A strip as long as its content: measure once on a page too long to break, then draw for real.
      // A few points spare, so that rounding never pushes the last line onto a second page.
      height = Math.ceil(draw(newDocument(r, layout, 20_000), r, layout, qr) + layout.margin + 4);
    } else {
      height = layout.height;
    }
    const doc = newDocument(r, layout, height);
    return pdfBytes(doc, () => {
      draw(doc, r, layout, qr);
    });
  });
}
