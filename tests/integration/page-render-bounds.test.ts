// Pages as HTML under a flood of distinct addresses (docs/decisions/018-bounded-rendering.md): the
// real app with the real server-rendering module (from the source), a clock that stands still, and
// React's renders counted. Query parameters a page does not read share its render, one client
// address gets a bounded number of renders (then the page shell with the page's head), another
// address still gets the page as HTML, and an unknown product costs no render after the first.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as ReactDomServer from 'react-dom/server.edge';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RENDER_LIMITS } from '../../src/server/infra/http/render-limiter';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock('react-dom/server.edge', async (importOriginal) => {
  const real = await importOriginal<typeof ReactDomServer>();
  return {
    ...real,
    renderToReadableStream: (...args: Parameters<typeof real.renderToReadableStream>) => {
      renders.count += 1;
      return real.renderToReadableStream(...args);
    },
  };
});

const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><!--page-head--></head>
<body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`;

const EMPTY_ROOT = '<div id="root"></div>';
const random = () => Math.random().toString(36).slice(2, 10);

describe('pages as HTML: rendering is bounded', () => {
  let t: TestApp;
  let webRoot: string;
  const clock = new Date('2026-03-05T08:00:00Z');

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'render-bounds-'));
    writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
    const renderModule = await import('../../src/web/entry-server');
    t = await createTestApp('pglite', { seed: true, deps: { now: () => clock }, app: { webRoot, renderModule } });
  });
  afterAll(async () => {
    await t?.dispose();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const page = async (address: string, from: string) => {
    const res = await t.app.request(`${TEST_ORIGIN}${address}`, {}, { incoming: { socket: { remoteAddress: from } } });
    return { status: res.status, text: await res.text() };
  };

  it('parameters the page does not read (s=, utm_*, fbclid, gclid) share one render of the page', async () => {
    const first = await page('/shop', '203.0.113.1');
    expect(first.status).toBe(200);
    expect(first.text).toContain('Fresh Whole Tilapia (1 kg)');
    const before = renders.count;
    for (let i = 0; i < 20; i++) {
      const { status, text } = await page(`/shop?s=${random()}`, '203.0.113.1');
      expect(status).toBe(200);
      expect(text).toContain('Fresh Whole Tilapia (1 kg)');
    }
    expect((await page('/shop?utm_source=whatsapp&utm_campaign=march&fbclid=abc123&gclid=xyz', '203.0.113.1')).text).toContain(
      'Fresh Whole Tilapia (1 kg)',
    );
    expect(renders.count).toBe(before);
  });

  it('one address asking for endless distinct searches gets a bounded number of renders; another address still gets HTML', async () => {
    const before = renders.count;
    const answers = [];
    for (let i = 0; i < 3 * RENDER_LIMITS.burst; i++) answers.push(await page(`/shop?search=${random()}`, '198.51.100.7'));
    expect(renders.count - before).toBeLessThanOrEqual(RENDER_LIMITS.burst);
    for (const { status, text } of answers) {
      // A working page either way: rendered, or the shell (which the browser renders) with the page's head.
      expect(status).toBe(200);
      expect(text).toMatch(/<title>Our Products \| [^<]+<\/title>/);
    }
    const shells = answers.filter((a) => a.text.includes(EMPTY_ROOT));
    expect(shells.length).toBeGreaterThanOrEqual(2 * RENDER_LIMITS.burst);

    const other = await page('/shop?search=tilapia', '192.0.2.44');
    expect(other.status).toBe(200);
    expect(other.text).not.toContain(EMPTY_ROOT);
    expect(other.text).toContain('Fresh Whole Tilapia (1 kg)');
  });

  it('an unknown product answers 404 with the not-found page, from one render for every unknown slug', async () => {
    const before = renders.count;
    for (let i = 0; i < 20; i++) {
      const { status, text } = await page(`/shop/no-such-${random()}`, '203.0.113.99');
      expect(status).toBe(404);
      expect(text).not.toContain(EMPTY_ROOT);
      expect(text).toContain('Product not found');
      expect(text).toMatch(/<title>Product not found \| [^<]+<\/title>/);
    }
    expect(renders.count - before).toBeLessThanOrEqual(1);
  });
});
