// Blog posts and pages: one service for both (they differ in their table, a featured image for
// posts, and the slugs a page may not take). Before anything is stored, page HTML is sanitised with
// the storefront's allow-list, and a post body (plain paragraphs on the storefront) loses all markup.
// Slugs come from the title with slugify and are made unique.
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { blogPosts, pageContent } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { plainTextBodyForSave, sanitizePageHtmlForSave } from './sanitize-page-html';
import { auditAdmin, type AdminActor } from '../../back-office/admin-access';
import type { CreateContentInput, UpdateContentInput } from '@/domain/back-office-forms';
import type { ContentListQuery } from './admin-content.schemas';
import { saveImage, type PreparedImage } from '../media/admin-images';
import { likePattern, offsetOf, pageOf, type Page } from '../../back-office/admin-paging';
import { RESERVED_PAGE_SLUGS, slugTaken, uniqueSlugFor } from '../../back-office/admin-slugs';

export type ContentKind = 'post' | 'page';

export interface AdminContent {
  id: string;
  kind: ContentKind;
  slug: string;
  title: string;
  content: string;
  metaDescription: string | null;
  published: boolean;
  featuredImage: string | null;
  createdAt: string;
  updatedAt: string;
}

export type AdminContentSummary = Omit<AdminContent, 'content'>;

const KINDS = {
  post: {
    table: blogPosts,
    cols: blogPosts,
    tableName: 'blog_posts',
    action: 'POST',
    label: 'Post',
    reserved: new Set<string>(),
    clean: plainTextBodyForSave,
  },
  page: {
    table: pageContent,
    cols: pageContent,
    tableName: 'page_content',
    action: 'PAGE',
    label: 'Page',
    reserved: RESERVED_PAGE_SLUGS,
    clean: sanitizePageHtmlForSave,
  },
} as const;

type Row = typeof blogPosts.$inferSelect | typeof pageContent.$inferSelect;

function toView(kind: ContentKind, r: Row): AdminContent {
  return {
    id: r.id,
    kind,
    slug: r.slug,
    title: r.title,
    content: r.content,
    metaDescription: r.metaDescription,
    published: r.published,
    featuredImage: 'featuredImage' in r ? r.featuredImage : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function slugTable(kind: ContentKind) {
  const { table, cols } = KINDS[kind];
  return { table, id: cols.id, slug: cols.slug };
}

export async function listContent(db: DbOrTx, kind: ContentKind, q: ContentListQuery): Promise<Page<AdminContentSummary>> {
  const { table, cols } = KINDS[kind];
  const filters: (SQL | undefined)[] = [];
  if (q.state !== 'all') filters.push(eq(cols.published, q.state === 'published'));
  if (q.q) filters.push(or(ilike(cols.title, likePattern(q.q)), ilike(cols.slug, likePattern(q.q))));
  const where = and(...filters);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db.select().from(table).where(where).orderBy(desc(cols.updatedAt), desc(cols.id)).limit(q.pageSize).offset(offsetOf(q)),
    db.select({ total: count() }).from(table).where(where),
  ]);
  return pageOf(
    (rows as Row[]).map((r) => {
      const { content: _content, ...summary } = toView(kind, r);
      return summary;
    }),
    total,
    q,
  );
}

export async function getContent(db: DbOrTx, kind: ContentKind, id: string): Promise<AdminContent> {
  const { table, cols } = KINDS[kind];
  const [row] = (await db.select().from(table).where(eq(cols.id, id))) as Row[];
  if (!row) throw notFound(`${KINDS[kind].label} not found`);
  return toView(kind, row);
}

/** The slug to store: the one typed (it must be free) or one made from the title. */
async function chooseSlug(tx: DbOrTx, kind: ContentKind, title: string, typed: string | undefined, exceptId?: string): Promise<string> {
  const { reserved, label } = KINDS[kind];
  if (!typed) return uniqueSlugFor(tx, slugTable(kind), title, { exceptId, reserved });
  if (reserved.has(typed)) {
    const message = `"${typed}" is already a page of the shop; choose another slug`;
    throw badRequest(message, { slug: message });
  }
  if (await slugTaken(tx, slugTable(kind), typed, exceptId)) {
    const message = `Another ${label.toLowerCase()} already uses the slug "${typed}"`;
    throw badRequest(message, { slug: message });
  }
  return typed;
}

export async function createContent(db: Db, actor: AdminActor, kind: ContentKind, input: CreateContentInput): Promise<AdminContent> {
  const { table, tableName, action, clean } = KINDS[kind];
  return db.transaction(async (tx) => {
    const slug = await chooseSlug(tx, kind, input.title, input.slug);
    const values = {
      slug,
      title: input.title,
      content: clean(input.content),
      metaDescription: input.metaDescription ?? null,
      published: input.published,
      ...(kind === 'page' && { updatedBy: actor.userId }),
    };
    const [row] = (await tx.insert(table).values(values).returning()) as Row[];
    if (!row) throw new Error('content insert returned nothing');
    await auditAdmin(tx, actor, {
      action: `${action}_CREATE`,
      tableName,
      recordId: row.id,
      details: { title: row.title, slug: row.slug, published: row.published },
    });
    return toView(kind, row);
  });
}

export async function updateContent(
  db: Db,
  actor: AdminActor,
  kind: ContentKind,
  id: string,
  input: UpdateContentInput,
): Promise<AdminContent> {
  const { table, cols, tableName, action, label, clean } = KINDS[kind];
  return db.transaction(async (tx) => {
    const [before] = (await tx.select().from(table).where(eq(cols.id, id)).for('update')) as Row[];
    if (!before) throw notFound(`${label} not found`);
    // A slug left empty keeps the current one: links to a published page must not break by accident.
    const slug = input.slug && input.slug !== before.slug ? await chooseSlug(tx, kind, before.title, input.slug, id) : before.slug;
    const changes = {
      slug,
      ...(input.title !== undefined && { title: input.title }),
      ...(input.content !== undefined && { content: clean(input.content) }),
      ...(input.metaDescription !== undefined && { metaDescription: input.metaDescription }),
      ...(kind === 'page' && { updatedBy: actor.userId }),
      updatedAt: actor.at,
    };
    const [row] = (await tx.update(table).set(changes).where(eq(cols.id, id)).returning()) as Row[];
    if (!row) throw notFound(`${label} not found`);
    await auditAdmin(tx, actor, {
      action: `${action}_UPDATE`,
      tableName,
      recordId: id,
      details: {
        title: row.title,
        ...(row.slug !== before.slug && { slug: { from: before.slug, to: row.slug } }),
        contentChanged: row.content !== before.content,
      },
    });
    return toView(kind, row);
  });
}

export async function setContentPublished(
  db: Db,
  actor: AdminActor,
  kind: ContentKind,
  id: string,
  published: boolean,
): Promise<AdminContent> {
  const { table, cols, tableName, action, label } = KINDS[kind];
  return db.transaction(async (tx) => {
    const [row] = (await tx
      .update(table)
      .set({ published, updatedAt: actor.at, ...(kind === 'page' && { updatedBy: actor.userId }) })
      .where(eq(cols.id, id))
      .returning()) as Row[];
    if (!row) throw notFound(`${label} not found`);
    await auditAdmin(tx, actor, {
      action: `${action}_${published ? 'PUBLISH' : 'UNPUBLISH'}`,
      tableName,
      recordId: id,
      details: { title: row.title, slug: row.slug },
    });
    return toView(kind, row);
  });
}

export async function deleteContent(db: Db, actor: AdminActor, kind: ContentKind, id: string): Promise<void> {
  const { table, cols, tableName, action, label } = KINDS[kind];
  await db.transaction(async (tx) => {
    const [row] = (await tx.delete(table).where(eq(cols.id, id)).returning()) as Row[];
    if (!row) throw notFound(`${label} not found`);
    await auditAdmin(tx, actor, { action: `${action}_DELETE`, tableName, recordId: id, details: { title: row.title, slug: row.slug } });
  });
}

export async function setPostImage(db: Db, actor: AdminActor, id: string, image: PreparedImage): Promise<AdminContent> {
  return db.transaction(async (tx) => {
    const stored = await saveImage(tx, image, actor.userId);
    const [row] = await tx
      .update(blogPosts)
      .set({ featuredImage: stored.url, updatedAt: actor.at })
      .where(eq(blogPosts.id, id))
      .returning();
    if (!row) throw notFound('Post not found');
    await auditAdmin(tx, actor, {
      action: 'POST_IMAGE_UPLOAD',
      tableName: 'blog_posts',
      recordId: id,
      details: { featuredImage: stored.url },
    });
    return toView('post', row);
  });
}
