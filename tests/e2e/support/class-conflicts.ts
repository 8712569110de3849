// Class clashes (src/web/test-support/class-clashes.ts) on the page a browser test checks with axe.
import type { Page } from 'playwright-core';
import { classClashes } from '../../../src/web/test-support/class-clashes';

/** 'class clash: px-4 overridden on <button class="...">' lines, empty when no element has a clash. */
export async function classConflicts(page: Page): Promise<string[]> {
  const lists = await page.evaluate(() => {
    const seen = new Set<string>();
    for (const el of document.querySelectorAll('[class]')) seen.add(`${el.tagName.toLowerCase()}\u0000${el.getAttribute('class') ?? ''}`);
    return [...seen];
  });
  return classClashes(lists.map((entry) => entry.split('\u0000') as [string, string]));
}
