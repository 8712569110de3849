// Uploaded images: checked (image/*, at most 5 MB), re-encoded with sharp to WebP no wider than
// 1280 px (which also drops EXIF and anything hidden in the original file) and kept in the `media`
// table, so every instance can serve them at /media/<id>.
import { createMiddleware } from 'hono/factory';
import sharp from 'sharp';
import { z } from 'zod';
import { IMAGE_MESSAGES, imageFileProblem } from '@/domain/back-office-forms';
import { MEDIA_FULL_WIDTH } from '@/domain/media-widths';
import type { DbOrTx } from '../../db/client';
import { media } from '../../db/schema';
import { badRequest } from '../../errors';
import { clientClosedRequest } from '../../infra/http/errors';

const MAX_IMAGE_WIDTH = MEDIA_FULL_WIDTH;

export interface StoredImage {
  id: string;
  url: string;
  width: number;
  height: number;
}

/**
 * Reads a multipart body once before the form validator does: a body that cannot be read gets
 * the same clear message as a missing file (the validator would answer with a parser's error).
 */
export const readableForm = createMiddleware(async (c, next) => {
  try {
    await c.req.parseBody();
  } catch (err) {
    // A client gone mid-upload is logged as such by the app's onError, not answered as a missing file.
    if (clientClosedRequest(c)) throw err;
    throw badRequest(IMAGE_MESSAGES.missing, { image: IMAGE_MESSAGES.missing });
  }
  await next();
});

/** Field "image": one image file (the browser checks the same first). */
export const imageForm = z.object({
  image: z.instanceof(File, { error: IMAGE_MESSAGES.missing }).superRefine((file, ctx) => {
    const problem = imageFileProblem(file);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});

export interface PreparedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/** Decodes and re-encodes the upload; done before the database transaction (it is CPU work). */
export async function prepareImage(file: File): Promise<PreparedImage> {
  try {
    const { data, info } = await sharp(Buffer.from(await file.arrayBuffer()), { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: MAX_IMAGE_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw badRequest(IMAGE_MESSAGES.unreadable, { image: IMAGE_MESSAGES.unreadable });
  }
}

export async function saveImage(db: DbOrTx, image: PreparedImage, userId: string): Promise<StoredImage> {
  const [row] = await db
    .insert(media)
    .values({ contentType: 'image/webp', bytes: image.bytes, width: image.width, height: image.height, createdBy: userId })
    .returning({ id: media.id });
  if (!row) throw new Error('media insert returned nothing');
  return { id: row.id, url: `/media/${row.id}`, width: image.width, height: image.height };
}
