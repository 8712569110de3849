// An address no page of the shop has (/no/such/<random>) answers 404 with the not-found page the
// customer sees, from one kept rendering: a loop of made-up addresses costs no render, no data read
// and no compression each. The real server-rendering module (from the source), with its renders counted.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerRenderModule } from '../../src/server/infra/http/page-render-contract';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><!--page-head--></head>
<body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`;

const random = () => Math.random().toString(36).slice(2, 10);

describe('the not-found page of unknown addresses', () => {
  let t: TestApp;
  let webRoot: string;
  const rendered: string[] = [];
  const clock = new Date('2026-03-05T08:00:00Z');

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'not-found-cache-'));
    writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
    const real = await import('../../src/web/entry-server');
    // Every page the server asks the module for, by its path.
    const renderModule: ServerRenderModule = {
      ...real,
      createPageRenderer: (options) => {
        const render = real.createPageRenderer(options);
        return (request, admit) => {
          rendered.push(new URL(request.url).pathname);
          return render(request, admit);
        };
      },
    };
    t = await createTestApp('pglite', { seed: true, deps: { now: () => clock }, app: { webRoot, renderModule } });
  });
  afterAll(async () => {
    await t?.dispose();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const page = async (address: string, headers: Record<string, string> = {}) => {
    const res = await t.app.request(`${TEST_ORIGIN}${address}`, { headers }, { incoming: { socket: { remoteAddress: '203.0.113.5' } } });
    return { status: res.status, text: await res.text(), encoding: res.headers.get('content-encoding') };
  };

  it('answers 404 with the same not-found page for many different unknown addresses, rendered once', async () => {
    const addresses = Array.from({ length: 30 }, () => `/no/such/${random()}`);
    const answers = [];
    for (const address of addresses) answers.push(await page(address));
    for (const { status, text } of answers) {
      expect(status).toBe(404);
      // What the customer sees now: the page's own title, heading, text and the way home.
      expect(text).toMatch(/<title>Page Not Found \| [^<]+<\/title>/);
      expect(text).toContain('Page Not Found</h1>');
      expect(text).toContain('The page you are looking for does not exist or has moved.');
      expect(text).toContain('Go back home');
      expect(text).toContain('href="/"');
    }
    // One answer for all of them: it names none of the made-up addresses.
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    for (const address of addresses) expect(answers[0]!.text).not.toContain(address);
    expect(rendered.filter((p) => p.startsWith('/no/such/'))).toHaveLength(1);

    // Compressed for a phone that asks, from the same kept rendering.
    const compressed = await page(`/no/such/${random()}`, { 'accept-encoding': 'br, gzip' });
    expect(compressed).toMatchObject({ status: 404, encoding: 'br' });
    expect(rendered.filter((p) => p.startsWith('/no/such/'))).toHaveLength(1);
  });

  it('still renders the pages that exist, and a missing product with its own not-found page', async () => {
    const about = await page('/about');
    expect(about.status).toBe(200);
    expect(about.text).toContain('About Us');
    const product = await page(`/shop/no-such-${random()}`);
    expect(product.status).toBe(404);
    expect(product.text).toContain('Product not found');
    expect(rendered).toContain('/about');
  });
});
