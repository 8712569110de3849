import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { linkify } from '@/server/dev/mail/dev-mail.pages';

describe('linkify', () => {
  it.each([
    ['plain text', 'plain text'],
    ['<b>&</b>', '&lt;b&gt;&amp;&lt;/b&gt;'],
    ['Open http://x.test/a?b=1&c=2 now', 'Open <a href="http://x.test/a?b=1&amp;c=2">http://x.test/a?b=1&amp;c=2</a> now'],
    ['javascript:alert(1) stays text', 'javascript:alert(1) stays text'],
    ['see "https://x.test/"<script>', 'see &quot;<a href="https://x.test/">https://x.test/</a>&quot;&lt;script&gt;'],
  ])('%j → %j', (input, html) => {
    expect(linkify(input)).toBe(html);
  });
});

describe('the development mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    // app.request has no socket, which the guard treats as a stranger: these tests open the tools.
    t = await createTestApp('pglite', { env: { DEV_TOOLS_OPEN: '1' } });
    await t.ctx.mailer.send({ to: 'first@example.test', subject: 'First', text: 'one' });
    await new Promise((r) => setTimeout(r, 5));
    await t.ctx.mailer.send({
      to: 'second@example.test',
      subject: 'Second <script>alert(1)</script>',
      text: 'Verify: http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2Fauth\n<img src=x onerror=alert(1)>',
      html: '<p onclick="alert(1)">html is not rendered</p>',
    });
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('lists the mail newest first, escaped, with the security headers', async () => {
    const res = await t.request('/dev/mail');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('Second &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html.indexOf('second@example.test')).toBeLessThan(html.indexOf('first@example.test'));
  });

  it('shows one mail with its links clickable and its markup inert', async () => {
    const list = await (await t.request('/dev/mail')).text();
    const href = list.match(/href="(\/dev\/mail\/[0-9a-f-]{36})"/)?.[1];
    expect(href).toBeTruthy();
    const html = await (await t.request(href!)).text();
    expect(html).toContain('<a href="http://localhost:3000/api/auth/verify-email?token=abc&amp;callbackURL=%2Fauth">');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('onclick');
    expect(html).toContain('To</dt><dd>second@example.test');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await t.request('/dev/mail/00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await t.request('/dev/mail/not-a-uuid')).status).toBe(404);
  });
});
