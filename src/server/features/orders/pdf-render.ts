// Every PDF the shop draws (receipts, packing slips, route sheets) is drawn on the event loop that
// answers every request. So at most PDF_RENDERS_AT_ONCE are drawn at once per instance, the rest wait
// their turn (a full line answers 429), and long documents give the loop back between pages.
import { tooManyRequests } from '../../errors';
import { createWorkSlots } from '../../infra/work-slots';

const PDF_RENDERS_AT_ONCE = 2;
const PDF_RENDERS_WAITING = 32;

export const pdfRenderSlots = createWorkSlots({
  atOnce: PDF_RENDERS_AT_ONCE,
  maxWaiting: PDF_RENDERS_WAITING,
  busy: () => tooManyRequests('PDF_BUSY', 'Many documents are being printed right now. Please try again in a minute.', 30),
});

/** The document's bytes once draw (which may pause between pages) has drawn it. */
export async function pdfBytes(doc: PDFKit.PDFDocument, draw: () => void | Promise<void>): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  await draw();
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

/** Opens and draws a document in a render slot. */
export function renderPdf(open: () => PDFKit.PDFDocument, draw: (doc: PDFKit.PDFDocument) => void | Promise<void>) {
  return pdfRenderSlots.run(() => {
    const doc = open();
    return pdfBytes(doc, () => draw(doc));
  });
}
