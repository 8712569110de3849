// Pages, blog, newsletter, contact messages and media, as the storefront calls them.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { blogPosts, contactMessages, media, newsletterSubscriptions, pageContent } from '../../src/server/db/schema';
import type { BlogPageDto, BlogPostDto, PageDto } from '../../src/server/features/content/content.service';
import { createTestApp, createUser, type TestApp } from '../support/test-app';
import { dbKinds } from '../support/test-database';

describe.each(dbKinds(import.meta.url))('storefront content on %s', (kind) => {
  let t: TestApp;
  let clock = new Date('2026-03-05T08:00:00Z');
  const later = () => (clock = new Date(clock.getTime() + 60_000));

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true, deps: { now: () => clock } });
  });
  afterAll(async () => {
    await t.dispose();
  });

  describe('pages', () => {
    it('lists published pages (slug and title) ordered by title, with caching headers', async () => {
      const res = await t.request('/api/content/pages');
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(res.headers.get('etag')).toBeTruthy();
      expect(await res.json()).toEqual({
        pages: [
          { slug: 'shipping', title: 'Delivery Policy' },
          { slug: 'faq', title: 'Frequently Asked Questions' },
          { slug: 'privacy', title: 'Privacy Notice' },
          { slug: 'returns', title: 'Returns and Refunds' },
          { slug: 'terms', title: 'Terms and Conditions' },
        ],
      });
    });

    it('gives a published page with its meta description', async () => {
      const res = await t.request('/api/content/pages/faq');
      expect(res.status).toBe(200);
      const { page } = (await res.json()) as { page: PageDto };
      expect(page.title).toBe('Frequently Asked Questions');
      expect(page.content).toContain('<h2>');
      expect(page.metaDescription).toMatch(/M-Pesa/);
    });

    it('stored seed pages are already sanitised', async () => {
      const rows = await t.ctx.db.select({ content: pageContent.content }).from(pageContent);
      for (const row of rows) expect(row.content).not.toMatch(/<script|\son\w+=|javascript:/i);
    });

    it('sanitises HTML again before sending it, even if unsafe HTML reached the table', async () => {
      // Written with raw SQL, as a hand edit in the database would be: no sanitising on the way in.
      await t.ctx.db.execute(sql`
        insert into page_content (slug, title, content, meta_description, published)
        values ('unsafe', 'Unsafe Page', ${'<p>Hello</p><script>window.pwned=1</script><img src="/x.webp" alt="x" onerror="window.pwned=2"><a href="javascript:alert(1)">go</a>'}, 'd', true)`);
      const { page } = (await (await t.request('/api/content/pages/unsafe')).json()) as { page: PageDto };
      expect(page.content).toBe('<p>Hello</p><img src="/x.webp" alt="x" loading="lazy" /><a>go</a>');
    });

    it.each([
      ['/api/content/pages/careers', 404, 'Page not found'],
      ['/api/content/pages/no-such-page', 404, 'Page not found'],
      ['/api/content/pages/%20', 400, 'No page slug provided'],
    ])('%s answers %i %s', async (path, status, message) => {
      const res = await t.request(path);
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ error: { message } });
    });

    it('a failing query answers 500 "Failed to load page content" and is not cached', async () => {
      later();
      const select = vi.spyOn(t.ctx.db, 'select').mockImplementationOnce(() => {
        throw new Error('connection lost');
      });
      try {
        const res = await t.request('/api/content/pages/terms');
        expect(res.status).toBe(500);
        expect(await res.json()).toMatchObject({ error: { code: 'PAGE_LOAD_FAILED', message: 'Failed to load page content' } });
      } finally {
        select.mockRestore();
      }
      expect((await t.request('/api/content/pages/terms')).status).toBe(200);
    });
  });

  describe('blog', () => {
    beforeAll(async () => {
      const base = new Date('2026-01-01T00:00:00Z').getTime();
      await t.ctx.db.insert(blogPosts).values(
        Array.from({ length: 5 }, (_, i) => ({
          slug: `extra-${i}`,
          title: `Extra post ${i}`,
          content: `<p>${'Word '.repeat(60)}</p>\n\nSecond paragraph.`,
          published: true,
          createdAt: new Date(base - i * 86_400_000 * 200),
        })),
      );
      later();
    });

    it('pages through published posts, newest first, with 150-character excerpts', async () => {
      const first = (await (await t.request('/api/content/posts?limit=6')).json()) as BlogPageDto;
      expect(first.posts).toHaveLength(6);
      expect(first.nextOffset).toBe(6);
      const second = (await (await t.request('/api/content/posts?limit=6&offset=6')).json()) as BlogPageDto;
      expect(second.nextOffset).toBeNull();
      const all = [...first.posts, ...second.posts];
      expect(all).toHaveLength(8); // 3 published seed posts + 5 extra; the unpublished one is left out
      expect(all.map((p) => p.slug)).not.toContain('omena-small-fish-big-nutrition');
      const dates = all.map((p) => p.createdAt);
      expect(dates).toEqual([...dates].sort().reverse());
      const extra = all.find((p) => p.slug === 'extra-0')!;
      expect(extra.excerpt).not.toContain('<');
      expect(extra.excerpt.length).toBeLessThanOrEqual(153);
      expect(extra.excerpt.endsWith('...')).toBe(true);
      expect(extra).not.toHaveProperty('content');
    });

    it('refuses a silly page size', async () => {
      expect((await t.request('/api/content/posts?limit=0')).status).toBe(400);
      expect((await t.request('/api/content/posts?offset=-1')).status).toBe(400);
    });

    it('gives a published post by slug and 404 "Blog post not found" otherwise', async () => {
      const ok = await t.request('/api/content/posts/how-to-store-fresh-fish-at-home');
      const { post } = (await ok.json()) as { post: BlogPostDto };
      expect(post.title).toBeTruthy();
      expect(post.content).toContain('\n\n');
      for (const slug of ['omena-small-fish-big-nutrition', 'nope']) {
        const res = await t.request(`/api/content/posts/${slug}`);
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({ error: { message: 'Blog post not found' } });
      }
    });
  });

  describe('caching of the public reads', () => {
    const reads = [
      '/api/content/pages',
      '/api/content/pages/faq',
      '/api/content/posts?limit=6&offset=0',
      '/api/content/posts/how-to-store-fresh-fish-at-home',
    ];

    it.each(reads)('%s sends ETag and a revalidating Cache-Control, and 304 for the same answer', async (path) => {
      const first = await t.request(path);
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      const again = await t.request(path, { headers: { 'If-None-Match': etag! } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
    });

    it('costs one query per read within the cache time, however many visitors ask', async () => {
      later();
      const select = vi.spyOn(t.ctx.db, 'select');
      try {
        for (let round = 0; round < 3; round++) await Promise.all(reads.map((path) => t.request(path)));
        expect(select).toHaveBeenCalledTimes(reads.length);
      } finally {
        select.mockRestore();
      }
    });
  });

  describe('newsletter', () => {
    it('subscribes once; the same address in another letter case is "Already subscribed"', async () => {
      const ok = await t.request('/api/content/newsletter', { method: 'POST', json: { email: ' Wanjiku@Example.co.ke ' } });
      expect(ok.status).toBe(201);
      expect(await ok.json()).toEqual({ message: 'Thank you for subscribing!' });
      const dup = await t.request('/api/content/newsletter', { method: 'POST', json: { email: 'WANJIKU@example.CO.KE' } });
      expect(dup.status).toBe(409);
      expect(await dup.json()).toMatchObject({ error: { message: 'Already subscribed' } });
      const rows = await t.ctx.db.select().from(newsletterSubscriptions);
      expect(rows.map((r) => r.email)).toEqual(['wanjiku@example.co.ke']);
    });

    it.each(['', 'no-at-sign', 'a@b'])('refuses %j with "Please enter a valid email address"', async (email) => {
      const res = await t.request('/api/content/newsletter', { method: 'POST', json: { email } });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { message: 'Please enter a valid email address' } });
    });
  });

  describe('contact messages', () => {
    const message = { name: 'Otieno', email: 'Otieno@Example.com', subject: 'Bulk order', message: 'Do you deliver 20 kg to Karen?' };

    it('stores a visitor message, sanitised', async () => {
      const res = await t.request('/api/content/contact', {
        method: 'POST',
        json: { ...message, name: 'Otieno<script>x()</script>', userId: 'someone-else' },
      });
      expect(res.status).toBe(201);
      const { id, message: thanks } = (await res.json()) as { id: string; message: string };
      expect(thanks).toMatch(/Thank you/);
      const [row] = await t.ctx.db.select().from(contactMessages).where(eq(contactMessages.id, id));
      expect(row).toMatchObject({ name: 'Otieno', email: 'otieno@example.com', subject: 'Bulk order', userId: null });
    });

    it('links the message to the signed-in customer from the session', async () => {
      const u = await createUser(t);
      const res = await t.request('/api/content/contact', { method: 'POST', json: message, cookie: u.cookie });
      const { id } = (await res.json()) as { id: string };
      const [row] = await t.ctx.db.select().from(contactMessages).where(eq(contactMessages.id, id));
      expect(row?.userId).toBe(u.id);
    });

    it('refuses missing fields with one message per field', async () => {
      const res = await t.request('/api/content/contact', { method: 'POST', json: { ...message, subject: '', message: '  ' } });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Please fill in all fields',
          fields: { subject: 'Please fill in all fields', message: 'Please fill in all fields' },
        },
      });
    });
  });

  describe('media', () => {
    it('serves a stored image with year-long caching and 304 on revalidation', async () => {
      const bytes = Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3]);
      const [row] = await t.ctx.db.insert(media).values({ contentType: 'image/webp', bytes }).returning({ id: media.id });
      const res = await t.request(`/media/${row!.id}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
      const again = await t.request(`/media/${row!.id}`, { headers: { 'If-None-Match': res.headers.get('etag')! } });
      expect(again.status).toBe(304);
    });

    it('serves an upload narrower on request (?w=320, ?w=480, ?w=640) for srcset, and no other widths', async () => {
      const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2a6f97' } })
        .png()
        .toBuffer();
      const [row] = await t.ctx.db.insert(media).values({ contentType: 'image/png', bytes: png }).returning({ id: media.id });
      for (const width of [320, 480, 640]) {
        const res = await t.request(`/media/${row!.id}?w=${width}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/webp');
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, Math.round((800 * width) / 1200)]);
        const again = await t.request(`/media/${row!.id}?w=${width}`, { headers: { 'If-None-Match': res.headers.get('etag')! } });
        expect(again.status).toBe(304);
      }
      expect((await t.request(`/media/${row!.id}?w=321`)).status).toBe(404);
      expect((await t.request(`/media/${row!.id}?w=abc`)).status).toBe(404);
    });

    it('offers anything but a raster image as a download', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      const [row] = await t.ctx.db.insert(media).values({ contentType: 'image/svg+xml', bytes: svg }).returning({ id: media.id });
      const res = await t.request(`/media/${row!.id}`);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('content-disposition')).toBe('attachment');
    });

    it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid'])('answers 404 for %s', async (id) => {
      const res = await t.request(`/media/${id}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { message: 'Image not found' } });
    });
  });
});
