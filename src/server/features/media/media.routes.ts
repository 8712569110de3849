import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import sharp from 'sharp';
import { z } from 'zod';
import { isMediaVariantWidth, type MediaVariantWidth } from '@/domain/media-widths';
import type { AppEnv, ServerContext } from '../../context';
import { media } from '../../db/schema';
import { notFound } from '../../errors';

// An upload is never changed in place (a new image gets a new id), so browsers keep it for a year.
const IMMUTABLE = 'public, max-age=31536000, immutable';
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif']);
/** Narrow copies made on this instance; they are small and never change, so a few are kept. */
const VARIANT_CACHE_ENTRIES = 200;

const uuid = z.uuid();

export function mediaRoutes(ctx: ServerContext) {
  const variants = new Map<string, Promise<Buffer | null>>();

  /** The picture `width` px wide (never wider than stored), made once per instance. */
  const variant = (id: string, width: MediaVariantWidth, original: Buffer): Promise<Buffer | null> => {
    const key = `${id}:${width}`;
    let made = variants.get(key);
    if (!made) {
      made = sharp(original)
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer()
        .catch(() => null);
      variants.set(key, made);
      if (variants.size > VARIANT_CACHE_ENTRIES) variants.delete(variants.keys().next().value ?? key);
    }
    return made;
  };

  return new Hono<AppEnv>().get('/:id', async (c) => {
    const id = c.req.param('id');
    if (!uuid.safeParse(id).success) throw notFound('Image not found');
    const w = c.req.query('w');
    const width = w === undefined ? null : Number(w);
    if (width !== null && !isMediaVariantWidth(width)) throw notFound('Image not found');
    const etag = `"${id}${width ? `-w${width}` : ''}"`;
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, { ETag: etag, 'Cache-Control': IMMUTABLE });
    const [row] = await ctx.db.select({ contentType: media.contentType, bytes: media.bytes }).from(media).where(eq(media.id, id)).limit(1);
    if (!row) throw notFound('Image not found');
    // Anything but a raster image (an SVG with script, HTML) is offered as a download, never rendered.
    const safe = IMAGE_TYPES.has(row.contentType);
    const resized = safe && width ? await variant(id, width, Buffer.from(row.bytes)) : null;
    if (width && !resized) throw notFound('Image not found');
    return c.body(new Uint8Array(resized ?? row.bytes), 200, {
      'Content-Type': resized ? 'image/webp' : safe ? row.contentType : 'application/octet-stream',
      ...(safe ? {} : { 'Content-Disposition': 'attachment' }),
      'Cache-Control': IMMUTABLE,
      ETag: etag,
    });
  });
}
