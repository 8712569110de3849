// Debian's Chromium driven by playwright-core (Playwright's own browser download does not work here).
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

function chromiumPath(): string {
  const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(`Chromium not found at ${path}. Install it (apt-get install -y chromium) or set CHROME_PATH.`);
  }
  return path;
}

/** Every Chromium this worker has open: a failing test's pages are saved from them (failure-artefacts.ts). */
export const openBrowsers = new Set<Browser>();

export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
  openBrowsers.add(browser);
  browser.on('disconnected', () => openBrowsers.delete(browser));
  return browser;
}

/** A page in its own browser context (axe needs one; contexts also keep cookies apart). */
export async function openPage(browser: Browser, opts: { viewport?: { width: number; height: number } } = {}) {
  const context = await browser.newContext({ viewport: opts.viewport ?? { width: 390, height: 844 } });
  return context.newPage();
}
