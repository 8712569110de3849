// Every text answer goes out compressed when the browser accepts it: the public reads (kept
// compressed beside their JSON), the rest of the API's JSON, the sitemap; small answers and
// browsers that accept nothing get plain bytes.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { dbKinds } from '../support/test-database';
import { insertProducts } from '../../src/server/features/catalog/new-products';

describe.each(dbKinds(import.meta.url))('compressed answers on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    // Enough products that the list is well past the size worth compressing.
    await insertProducts(
      t.ctx.db,
      Array.from({ length: 40 }, (_, i) => ({
        name: `Whole Tilapia ${i}`,
        slug: `whole-tilapia-${i}`,
        category: 'fish',
        price: 50_000 + i,
        stock: 5,
        description: 'Fresh from Lake Victoria, cleaned and scaled on the morning of delivery.',
      })),
    );
  });
  afterAll(async () => {
    await t.dispose();
  });

  const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

  it('sends the product list in brotli, then gzip, then plain, by what the browser accepts', async () => {
    const plainRes = await t.request('/api/catalog/products');
    expect(plainRes.headers.get('content-encoding')).toBeNull();
    const plain = Buffer.from(await bytesOf(plainRes)).toString('utf8');
    // A full page of the list (24 products) is well over the 1 KB from which answers are compressed.
    expect(JSON.parse(plain).products).toHaveLength(24);

    const br = await t.request('/api/catalog/products', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    const brBytes = await bytesOf(br);
    expect(brBytes.byteLength).toBeLessThan(plain.length / 3);
    expect(brotliDecompressSync(brBytes).toString('utf8')).toBe(plain);

    const gz = await t.request('/api/catalog/products', { headers: { 'Accept-Encoding': 'gzip, br;q=0' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytesOf(gz)).toString('utf8')).toBe(plain);

    const none = await t.request('/api/catalog/products', { headers: { 'Accept-Encoding': 'identity' } });
    expect(none.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await bytesOf(none)).toString('utf8')).toBe(plain);
  });

  it('compresses the sitemap as it leaves, and leaves small answers plain', async () => {
    const sitemap = await t.request('/sitemap.xml', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-encoding')).toBe('gzip');
    const xml = gunzipSync(await bytesOf(sitemap)).toString('utf8');
    expect(xml).toContain('<urlset');
    expect(xml).toContain('/shop/whole-tilapia-7');

    const health = await t.request('/api/health', { headers: { 'Accept-Encoding': 'br' } });
    expect(health.headers.get('content-encoding')).toBeNull();
    expect(await health.json()).toMatchObject({ status: 'ok' });
  });
});
