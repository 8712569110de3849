import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, ServerContext } from '../../context';
import { media } from '../../db/schema';
import { notFound } from '../../http/errors';

// An upload is never changed in place (a new image gets a new id), so browsers keep it for a year.
const IMMUTABLE = 'public, max-age=31536000, immutable';
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif']);

const uuid = z.uuid();

export function mediaRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>().get('/:id', async (c) => {
    const id = c.req.param('id');
    if (!uuid.safeParse(id).success) throw notFound('Image not found');
    const etag = `"${id}"`;
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, { ETag: etag, 'Cache-Control': IMMUTABLE });
    const [row] = await ctx.db
      .select({ contentType: media.contentType, bytes: media.bytes })
      .from(media)
      .where(eq(media.id, id))
      .limit(1);
    if (!row) throw notFound('Image not found');
    // Anything but a raster image (an SVG with script, HTML) is offered as a download, never rendered.
    const safe = IMAGE_TYPES.has(row.contentType);
    return c.body(new Uint8Array(row.bytes), 200, {
      'Content-Type': safe ? row.contentType : 'application/octet-stream',
      ...(safe ? {} : { 'Content-Disposition': 'attachment' }),
      'Cache-Control': IMMUTABLE,
      ETag: etag,
    });
  });
}
