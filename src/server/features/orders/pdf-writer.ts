// A small PDF 1.4 writer: pages of text lines in the standard Helvetica fonts (no embedding, so no
// font files), enough for a receipt. Text is WinAnsi; characters outside it are written as '?'.

interface PdfLine {
  text: string;
  /** Points from the left edge of the page. */
  x: number;
  /** Font size in points. */
  size: number;
  bold?: boolean;
}

/** A row of the page: one or more pieces of text on the same baseline. */
export type PdfRow = PdfLine[];

const PAGE_WIDTH = 595; // A4 in points
const PAGE_HEIGHT = 842;
const TOP_MARGIN = 56;
const BOTTOM_MARGIN = 56;
const LINE_GAP = 1.5;

/** WinAnsi bytes for text in a PDF string literal, with its delimiters escaped. */
function pdfString(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 63;
    const byte = code >= 32 && code <= 126 ? ch : code >= 160 && code <= 255 ? String.fromCharCode(code) : '?';
    out += byte === '\\' || byte === '(' || byte === ')' ? `\\${byte}` : byte;
  }
  return `(${out})`;
}

/** Splits the rows into pages by height. */
function paginate(rows: readonly PdfRow[]): PdfRow[][] {
  const pages: PdfRow[][] = [[]];
  let used = 0;
  for (const row of rows) {
    const height = rowHeight(row);
    if (used + height > PAGE_HEIGHT - TOP_MARGIN - BOTTOM_MARGIN && pages[pages.length - 1]!.length > 0) {
      pages.push([]);
      used = 0;
    }
    pages[pages.length - 1]!.push(row);
    used += height;
  }
  return pages;
}

const rowHeight = (row: PdfRow) => Math.max(10, ...row.map((l) => l.size)) * LINE_GAP;

function pageContent(rows: readonly PdfRow[]): string {
  const ops: string[] = [];
  let y = PAGE_HEIGHT - TOP_MARGIN;
  for (const row of rows) {
    y -= rowHeight(row);
    for (const piece of row) {
      if (!piece.text) continue;
      ops.push(`BT /${piece.bold ? 'F2' : 'F1'} ${piece.size} Tf ${piece.x.toFixed(2)} ${y.toFixed(2)} Td ${pdfString(piece.text)} Tj ET`);
    }
  }
  return ops.join('\n');
}

/** The document as bytes (every character of the body is one byte, so offsets are string lengths). */
export function writePdf(rows: readonly PdfRow[], info: { title: string }): Uint8Array<ArrayBuffer> {
  const pages = paginate(rows);
  const objects: string[] = [];
  /** Returns the object number (its place in the list, from 1). */
  const add = (body: string) => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // the page tree, written once the page numbers are known
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  add(`<< /Title ${pdfString(info.title)} /Producer (Shop receipt writer) >>`);
  const kids: number[] = [];
  for (const page of pages) {
    const content = pageContent(page);
    const contentNumber = add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
          `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentNumber} 0 R >>`,
      ),
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;

  let out = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  const bytes = new Uint8Array(new ArrayBuffer(out.length));
  for (let i = 0; i < out.length; i++) bytes[i] = out.charCodeAt(i) & 0xff;
  return bytes;
}

export const PDF_PAGE = { width: PAGE_WIDTH, left: 50 } as const;
