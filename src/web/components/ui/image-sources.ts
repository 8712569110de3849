import { mediaSrcSet } from '@/domain/media-widths';

// The seed ships each picture in three widths next to each other (name-320/480/640.webp for
// products, name-600/800/1200.webp for blog posts), named by the widest: offer all so a phone takes
// the smallest that is sharp on its screen (a two-column card on a 2x phone wants about 380 px).
const SETS: readonly [RegExp, readonly number[]][] = [
  [/-640\.webp$/, [320, 480, 640]],
  [/-1200\.webp$/, [600, 800, 1200]],
];

/** srcset for a seeded picture or an upload; undefined for anything else (SVGs). */
export function srcSetFor(url: string): string | undefined {
  for (const [pattern, widths] of SETS) {
    if (pattern.test(url)) return widths.map((w) => `${url.replace(pattern, `-${w}.webp`)} ${w}w`).join(', ');
  }
  return mediaSrcSet(url);
}
