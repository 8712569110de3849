// A failing browser test leaves what is needed to find its cause without running it again: a
// screenshot and the HTML of every page still open, and the log of every shop still running, under
// test-results/e2e/<file>/<test>/. Where they went is printed. Registered for every browser-journey
// file (vitest.e2e.config.ts); a file whose own afterEach closes pages calls saveFailureArtefacts first.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach } from 'vitest';
import type { RunnerTestCase } from 'vitest';
import { openBrowsers } from './chromium';
import { runningShops } from './shop-server';

const saved = new WeakSet<object>();

const slug = (text: string) =>
  text
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80) || 'test';

/** Saves a failed test's pages and shop logs (once per test); does nothing for a test that passed. */
export async function saveFailureArtefacts(task: RunnerTestCase): Promise<void> {
  if (task.result?.state !== 'fail' || saved.has(task)) return;
  saved.add(task);
  const file = path.basename(task.file.name, '.test.ts');
  const dir = path.join('test-results', 'e2e', file, slug(task.name));
  mkdirSync(dir, { recursive: true });
  let n = 0;
  for (const browser of openBrowsers) {
    for (const context of browser.contexts()) {
      for (const page of context.pages()) {
        n += 1;
        const base = path.join(dir, `page-${n}`);
        // A page that hangs must not hang the report: each capture has its own short limit.
        await page.screenshot({ path: `${base}.png`, fullPage: true, timeout: 10_000 }).catch(() => undefined);
        const html = await Promise.race([
          page.content().catch((err: unknown) => `<!-- content unavailable: ${String(err)} -->`),
          new Promise<string>((r) => setTimeout(() => r('<!-- content timed out -->'), 10_000)),
        ]);
        writeFileSync(`${base}.html`, `<!-- ${page.url()} -->\n${html}`);
      }
    }
  }
  let s = 0;
  for (const shop of runningShops) {
    s += 1;
    writeFileSync(path.join(dir, `shop-${s}.log`), shop.output());
  }
  console.error(`Failure artefacts of '${task.name}' (${n} page(s), ${s} shop log(s)): ${path.resolve(dir)}`);
}

afterEach(async ({ task }) => saveFailureArtefacts(task));
