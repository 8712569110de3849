// The look of every element of a page, as the browser computed it: compared between two loads of a
// page to show they are styled alike (its critical CSS against the whole stylesheet).
import type { Page } from 'playwright-core';

/** The properties that place, size and colour an element, and its focus ring. */
const PROPERTIES = [
  'display',
  'position',
  'top',
  'z-index',
  'color',
  'background-color',
  'background-image',
  'font-size',
  'font-weight',
  'line-height',
  'letter-spacing',
  'text-align',
  'text-transform',
  'text-decoration-line',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'width',
  'height',
  'border-top-width',
  'border-right-width',
  'border-bottom-width',
  'border-left-width',
  'border-top-style',
  'border-bottom-style',
  'border-top-color',
  'border-radius',
  'box-shadow',
  'outline-style',
  'opacity',
  'transform',
  'flex-direction',
  'flex-wrap',
  'justify-content',
  'align-items',
  'gap',
  'grid-template-columns',
  'object-fit',
  'aspect-ratio',
  'overflow-x',
  'overflow-y',
  'visibility',
  'white-space',
  'list-style-type',
  'cursor',
];

/** One line per element under `root` (tag, classes, then each property's computed value), in document order. */
export function computedStyles(page: Page, root = 'body'): Promise<string[]> {
  return page.evaluate(
    ({ root, properties }) =>
      [...document.querySelectorAll(`${root} *`)]
        .filter((el) => !(el instanceof HTMLScriptElement || el instanceof HTMLStyleElement || el instanceof HTMLLinkElement))
        .map((el) => {
          const style = getComputedStyle(el);
          return `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''} ${properties.map((p) => `${p}:${style.getPropertyValue(p)}`).join(';')}`;
        }),
    { root, properties: PROPERTIES },
  );
}

/** The lines of `actual` that differ from `expected` (with the expected line), for a readable failure. */
export function styleDifferences(actual: string[], expected: string[]): string[] {
  const lines: string[] = [];
  if (actual.length !== expected.length) lines.push(`${actual.length} elements, expected ${expected.length}`);
  for (let i = 0; i < Math.min(actual.length, expected.length); i++) {
    if (actual[i] !== expected[i]) lines.push(`got      ${actual[i]}\nexpected ${expected[i]}`);
  }
  return lines;
}
