// The receipt as a printable HTML page; it says what the PDF says (receipt-content.ts).
import QRCode from 'qrcode';
import { escapeHtml } from '../../infra/http/html';
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
  REFUND_COLUMNS,
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

const STYLE = `body{font-family:system-ui,sans-serif;color:#0f172a;max-width:42rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
h1{font-size:1.5rem;margin:0}h2{font-size:1.125rem;margin:1.5rem 0 .5rem}table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:.375rem .5rem;border-bottom:1px solid #cbd5e1}td.n,th.n{text-align:right}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
td.n{white-space:nowrap}@media (max-width:30rem){dl{grid-template-columns:1fr;gap:0}dd{margin-bottom:.5rem}th,td{padding:.375rem .25rem}}
.total td{font-weight:700}a{color:#0f5132}nav{margin-top:2rem;display:flex;flex-wrap:wrap;gap:1rem}@media print{nav{display:none}}
.copy{font-size:2rem;font-weight:800;letter-spacing:.3em;text-align:center;border:3px solid #0f172a;margin:1rem 0;padding:.25rem}
.pending{font-weight:700;font-size:1.125rem;margin:1.5rem 0 0}.note{color:#475569;margin:0}
figure{margin:1rem 0}figure img{width:8rem;height:8rem}figcaption a{overflow-wrap:anywhere}`;

const e = escapeHtml;

function table(headings: readonly string[], rows: string[][], numeric: (i: number) => boolean, foot = ''): string {
  const cell = (tag: 'th' | 'td', text: string, i: number) =>
    `<${tag}${tag === 'th' ? ' scope="col"' : ''}${numeric(i) ? ' class="n"' : ''}>${e(text)}</${tag}>`;
  return `<table><thead><tr>${headings.map((h, i) => cell('th', h, i)).join('')}</tr></thead>
<tbody>${rows.map((r) => `<tr>${r.map((c, i) => cell('td', c, i)).join('')}</tr>`).join('')}</tbody>${foot}</table>`;
}

const definitions = (facts: [string, string][]) => `<dl>${facts.map(([k, v]) => `<dt>${e(k)}</dt><dd>${e(v)}</dd>`).join('')}</dl>`;

async function taxInvoiceSection(r: Receipt): Promise<string> {
  if (!r.taxInvoice) {
    return `<section><p class="pending">${e(TAX_INVOICE_PENDING)}</p><p class="note">${e(TAX_INVOICE_PENDING_NOTE)}</p></section>`;
  }
  const url = verificationUrl(r.taxInvoice);
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  const qr = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return `<section><h2>${e(TAX_INVOICE_HEADING)}</h2>${definitions(taxInvoiceFacts(r.taxInvoice))}
<figure><img src="${qr}" alt="QR code: ${e(VERIFY_LABEL)}"><figcaption>${e(VERIFY_LABEL)}: <a href="${e(url)}">${e(url)}</a></figcaption></figure></section>`;
}

export async function receiptHtml(r: Receipt): Promise<string> {
  const lines = table(
    LINE_COLUMNS,
    r.lines.map((l) => [receiptLineName(l), String(l.quantity), l.unitPrice, l.total]),
    (i) => i > 0,
    `<tfoot>${receiptTotals(r)
      .map(
        ([k, v], i, all) =>
          `<tr${i === all.length - 1 ? ' class="total"' : ''}><td colspan="3">${e(k)}</td><td class="n">${e(v)}</td></tr>`,
      )
      .join('')}</tfoot>`,
  );
  const refunds =
    r.refunds.length === 0
      ? ''
      : `<h2>${e(REFUNDS_HEADING)}</h2>
${table(REFUND_COLUMNS, refundRows(r), (i) => i === 2)}`;
  const bands = table(
    TAX_BAND_COLUMNS,
    r.taxBands.map((b) => [b.band, b.rate, b.taxable, b.tax]),
    (i) => i > 0,
  );
  const pdf = `/api/orders/${e(r.orderId)}/receipt.pdf`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${e(documentTitle(r))}</title><style>${STYLE}</style></head>
<body><main>
<header><h1>${e(r.shop.name)}</h1><p>${[r.shop.address, shopContactLine(r.shop, ' · ')].filter(Boolean).map(e).join('<br>')}</p></header>
${r.copy ? `<p class="copy">${COPY_MARK}</p>` : ''}
<h2>${e(receiptTitle(r))}</h2>
${definitions(receiptFacts(r))}
<h2>${e(LINES_HEADING)}</h2>
${lines}
${refunds}
<h2>${e(TAX_SUMMARY_HEADING)}</h2>
${bands}
${await taxInvoiceSection(r)}
<nav aria-label="Receipt"><a href="${pdf}">Download PDF</a><a href="${pdf}?format=80mm">PDF for an 80 mm receipt printer</a><a href="/orders">My Orders</a></nav>
</main></body></html>`;
}
