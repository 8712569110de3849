import { mediaSrcSet, SEEDED_PICTURE_WIDTHS } from '@/domain/media-widths';

// The seed ships each picture in the widths of SEEDED_PICTURE_WIDTHS next to each other
// (name-<width>.webp), named by the widest: offer all so a phone takes the smallest that is sharp on
// its screen (a two-column card on a 2x phone wants about 380 px).
const SETS = Object.values(SEEDED_PICTURE_WIDTHS).map((widths) => ({ widest: new RegExp(`-${widths.at(-1)}\\.webp$`), widths }));

/** srcset for a seeded picture or an upload; undefined for anything else (SVGs). */
export function srcSetFor(url: string): string | undefined {
  for (const { widest, widths } of SETS) {
    if (widest.test(url)) return widths.map((w) => `${url.replace(widest, `-${w}.webp`)} ${w}w`).join(', ');
  }
  return mediaSrcSet(url);
}
