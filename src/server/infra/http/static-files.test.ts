import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { serveSpa } from './static-files';

const root = mkdtempSync(path.join(tmpdir(), 'spa-'));
mkdirSync(path.join(root, 'assets'));
writeFileSync(path.join(root, 'index.html'), '<title>%SHOP_NAME%</title>' + '<p>x</p>'.repeat(200));
writeFileSync(path.join(root, 'assets', 'app-abc123.js'), 'console.log(1);'.repeat(100));
writeFileSync(path.join(root, 'logo.svg'), '<svg/>');
// The build's compressed forms (told apart from what the shop would make by their text), and a
// file whose forms are older than it (a file changed after the build).
writeFileSync(path.join(root, 'assets', 'built-1.js'), 'let plain = 1;'.repeat(100));
writeFileSync(path.join(root, 'assets', 'built-1.js.gz'), gzipSync('from the build (gzip)'));
writeFileSync(path.join(root, 'assets', 'built-1.js.br'), brotliCompressSync('from the build (br)'));
writeFileSync(path.join(root, 'assets', 'stale-1.js'), 'let fresh = 2;'.repeat(100));
writeFileSync(path.join(root, 'assets', 'stale-1.js.gz'), gzipSync('old bytes'));
writeFileSync(path.join(root, 'assets', 'stale-1.js.br'), brotliCompressSync('old bytes'));
const anHourAgo = new Date(Date.now() - 3_600_000);
utimesSync(path.join(root, 'assets', 'stale-1.js.gz'), anHourAgo, anHourAgo);
utimesSync(path.join(root, 'assets', 'stale-1.js.br'), anHourAgo, anHourAgo);

const app = new Hono();
app.use('*', serveSpa(root, { SHOP_NAME: 'Fish & <Chips>' }));
app.get('/api/x', (c) => c.json({ ok: true }));
app.notFound((c) => c.text('nf', 404));

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('serveSpa', () => {
  it('caches hashed assets for a year and compresses them', async () => {
    const res = await app.request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const body = gunzipSync(Buffer.from(await res.arrayBuffer())).toString();
    expect(body.startsWith('console.log(1);')).toBe(true);
  });

  it("sends the build's compressed forms of a file, and compresses one whose forms are older than it", async () => {
    const gz = await app.request('/assets/built-1.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe('from the build (gzip)');
    const br = await app.request('/assets/built-1.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe('from the build (br)');
    expect(await (await app.request('/assets/built-1.js')).text()).toBe('let plain = 1;'.repeat(100));

    const stale = await app.request('/assets/stale-1.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(brotliDecompressSync(Buffer.from(await stale.arrayBuffer())).toString()).toBe('let fresh = 2;'.repeat(100));
    // The forms are not files of their own.
    expect((await app.request('/assets/built-1.js.gz')).status).toBe(404);
  });

  it('never caches index.html and fills in the escaped shop name', async () => {
    const res = await app.request('/');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<title>Fish &amp; &lt;Chips></title>');
  });

  it('falls back to index.html for client routes, not for missing files or the API', async () => {
    expect((await app.request('/shop/anything')).headers.get('content-type')).toContain('text/html');
    expect((await app.request('/missing.png')).status).toBe(404);
    expect(await (await app.request('/api/x')).json()).toEqual({ ok: true });
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await app.request('/logo.svg');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const second = await app.request('/logo.svg', { headers: { 'If-None-Match': etag } });
    expect(second.status).toBe(304);
  });
});
