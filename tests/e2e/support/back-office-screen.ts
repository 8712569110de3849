// What every back-office screen must be, checked where a test already has the screen open: loaded
// (its h1 there, no part still loading), one h1, no sideways scroll on a tablet held upright, and
// axe clean. The admin's layout is CSS alone, so a resize lays the loaded screen out as a fresh load
// at that size would.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations } from './axe';

const TABLET_UPRIGHT = { width: 768, height: 1024 };

/** Checks the open screen at 768×1024, then gives the page back its own size. */
export async function checkBackOfficeScreen(page: Page, title: string): Promise<void> {
  const own = page.viewportSize();
  await page.setViewportSize(TABLET_UPRIGHT);
  try {
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    // Every part of the screen has loaded (a screen may load several, each with its own status).
    await page.waitForFunction(() => !document.querySelector('[role="status"][aria-label^="Loading"]'));
    expect(await page.getByRole('heading', { level: 1 }).count(), title).toBe(1);
    // Wide tables scroll inside their own region; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), title).toBe(true);
    expect(await axeViolations(page), title).toEqual([]);
  } finally {
    if (own) await page.setViewportSize(own);
  }
}
