import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { blogPosts, pageContent } from '../../src/server/db/schema';
import { dbKinds } from '../support/test-database';
import { auditRows, body, withAdminApp } from './admin-helpers';

interface Item {
  item: {
    id: string;
    slug: string;
    title: string;
    content: string;
    published: boolean;
    featuredImage: string | null;
    metaDescription: string | null;
  };
}
type ErrorBody = { error: { message: string; fields?: Record<string, string> } };

describe.each(dbKinds(import.meta.url))('admin blog posts and pages on %s', (kind) => {
  const s = withAdminApp(kind);
  const { asAdmin } = s;

  it('creates a post with a unique slug and a body without markup, publishes it, and the blog shows it', async () => {
    const json = {
      title: 'Fish & Chips Friday!',
      content:
        '<p onclick="steal()">Hello <script>alert(1)</script><a href="javascript:alert(1)">x</a> <strong>fresh</strong> & hot</p>\n\nSecond paragraph',
      metaDescription: 'Our Friday special',
    };
    const first = (await body<Item>(await asAdmin('/posts', { method: 'POST', json }))).item;
    const second = (await body<Item>(await asAdmin('/posts', { method: 'POST', json }))).item;
    expect(first.slug).toBe('fish-and-chips-friday');
    expect(second.slug).toBe('fish-and-chips-friday-2');
    const [stored] = await s.t.ctx.db.select().from(blogPosts).where(eq(blogPosts.id, first.id));
    expect(stored?.content).toBe('Hello x fresh & hot\n\nSecond paragraph');
    expect(stored?.published).toBe(false);

    // (The storefront caches answers for a few seconds, so the draft is checked through the other post.)
    expect((await s.t.request(`/api/content/posts/${second.slug}`)).status).toBe(404);
    const published = await body<Item>(await asAdmin(`/posts/${first.id}/publish`, { method: 'POST', json: { published: true } }));
    expect(published.item.published).toBe(true);
    const pub = await body<{ post: { title: string; metaDescription: string } }>(await s.t.request(`/api/content/posts/${first.slug}`));
    expect(pub.post).toMatchObject({ title: 'Fish & Chips Friday!', metaDescription: 'Our Friday special' });
    expect(await auditRows(s.t, 'POST_CREATE', first.id)).toHaveLength(1);
    expect(await auditRows(s.t, 'POST_PUBLISH', first.id)).toHaveLength(1);
  });

  it('edits a post: a typed slug must be free, an empty one keeps the current slug', async () => {
    const a = (await body<Item>(await asAdmin('/posts', { method: 'POST', json: { title: 'Catch of the week' } }))).item;
    const b = (await body<Item>(await asAdmin('/posts', { method: 'POST', json: { title: 'Another post' } }))).item;
    const taken = await asAdmin(`/posts/${b.id}`, { method: 'PATCH', json: { slug: a.slug } });
    expect(taken.status).toBe(400);
    expect((await body<ErrorBody>(taken)).error.fields?.slug).toBe('Another post already uses the slug "catch-of-the-week"');
    const bad = await asAdmin(`/posts/${b.id}`, { method: 'PATCH', json: { slug: 'Not A Slug!' } });
    expect((await body<ErrorBody>(bad)).error.fields?.slug).toBe('Use lowercase letters, numbers and single dashes (e.g. fresh-tilapia)');
    const kept = (await body<Item>(await asAdmin(`/posts/${b.id}`, { method: 'PATCH', json: { title: 'Renamed', slug: '' } }))).item;
    expect(kept).toMatchObject({ title: 'Renamed', slug: 'another-post' });
    const renamed = (await body<Item>(await asAdmin(`/posts/${b.id}`, { method: 'PATCH', json: { slug: 'renamed-post' } }))).item;
    expect(renamed.slug).toBe('renamed-post');
    const noTitle = await asAdmin('/posts', { method: 'POST', json: { title: '   ' } });
    expect((await body<ErrorBody>(noTitle)).error.fields?.title).toBe('Title is required');
  });

  it('uploads a featured image for a post', async () => {
    const post = (await body<Item>(await asAdmin('/posts', { method: 'POST', json: { title: 'With a picture' } }))).item;
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#e9b23a' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('image', new File([new Uint8Array(jpeg)], 'cover.jpg', { type: 'image/jpeg' }));
    const res = await asAdmin(`/posts/${post.id}/image`, { method: 'POST', body: form });
    expect(res.status).toBe(200);
    expect((await body<Item>(res)).item.featuredImage).toMatch(/^\/media\/[0-9a-f-]{36}$/);
  });

  it('creates a page that appears in the footer links once published; reserved slugs are refused', async () => {
    const page = (
      await body<Item>(
        await asAdmin('/pages', {
          method: 'POST',
          json: { title: 'Wholesale Orders', content: '<h2>Hotels</h2><p>Call us</p><img src="x" onerror="y()">', published: true },
        }),
      )
    ).item;
    expect(page.slug).toBe('wholesale-orders');
    const [stored] = await s.t.ctx.db.select().from(pageContent).where(eq(pageContent.id, page.id));
    expect(stored?.content).toBe('<h2>Hotels</h2><p>Call us</p><img src="x" loading="lazy" />');
    expect(stored?.updatedBy).toBe(s.admin.id);
    const links = await body<{ pages: { slug: string }[] }>(await s.t.request('/api/content/pages'));
    expect(links.pages.map((p) => p.slug)).toContain('wholesale-orders');

    const shop = (await body<Item>(await asAdmin('/pages', { method: 'POST', json: { title: 'Shop' } }))).item;
    expect(shop.slug).toBe('shop-2');
    const typed = await asAdmin('/pages', { method: 'POST', json: { title: 'Admin help', slug: 'admin' } });
    expect((await body<ErrorBody>(typed)).error.fields?.slug).toBe('"admin" is already a page of the shop; choose another slug');
    const faq = await asAdmin('/pages', { method: 'POST', json: { title: 'More FAQ', slug: 'faq' } });
    expect((await body<ErrorBody>(faq)).error.fields?.slug).toBe('Another page already uses the slug "faq"');
  });

  it('lists, unpublishes and deletes pages', async () => {
    const list = await body<{ items: { slug: string; published: boolean }[]; total: number }>(
      await asAdmin('/pages?state=published&pageSize=100'),
    );
    expect(list.items.every((p) => p.published)).toBe(true);
    expect(list.items.map((p) => p.slug)).toEqual(expect.arrayContaining(['faq', 'shipping']));
    const draft = (await body<Item>(await asAdmin('/pages', { method: 'POST', json: { title: 'Temporary notice' } }))).item;
    expect((await asAdmin(`/pages/${draft.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await asAdmin(`/pages/${draft.id}`)).status).toBe(404);
    expect(await auditRows(s.t, 'PAGE_DELETE', draft.id)).toHaveLength(1);
  });

  it('previews HTML exactly as it would be stored', async () => {
    const res = await asAdmin('/content/preview', { method: 'POST', json: { html: '<p>ok<iframe src="https://evil"></iframe></p>' } });
    expect(await body(res)).toEqual({ html: '<p>ok</p>' });
  });

  it('refuses a page whose markup would make the sanitiser drop the rest of it, naming what would go, and stores nothing', async () => {
    const content = '<p>Intro</p><math><mtext><table><mglyph><style><h2>Delivery</h2><p>We deliver daily.</p>';
    const created = await asAdmin('/pages', { method: 'POST', json: { title: 'Delivery times', content } });
    expect(created.status).toBe(400);
    const message = (await body<ErrorBody>(created)).error.message;
    expect(message).toContain('<style>');
    expect(message).toContain('Delivery We deliver daily.');
    expect(await s.t.ctx.db.select().from(pageContent).where(eq(pageContent.title, 'Delivery times'))).toEqual([]);

    const page = (
      await body<Item>(await asAdmin('/pages', { method: 'POST', json: { title: 'Opening hours', content: '<p>Daily 8-6</p>' } }))
    ).item;
    const edited = await asAdmin(`/pages/${page.id}`, { method: 'PATCH', json: { content } });
    expect(edited.status).toBe(400);
    expect((await body<ErrorBody>(edited)).error.fields?.content).toBe(message);
    const [stored] = await s.t.ctx.db.select().from(pageContent).where(eq(pageContent.id, page.id));
    expect(stored?.content).toBe('<p>Daily 8-6</p>');
    const preview = await asAdmin('/content/preview', { method: 'POST', json: { html: content } });
    expect(preview.status).toBe(400);

    // Closed, the same markup keeps every word of the page.
    const fixed =
      '<p>Intro</p><math><mtext><table><mglyph><style></style></mglyph></table></mtext></math><h2>Delivery</h2><p>We deliver daily.</p>';
    const saved = (await body<Item>(await asAdmin(`/pages/${page.id}`, { method: 'PATCH', json: { content: fixed } }))).item;
    expect(saved.content).toContain('<h2>Delivery</h2><p>We deliver daily.</p>');
  });

  it.each([
    [
      'an unclosed comment',
      '<p>Intro</p><!-- note <p>Important</p>',
      /comment \(<!--\) is never closed.*swallow the rest of the page.*"note Important"/,
    ],
    ['an unclosed CDATA section', '<p>Intro</p><![CDATA[ <p>Important</p>', /CDATA sections .* are not allowed.*"Important"/],
    ['a text/plain script', '<p>Intro</p><script type="text/plain">Important</script>', /script elements are not allowed.*"Important"/],
  ])('refuses a page with %s, naming what would be lost, and changes nothing', async (_name, content, message) => {
    const created = await asAdmin('/pages', { method: 'POST', json: { title: 'Hidden notes', content } });
    expect(created.status).toBe(400);
    const error = (await body<ErrorBody>(created)).error;
    expect(error.message).toMatch(message);
    expect(error.fields?.content).toBe(error.message);
    expect(await s.t.ctx.db.select().from(pageContent).where(eq(pageContent.title, 'Hidden notes'))).toEqual([]);

    const page = (await body<Item>(await asAdmin('/pages', { method: 'POST', json: { title: 'Returns', content: '<p>Within a day</p>' } })))
      .item;
    const edited = await asAdmin(`/pages/${page.id}`, { method: 'PATCH', json: { content } });
    expect(edited.status).toBe(400);
    expect((await body<ErrorBody>(edited)).error.fields?.content).toMatch(message);
    const [stored] = await s.t.ctx.db.select().from(pageContent).where(eq(pageContent.id, page.id));
    expect(stored?.content).toBe('<p>Within a day</p>');
    expect((await asAdmin('/content/preview', { method: 'POST', json: { html: content } })).status).toBe(400);

    const post = await asAdmin('/posts', { method: 'POST', json: { title: 'Hidden post notes', content } });
    expect(post.status).toBe(400);
    expect((await body<ErrorBody>(post)).error.fields?.content).toMatch(/^The post was not saved/);
    expect(await s.t.ctx.db.select().from(blogPosts).where(eq(blogPosts.title, 'Hidden post notes'))).toEqual([]);
  });

  it('saves a page whose comments are closed as before', async () => {
    const content = '<p>Intro</p><!-- note --><p>Important</p>';
    const page = (await body<Item>(await asAdmin('/pages', { method: 'POST', json: { title: 'With a note', content } }))).item;
    expect(page.content).toBe('<p>Intro</p><p>Important</p>');
  });
});
