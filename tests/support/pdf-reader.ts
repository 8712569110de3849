// Reads a PDF the way a viewer does (pdf.js): each page's size, its text as lines of pieces in reading
// order with where each piece starts and ends, and its images as RGBA pixels.
import { getDocument, ImageKind, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

interface PdfTextPiece {
  text: string;
  /** Points from the page's left edge to where the text starts and ends. */
  left: number;
  right: number;
}

interface PdfImage {
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
}

export interface PdfPage {
  /** In points (1/72 inch). */
  width: number;
  height: number;
  /** Top to bottom; each line's pieces left to right. */
  lines: PdfTextPiece[][];
  images: PdfImage[];
}

export const MM_IN_POINTS = 72 / 25.4;

interface DecodedImage {
  width: number;
  height: number;
  kind: number;
  data: Uint8Array | Uint8ClampedArray;
}

function toRgba(img: DecodedImage): Uint8ClampedArray {
  const pixels = img.width * img.height;
  if (img.kind === ImageKind.RGBA_32BPP) return new Uint8ClampedArray(img.data);
  const out = new Uint8ClampedArray(pixels * 4);
  for (let i = 0; i < pixels; i++) {
    if (img.kind === ImageKind.RGB_24BPP) {
      out.set([img.data[i * 3]!, img.data[i * 3 + 1]!, img.data[i * 3 + 2]!, 255], i * 4);
    } else {
      // One bit a pixel, rows padded to whole bytes; 1 is white.
      const rowBytes = Math.ceil(img.width / 8);
      const x = i % img.width;
      const y = Math.floor(i / img.width);
      const bit = (img.data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
      out.set(bit ? [255, 255, 255, 255] : [0, 0, 0, 255], i * 4);
    }
  }
  return out;
}

export async function readPdf(bytes: Uint8Array): Promise<PdfPage[]> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    // Pixels as plain arrays (no canvas in Node), and only the fonts the file embeds.
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  const pages: PdfPage[] = [];
  try {
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const [x0, y0, x1, y1] = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      const byBaseline = new Map<number, PdfTextPiece[]>();
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const baseline = Math.round((item.transform[5] as number) * 10) / 10;
        const left = item.transform[4] as number;
        const line = byBaseline.get(baseline) ?? [];
        line.push({ text: item.str, left, right: left + item.width });
        byBaseline.set(baseline, line);
      }
      const lines = [...byBaseline.entries()].sort(([a], [b]) => b - a).map(([, pieces]) => pieces.sort((a, b) => a.left - b.left));

      const ops = await page.getOperatorList();
      const images: PdfImage[] = [];
      for (let i = 0; i < ops.fnArray.length; i++) {
        if (ops.fnArray[i] !== OPS.paintImageXObject) continue;
        const name = (ops.argsArray[i] as [string])[0];
        const img = await new Promise<DecodedImage>((resolve) => page.objs.get(name, resolve));
        images.push({ width: img.width, height: img.height, rgba: toRgba(img) });
      }
      pages.push({ width: x1 - x0, height: y1 - y0, lines, images });
    }
  } finally {
    await pdf.destroy();
  }
  return pages;
}

/** Each line's pieces joined by ' | ': what a reader sees, row by row. */
export const lineTexts = (page: PdfPage) => page.lines.map((pieces) => pieces.map((p) => p.text).join(' | '));
