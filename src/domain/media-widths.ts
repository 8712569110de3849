// Uploaded pictures are stored once, at most FULL_WIDTH wide, and served narrower on request, so a
// phone downloads a picture the size it shows. Only these widths exist (no arbitrary resizing).
export const MEDIA_FULL_WIDTH = 1280;
const MEDIA_VARIANT_WIDTHS = [320, 640] as const;
export type MediaVariantWidth = (typeof MEDIA_VARIANT_WIDTHS)[number];

export function isMediaVariantWidth(value: number): value is MediaVariantWidth {
  return (MEDIA_VARIANT_WIDTHS as readonly number[]).includes(value);
}

const MEDIA_PATH = /^\/media\/[0-9a-f-]{36}$/i;

/** srcset for an uploaded picture (/media/<id>); undefined for any other address. */
export function mediaSrcSet(url: string): string | undefined {
  if (!MEDIA_PATH.test(url)) return undefined;
  return [...MEDIA_VARIANT_WIDTHS.map((w) => `${url}?w=${w} ${w}w`), `${url} ${MEDIA_FULL_WIDTH}w`].join(', ');
}
