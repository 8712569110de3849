import { mediaSrcSet } from '@/domain/media-widths';

// The seed ships each picture in two widths next to each other (name-320.webp + name-640.webp for
// products, name-600.webp + name-1200.webp for blog posts): offer both so a phone takes the small one.
const PAIRS: readonly [RegExp, number, number][] = [
  [/-640\.webp$/, 320, 640],
  [/-1200\.webp$/, 600, 1200],
];

/** srcset for a seeded two-width picture or an upload; undefined for anything else (SVGs). */
export function srcSetFor(url: string): string | undefined {
  for (const [pattern, small, large] of PAIRS) {
    if (pattern.test(url)) return `${url.replace(pattern, `-${small}.webp`)} ${small}w, ${url} ${large}w`;
  }
  return mediaSrcSet(url);
}
