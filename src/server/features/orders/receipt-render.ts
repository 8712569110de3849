// The receipt as a printable HTML page and as a PDF, from the same Receipt.
import { escapeHtml } from '../../infra/http/html';
import { PDF_PAGE, writePdf, type PdfRow } from './pdf-writer';
import type { Receipt } from './receipt.service';

function totals(r: Receipt): [string, string][] {
  return [
    ['Subtotal', r.subtotal],
    ...r.vatLines.map((v): [string, string] => [v.label, v.amount]),
    ['Delivery fee', r.deliveryFee],
    ['Total paid', r.total],
  ];
}

function facts(r: Receipt): [string, string][] {
  return [
    ['Order number', `#${r.orderNumber}`],
    ['Date', `${r.paidAt} (Nairobi time)`],
    ['Customer', r.customerName],
    ['Delivery address', r.deliveryAddress],
    ...(r.house ? ([['House', r.house]] as [string, string][]) : []),
    ...(r.directions ? ([['Directions for the rider', r.directions]] as [string, string][]) : []),
    ['Payment method', r.paymentMethod],
    ['Pesapal confirmation code', r.confirmationCode],
  ];
}

const STYLE = `body{font-family:system-ui,sans-serif;color:#0f172a;max-width:42rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
h1{font-size:1.5rem;margin:0}h2{font-size:1.125rem;margin:1.5rem 0 .5rem}table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:.375rem .5rem;border-bottom:1px solid #cbd5e1}td.n,th.n{text-align:right}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
td.n{white-space:nowrap}@media (max-width:30rem){dl{grid-template-columns:1fr;gap:0}dd{margin-bottom:.5rem}th,td{padding:.375rem .25rem}}
.total td{font-weight:700}a{color:#0f5132}nav{margin-top:2rem;display:flex;gap:1rem}@media print{nav{display:none}}`;

export function receiptHtml(r: Receipt): string {
  const e = escapeHtml;
  const rows = r.lines
    .map(
      (l) =>
        `<tr><td>${e(l.name)}</td><td class="n">${l.quantity}</td><td class="n">${e(l.unitPrice)}</td><td class="n">${e(l.total)}</td></tr>`,
    )
    .join('');
  const sums = totals(r)
    .map(
      ([k, v], i, all) => `<tr${i === all.length - 1 ? ' class="total"' : ''}><td colspan="3">${e(k)}</td><td class="n">${e(v)}</td></tr>`,
    )
    .join('');
  const details = facts(r)
    .map(([k, v]) => `<dt>${e(k)}</dt><dd>${e(v)}</dd>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>Receipt #${e(r.orderNumber)} - ${e(r.shop.name)}</title><style>${STYLE}</style></head>
<body><main>
<header><h1>${e(r.shop.name)}</h1><p>${e(r.shop.address)}<br>${e(r.shop.phone)} · ${e(r.shop.email)}</p></header>
<h2>Receipt for order #${e(r.orderNumber)}</h2>
<dl>${details}</dl>
<h2>What you bought</h2>
<table><thead><tr><th scope="col">Item</th><th scope="col" class="n">Qty</th><th scope="col" class="n">Unit price</th><th scope="col" class="n">Amount</th></tr></thead>
<tbody>${rows}</tbody><tfoot>${sums}</tfoot></table>
<nav aria-label="Receipt"><a href="/api/orders/${e(r.orderId)}/receipt.pdf">Download PDF</a><a href="/orders">My Orders</a></nav>
</main></body></html>`;
}

/** Long product names would run into the quantity column. */
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 3)}...` : s);

export function receiptPdf(r: Receipt): Uint8Array<ArrayBuffer> {
  const left = PDF_PAGE.left;
  const text = (t: string, size = 10, x = left, bold = false): PdfRow => [{ text: t, size, x, bold }];
  const pair = (k: string, v: string): PdfRow => [
    { text: k, size: 10, x: left, bold: true },
    { text: v, size: 10, x: left + 150 },
  ];
  const columns = (a: string, b: string, c: string, d: string, bold = false): PdfRow => [
    { text: a, size: 10, x: left, bold },
    { text: b, size: 10, x: left + 270, bold },
    { text: c, size: 10, x: left + 310, bold },
    { text: d, size: 10, x: left + 410, bold },
  ];
  const rows: PdfRow[] = [
    text(r.shop.name, 18, left, true),
    text(r.shop.address),
    text(`${r.shop.phone}  |  ${r.shop.email}`),
    text(''),
    text(`Receipt for order #${r.orderNumber}`, 14, left, true),
    ...facts(r).map(([k, v]) => pair(k, v)),
    text(''),
    columns('Item', 'Qty', 'Unit price', 'Amount', true),
    ...r.lines.map((l) => columns(clip(l.name, 44), String(l.quantity), l.unitPrice, l.total)),
    text(''),
    ...totals(r).map(([k, v], i, all) => columns(k, '', '', v, i === all.length - 1)),
  ];
  return writePdf(rows, { title: `Receipt #${r.orderNumber} - ${r.shop.name}` });
}
