// The shape of the account mails (verification, password reset, sign-in link, already registered):
// the shop's name in its colour, a few short lines, one clear button, the same short link written
// out under it for mail apps that show no buttons, and a plain-text part with the same words. Inline
// styles and a table only: mail apps drop <style> blocks and most layout CSS.
import { escapeHtml } from '../http/html';

/** The shop's colour (the web theme's brand-700), on white: 7.6:1, readable as button and heading. */
export const SHOP_COLOUR = '#0e5a6e';

export interface ButtonMailContent {
  shopName: string;
  /** 'Hello Achieng,' */
  greeting: string;
  /** Paragraphs before the button. */
  lines: string[];
  button: { label: string; url: string };
  /** Smaller paragraphs after the button: how long the link works, what to do if it was not you. */
  notes: string[];
}

export function buttonMail(content: ButtonMailContent): { text: string; html: string } {
  const { shopName, greeting, lines, button, notes } = content;
  const text = [shopName, '', greeting, '', ...lines, '', `${button.label}: ${button.url}`, '', ...notes].join('\n') + '\n';
  const paragraph = (s: string, style: string) => `<p style="${style}">${escapeHtml(s)}</p>`;
  const body = 'margin:0 0 16px;font-size:16px;line-height:1.5;color:#0f172a';
  const small = 'margin:0 0 12px;font-size:13px;line-height:1.5;color:#475569';
  const url = escapeHtml(button.url);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(shopName)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:8px;border-top:6px solid ${SHOP_COLOUR}">
<tr><td style="padding:24px">
<p style="margin:0 0 20px;font-size:20px;font-weight:bold;color:${SHOP_COLOUR}">${escapeHtml(shopName)}</p>
${[greeting, ...lines].map((s) => paragraph(s, body)).join('\n')}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0"><tr><td style="border-radius:6px;background:${SHOP_COLOUR}">
<a href="${url}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(button.label)}</a>
</td></tr></table>
<p style="${small}">Or open this link: <a href="${url}" style="color:${SHOP_COLOUR};word-break:break-all">${url}</a></p>
${notes.map((s) => paragraph(s, small)).join('\n')}
</td></tr></table>
</td></tr></table>
</body></html>`;
  return { text, html };
}
