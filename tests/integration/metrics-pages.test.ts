// What /metrics says of a shop that serves its web app: rendered pages, the app's files and product
// photos counted as groups (never one series per address), unknown addresses as 'unmatched', and
// the bytes of the rendered pages kept in memory. The real server-rendering module, from the source.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerRenderModule } from '../../src/server/infra/http/page-render-contract';
import { parsePrometheusText, sampleValue, samplesOf } from '../support/prometheus-text';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><!--page-head--></head>
<body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`;
const TOKEN = 'metrics-token-0123456789-abcdefghij';

describe('/metrics of a shop serving its pages', () => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'metrics-pages-'));
    writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'assets', 'app.js'), 'console.log("shop");\n');
    const renderModule = (await import('../../src/web/entry-server')) as ServerRenderModule;
    t = await createTestApp('pglite', { seed: true, env: { METRICS_TOKEN: TOKEN }, app: { webRoot, renderModule } });
  });
  afterAll(async () => {
    await t?.dispose();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const get = async (address: string, headers: Record<string, string> = {}) => {
    const res = await t.app.request(`${TEST_ORIGIN}${address}`, { headers });
    return { status: res.status, text: await res.text() };
  };

  it('counts pages, files and photos as groups and unknown addresses as unmatched, and weighs the pages kept', async () => {
    const before = parsePrometheusText((await get('/metrics', { Authorization: `Bearer ${TOKEN}` })).text);
    expect(sampleValue(before, 'shop_page_cache_bytes')).toBe(0);

    const shop = await get('/shop');
    expect(shop.status).toBe(200);
    expect(shop.text).toContain('<div id="root"><');
    expect((await get('/shop?category=fish')).status).toBe(200);
    expect((await get('/assets/app.js')).status).toBe(200);
    expect((await get('/no/such/page')).status).toBe(404);
    expect((await get('/assets/no-such-file.js')).status).toBe(404);
    const photo = await get('/media/00000000-0000-0000-0000-000000000000');

    const answer = await get('/metrics', { Authorization: `Bearer ${TOKEN}` });
    expect(answer.status).toBe(200);
    const metrics = parsePrometheusText(answer.text);
    const requests = (route: string, status: number) =>
      sampleValue(metrics, 'shop_http_requests_total', { method: 'GET', route, status: String(status) });
    expect(requests('page', 200)).toBe(2);
    expect(requests('asset', 200)).toBe(1);
    expect(requests('unmatched', 404)).toBe(2);
    expect(requests('media', photo.status)).toBe(1);
    // The pages' own reads of the API (in the process) are requests too, under their route patterns.
    const routes = [...new Set(samplesOf(metrics, 'shop_http_requests_total').map((s) => s.labels.route))];
    expect(routes).toEqual(expect.arrayContaining(['/metrics', 'asset', 'media', 'page', 'unmatched', '/api/catalog/products']));
    for (const route of routes) expect(route).toMatch(/^(asset|media|page|unmatched|\/metrics|\/api\/[a-z/:-]+)$/);

    // Both /shop pages are kept, each plain and compressed: at least the plain page the customer got.
    expect(sampleValue(metrics, 'shop_page_cache_bytes')).toBeGreaterThan(Buffer.byteLength(shop.text));
  });
});
