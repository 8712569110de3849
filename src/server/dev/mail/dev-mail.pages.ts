// Plain server-rendered pages of the development mailbox. Everything from the database is escaped;
// mail bodies are shown as text with their http(s) links made clickable (the stored HTML is never
// rendered, so a mail cannot run script in the shop's origin).
import { escapeHtml } from '../../infra/http/html';
import type { StoredMail } from './dev-mail.service';

const STYLE = `body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#0f172a}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #e2e8f0}
a{color:#1d4ed8}pre{white-space:pre-wrap;word-break:break-word;background:#f8fafc;padding:1rem;border:1px solid #e2e8f0}
dt{font-weight:600}dd{margin:0 0 .5rem}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

const when = (d: Date) => escapeHtml(d.toISOString().replace('T', ' ').slice(0, 19) + ' UTC');

export function mailboxPage(mails: StoredMail[]): string {
  const rows = mails
    .map(
      (m) => `<tr><td>${when(m.createdAt)}</td><td>${escapeHtml(m.to)}</td>
<td><a href="/dev/mail/${encodeURIComponent(m.id)}">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(m.status)}</td></tr>`,
    )
    .join('\n');
  const content = mails.length
    ? `<table><thead><tr><th scope="col">Sent</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Status</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No mail yet.</p>';
  return layout(
    'Development mailbox',
    `<h1>Development mailbox</h1>
<p>Mail the shop sent, newest first. This page exists only outside production.</p>${content}`,
  );
}

export function mailPage(mail: StoredMail): string {
  return layout(
    mail.subject,
    `<p><a href="/dev/mail">Back to the mailbox</a></p>
<h1>${escapeHtml(mail.subject)}</h1>
<dl><dt>From</dt><dd>${escapeHtml(mail.from)}</dd><dt>To</dt><dd>${escapeHtml(mail.to)}</dd>
<dt>Sent</dt><dd>${when(mail.createdAt)}</dd><dt>Status</dt><dd>${escapeHtml(mail.status)}${mail.error ? ` (${escapeHtml(mail.error)})` : ''}</dd></dl>
<pre>${linkify(mail.text)}</pre>`,
  );
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** Escapes text and turns each http(s) URL in it into a link. */
export function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0];
    out += escapeHtml(text.slice(last, match.index)) + `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

export function notFoundPage(): string {
  return layout('Mail not found', '<h1>Mail not found</h1><p><a href="/dev/mail">Back to the mailbox</a></p>');
}
