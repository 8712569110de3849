// Each page is rendered in the visitor's language: her choice (the header switch's `lang` cookie),
// else the first of English and Kiswahili her browser asks for. Each language's render is kept
// apart, and the page says its language (<html lang>, Content-Language) and what it varies by.
// The real server-rendering module, from the source.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><!--page-head--></head>
<body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`;

describe('the language a page is rendered in', () => {
  let t: TestApp;
  let webRoot: string;
  const clock = new Date('2026-03-05T08:00:00Z');

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'page-language-'));
    writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
    const renderModule = await import('../../src/web/entry-server');
    t = await createTestApp('pglite', { seed: true, deps: { now: () => clock }, app: { webRoot, renderModule } });
  });
  afterAll(async () => {
    await t?.dispose();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const page = async (address: string, headers: Record<string, string> = {}) => {
    const res = await t.app.request(`${TEST_ORIGIN}${address}`, { headers }, { incoming: { socket: { remoteAddress: '203.0.113.9' } } });
    return { status: res.status, text: await res.text(), headers: res.headers };
  };

  it('is English for a visitor whose browser asks for neither language, as before', async () => {
    const { status, text, headers } = await page('/', { 'Accept-Language': 'fr-FR,fr;q=0.9' });
    expect(status).toBe(200);
    expect(text).toContain('<html lang="en"');
    expect(text).toContain('Skip to content');
    expect(text).toMatch(/>Shop<\/a>/);
    expect(headers.get('content-language')).toBe('en');
    expect(headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
  });

  it("is Kiswahili for a browser that asks for it first, and follows the visitor's own choice over her browser's", async () => {
    const sw = await page('/', { 'Accept-Language': 'sw-KE,sw;q=0.9,en;q=0.5' });
    expect(sw.text).toContain('<html lang="sw"');
    expect(sw.text).toContain('Ruka hadi maudhui');
    expect(sw.text).toMatch(/>Duka<\/a>/);
    expect(sw.text).not.toContain('Skip to content');
    expect(sw.headers.get('content-language')).toBe('sw');

    const chosenEnglish = await page('/', { 'Accept-Language': 'sw', Cookie: 'lang=en' });
    expect(chosenEnglish.text).toContain('<html lang="en"');
    expect(chosenEnglish.text).toContain('Skip to content');
    const chosenKiswahili = await page('/shop', { 'Accept-Language': 'en-GB', Cookie: 'session=x; lang=sw' });
    expect(chosenKiswahili.text).toContain('<html lang="sw"');
    expect(chosenKiswahili.text).toMatch(/>Duka<\/a>/);
  });

  it("keeps each language's page apart: the kept English page is never sent to a Kiswahili reader, nor the other way", async () => {
    const first = await page('/blog', { Cookie: 'lang=en' });
    const second = await page('/blog', { Cookie: 'lang=sw' });
    const third = await page('/blog', { Cookie: 'lang=en' });
    expect(first.text).toContain('<html lang="en"');
    expect(second.text).toContain('<html lang="sw"');
    expect(third.text).toContain('<html lang="en"');
    expect(first.headers.get('etag')).toBe(third.headers.get('etag'));
    expect(second.headers.get('etag')).not.toBe(first.headers.get('etag'));
    // A revalidation with the other language's tag gets the page, not a 304.
    const revalidated = await page('/blog', { Cookie: 'lang=sw', 'If-None-Match': first.headers.get('etag') ?? '' });
    expect(revalidated.status).toBe(200);
    expect(revalidated.text).toContain('<html lang="sw"');
  });

  it('gives a screen the browser renders (checkout) the page shell in her language', async () => {
    const { text } = await page('/checkout', { Cookie: 'lang=sw' });
    expect(text).toContain('<html lang="sw"');
  });
});
