// Shared pieces of the storefront journeys: holding an API call, a signed-in session, and the
// layout checks every storefront page must pass. (A failing or stubbed answer is a component test's
// work: src/web/test-support/fake-api.ts.)
import type { Locator, Page, Route } from 'playwright-core';

/** Holds matching API calls until release() is called: the loading state stays on screen. */
export async function holdApi(page: Page, pattern: string | RegExp): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route(pattern, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** Holds the app's entry script until the returned function is called: the page is the server's HTML alone. */
export const holdAppScript = (page: Page): Promise<() => void> => holdApi(page, /\/assets\/index-[^/]+\.js$/);

/** Types the start of a place into the checkout's address field; returns its first suggestion, not yet chosen. */
export async function suggestAddress(page: Page, typed: string, place: RegExp): Promise<Locator> {
  const address = page.getByRole('combobox', { name: 'Delivery Address' });
  await address.fill('');
  await address.pressSequentially(typed);
  return page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option', { name: place }).first();
}

/** The session answer of a signed-in customer (the API is stubbed: the page only reads it). */
export async function stubSignedIn(page: Page, fullName = 'Wanjiku Kamau'): Promise<void> {
  await page.route('**/api/account/session', (r) =>
    r.fulfill({
      json: {
        user: { id: 'u-1', email: 'wanjiku@example.co.ke', name: fullName, emailVerified: true },
        profile: { fullName, phone: '+254712345678', address: 'Kilimani', role: 'customer' },
        googleEnabled: false,
      },
    }),
  );
}

/**
 * Records layout shifts from the first paint on (call before page.goto); the returned function then
 * gives their CLS-style sum, leaving out shifts right after input as browsers do. shiftSources(page)
 * names what moved, for the failure message.
 */
export async function recordLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: number; __shiftSources: string[] };
    w.__shifts = 0;
    w.__shiftSources = [];
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return node?.nodeName ?? 'gone';
      const text = (node.textContent ?? '').trim().slice(0, 40);
      return `<${node.tagName.toLowerCase()}${node.id ? '#' + node.id : ''}> "${text}"`;
    };
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Shift[]) {
        if (e.hadRecentInput) continue;
        w.__shifts += e.value;
        for (const s of e.sources ?? []) {
          const r = (b: DOMRectReadOnly) => `${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}x${Math.round(b.height)}`;
          w.__shiftSources.push(
            `${e.value.toFixed(5)} at ${Math.round(e.startTime)} ms: ${describe(s.node)} ${r(s.previousRect)} -> ${r(s.currentRect)}`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __shifts: number }).__shifts);
}

/** What moved in the shifts recordLayoutShifts counted: element, value, and its box before and after. */
export const shiftSources = (page: Page): Promise<string> =>
  page.evaluate(() => (window as unknown as { __shiftSources?: string[] }).__shiftSources?.join('\n') ?? '');

/** Left and right edge of every page container on screen, and of the header's. */
export async function containerEdges(page: Page): Promise<{ header: string; page: string[] }> {
  return page.evaluate(() => {
    const edges = (el: Element) => {
      const r = el.getBoundingClientRect();
      return `${Math.round(r.left)}-${Math.round(r.right)}`;
    };
    const header = document.querySelector('header [data-container]');
    const inMain = [...document.querySelectorAll('main [data-container]')].map(edges);
    return { header: header ? edges(header) : 'none', page: [...new Set(inMain)] };
  });
}

/** Waits until React has hydrated the server's HTML (html[data-hydrated]). */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Resolves after the page has painted twice more: whatever the last render and its effects put on
 * screen is there now. A wait for the browser's own work, not for a number of milliseconds.
 */
export async function painted(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}

/**
 * Opens `path` the way a visitor meets its loading, empty and error states: by a navigation inside
 * the app (a first load arrives rendered by the server, with its data already in the HTML). Starts
 * from `from`, then moves there as Back and Forward do.
 */
export async function navigateInApp(page: Page, baseUrl: string, path: string, from = '/about'): Promise<void> {
  await page.goto(baseUrl + from);
  await hydrated(page);
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL(baseUrl + path);
}
