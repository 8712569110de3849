// Uploaded pictures are stored once, at most FULL_WIDTH wide, and served narrower on request, so a
// phone downloads a picture the size it shows. Only these widths exist (no arbitrary resizing).
export const MEDIA_FULL_WIDTH = 1280;
// 480 between 320 and 640: a phone of 360-412 px shows a two-column card about 190 px wide, which
// at 2x wants about 380 px: it took the 640 file, nearly twice the bytes.
const MEDIA_VARIANT_WIDTHS = [320, 480, 640] as const;
export type MediaVariantWidth = (typeof MEDIA_VARIANT_WIDTHS)[number];

/**
 * The widths the seeded pictures ship in, each file named `<name>-<width>.webp` and referred to by
 * its widest: rendered by scripts/render-images.ts, offered in srcset by the web app.
 */
export const SEEDED_PICTURE_WIDTHS = {
  products: [320, 480, 640],
  blog: [600, 800, 1200],
} as const;

export function isMediaVariantWidth(value: number): value is MediaVariantWidth {
  return (MEDIA_VARIANT_WIDTHS as readonly number[]).includes(value);
}

const MEDIA_PATH = /^\/media\/[0-9a-f-]{36}$/i;

/** srcset for an uploaded picture (/media/<id>); undefined for any other address. */
export function mediaSrcSet(url: string): string | undefined {
  if (!MEDIA_PATH.test(url)) return undefined;
  return [...MEDIA_VARIANT_WIDTHS.map((w) => `${url}?w=${w} ${w}w`), `${url} ${MEDIA_FULL_WIDTH}w`].join(', ');
}
