// Public content: information pages, blog posts, the newsletter and contact messages.
import { and, asc, desc, eq } from 'drizzle-orm';
import { excerpt } from '@/domain/text';
import type { ContactMessageValues } from '@/domain/validation';
import type { ServerContext } from '../../context';
import type { Db, DbOrTx } from '../../db/client';
import { blogPosts, contactMessages, newsletterSubscriptions, pageContent } from '../../db/schema';
import { DomainError } from '../../errors';
import { sanitizePageHtml } from './sanitize-page-html';
import { recordConsent } from '../consents/consents.service';

export interface PageLinkDto {
  slug: string;
  title: string;
}

export interface PageDto extends PageLinkDto {
  /** Sanitised HTML. */
  content: string;
  metaDescription: string | null;
}

interface BlogCardDto {
  id: string;
  slug: string;
  title: string;
  /** Plain text, at most 150 characters plus '...'. */
  excerpt: string;
  featuredImage: string | null;
  createdAt: string;
}

export interface BlogPageDto {
  posts: BlogCardDto[];
  /** Offset of the next page, or null on the last one. */
  nextOffset: number | null;
}

export interface BlogPostDto {
  id: string;
  slug: string;
  title: string;
  content: string;
  featuredImage: string | null;
  metaDescription: string | null;
  createdAt: string;
}

const BLOG_EXCERPT_LENGTH = 150;

const postColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  content: blogPosts.content,
  featuredImage: blogPosts.featuredImage,
  createdAt: blogPosts.createdAt,
};

/** The footer's Customer Service links: published pages ordered by title. */
export async function listPublishedPages(db: DbOrTx): Promise<PageLinkDto[]> {
  return db
    .select({ slug: pageContent.slug, title: pageContent.title })
    .from(pageContent)
    .where(eq(pageContent.published, true))
    .orderBy(asc(pageContent.title));
}

/** A published page by slug, its HTML sanitised again on the way out; null when there is none. */
async function findPublishedPage(db: DbOrTx, slug: string): Promise<PageDto | null> {
  const [row] = await db
    .select({
      slug: pageContent.slug,
      title: pageContent.title,
      content: pageContent.content,
      metaDescription: pageContent.metaDescription,
    })
    .from(pageContent)
    .where(and(eq(pageContent.slug, slug), eq(pageContent.published, true)))
    .limit(1);
  return row ? { ...row, content: sanitizePageHtml(row.content) } : null;
}

const PAGE_LOAD_FAILED = 'Failed to load page content';

/** findPublishedPage for the API: a failed query is logged and answered with PAGE_LOAD_FAILED. */
export async function loadPublishedPage(ctx: ServerContext, slug: string, requestId: string): Promise<PageDto | null> {
  try {
    return await findPublishedPage(ctx.db, slug);
  } catch (err) {
    ctx.logger.error({ err, requestId }, 'page query failed');
    throw new DomainError('failed', 'PAGE_LOAD_FAILED', PAGE_LOAD_FAILED);
  }
}

/** Published posts, newest first; one row more than asked tells whether another page exists. */
export async function listPublishedPosts(db: DbOrTx, limit: number, offset: number): Promise<BlogPageDto> {
  const rows = await db
    .select(postColumns)
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(limit + 1)
    .offset(offset);
  return {
    posts: rows.slice(0, limit).map(({ content, createdAt, ...post }) => ({
      ...post,
      excerpt: excerpt(content, BLOG_EXCERPT_LENGTH),
      createdAt: createdAt.toISOString(),
    })),
    nextOffset: rows.length > limit ? offset + limit : null,
  };
}

export async function findPublishedPost(db: DbOrTx, slug: string): Promise<BlogPostDto | null> {
  const [row] = await db
    .select({ ...postColumns, metaDescription: blogPosts.metaDescription })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.published, true)))
    .limit(1);
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}

/**
 * false when the address is already subscribed in any letter case (the unique index on lower(email)).
 * A new subscription appends its consents row in the same transaction.
 */
export async function subscribeToNewsletter(db: Db, email: string, userId: string | null, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(newsletterSubscriptions)
      .values({ email, createdAt: at })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscriptions.id });
    if (inserted.length === 0) return false;
    await recordConsent(tx, { kind: 'newsletter', granted: true, source: 'newsletter-form', at, userId, email });
    return true;
  });
}

export async function saveContactMessage(db: DbOrTx, message: ContactMessageValues, userId: string | null): Promise<string> {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...message, userId })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('contact message insert returned no row');
  return row.id;
}
