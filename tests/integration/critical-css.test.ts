// A server-rendered page carries only the rules its own HTML uses, inline, in place of the
// stylesheet's link; a page shell (checkout, account, back office) links the stylesheet as before.
// The plan is compiled here as the build compiles it (scripts/vite-critical-css.ts) and read by the
// real app with the real server-rendering module, from the source.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileCriticalCssPlan } from '../../scripts/vite-critical-css';
import { criticalCssFrom } from '../../src/server/infra/http/critical-css';
import { criticalCssPlanFile } from '../../src/server/infra/http/critical-css-plan';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

const HREF = '/assets/index-T3st.css';
const LINK = `<link rel="stylesheet" crossorigin href="${HREF}">`;
const indexHtml = (link = LINK) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><!--page-head-->${link}</head>
<body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`;

// What Tailwind writes, in small: a fallback layer, @property rules, utilities (one in a media
// query), spacing under :where(), base styles for pseudo-elements, and a rule no page uses.
const CSS = [
  '@layer properties{@supports (-moz-orient:inline){*,:before,:after{--tw-border-style:solid}}}',
  '@layer theme{:root,:host{--color-brand-700:#0e5a6e;--color-red-700:#b91c1c}}',
  '@layer base{*,:after,:before{box-sizing:border-box}::placeholder{color:#64748b}}',
  '@layer utilities{.flex{display:flex}.border-b{border-bottom-style:var(--tw-border-style);border-bottom-width:1px}',
  '.shadow{--tw-shadow:0 1px 3px #0000001a;box-shadow:var(--tw-shadow)}.text-brand-700{color:var(--color-brand-700)}',
  ':where(.space-y-2>:not(:last-child)){margin-block-start:.5rem}',
  '.never-used-anywhere{color:#123456}',
  '@media (min-width:64rem){.lg\\:grid-cols-4{grid-template-columns:repeat(4,minmax(0,1fr))}}}',
  ':focus-visible{outline:3px solid #0e7490}',
  '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
].join('');

const logger = pino({ level: 'silent' });

describe('critical CSS: the plan and the page', () => {
  const plan = compileCriticalCssPlan(CSS, HREF);
  const critical = criticalCssFrom(plan, indexHtml(), logger);
  const page = (body: string) => indexHtml().replace('<div id="root"></div>', `<div id="root">${body}</div>`);
  const styleOf = (html: string) => html.match(/<style data-full-stylesheet="([^"]+)">([\s\S]*?)<\/style>/);

  it('puts the rules the page uses inline where the link was, names the stylesheet, and leaves the rest out', () => {
    const html = critical!.inline(
      page('<header class="flex border-b shadow"><ul class="space-y-2 lg:grid-cols-4 text-brand-700"><li>a</li><li>b</li></ul></header>'),
    );
    const style = styleOf(html);
    expect(style?.[1]).toBe(HREF);
    const css = style?.[2] ?? '';
    expect(css).toContain('.flex{display:flex}');
    expect(css).toContain('.border-b{');
    expect(css).toContain(':where(.space-y-2>:not(:last-child))');
    expect(css).toContain('.lg\\:grid-cols-4{');
    expect(css).toContain('::placeholder{');
    expect(css).toContain(':focus-visible{');
    expect(css).not.toContain('never-used-anywhere');
    // A theme colour no rule of the page reads is left out; the one it reads stays.
    expect(css).toContain('--color-brand-700:#0e5a6e');
    expect(css).not.toContain('--color-red-700');
    // Every @property rule the page's rules read is kept and none is left behind a stray ';' (the browser would drop it).
    expect(css).toContain('@property --tw-border-style{');
    expect(css).toContain('@property --tw-shadow{');
    expect(css).not.toContain('};');
    // The page no longer waits for the stylesheet; without scripts the browser loads it itself.
    expect(html).not.toContain(LINK);
    expect(html).toContain(`<noscript><link rel="stylesheet" href="${HREF}"></noscript>`);
  });

  it('is not used for another build’s stylesheet, and no rule’s text can end the <style> early', () => {
    expect(criticalCssFrom(plan, indexHtml('<link rel="stylesheet" crossorigin href="/assets/index-0ther.css">'), logger)).toBeNull();
    expect(criticalCssFrom(plan, indexHtml(''), logger)).toBeNull();
    const doc = page('<p class="x">x</p>');
    for (const end of ['</style>', '</STYLE >']) {
      const hostile = compileCriticalCssPlan(`.x{content:"${end}<script>alert(1)</script>"}`, HREF);
      const html = criticalCssFrom(hostile, indexHtml(), logger)!.inline(doc);
      expect(html.match(/<\/style\s*>/gi), end).toHaveLength(1);
    }
  });
});

describe('critical CSS in the pages the server renders', () => {
  let t: TestApp;
  let root: string;
  const clock = new Date('2026-03-05T08:00:00Z');

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'critical-css-'));
    const webRoot = path.join(root, 'web');
    mkdirSync(webRoot);
    writeFileSync(path.join(webRoot, 'index.html'), indexHtml());
    const file = criticalCssPlanFile(webRoot, HREF);
    mkdirSync(path.dirname(file));
    writeFileSync(file, JSON.stringify(compileCriticalCssPlan(CSS, HREF)));
    const renderModule = await import('../../src/web/entry-server');
    t = await createTestApp('pglite', { seed: true, deps: { now: () => clock }, app: { webRoot, renderModule } });
  });
  afterAll(async () => {
    await t?.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  const get = async (address: string) => {
    const res = await t.app.request(`${TEST_ORIGIN}${address}`, {}, { incoming: { socket: { remoteAddress: '203.0.113.9' } } });
    return { status: res.status, text: await res.text() };
  };

  it('a rendered page (the shop) carries its rules inline and links the stylesheet only for browsers without scripts', async () => {
    const { status, text } = await get('/shop');
    expect(status).toBe(200);
    expect(text).toContain('Fresh Whole Tilapia (1 kg)');
    expect(text).toContain(`<style data-full-stylesheet="${HREF}">`);
    expect(text).toContain('.flex{display:flex}');
    expect(text).not.toContain('never-used-anywhere');
    expect(text).not.toContain(LINK);
    expect(text).toContain(`<noscript><link rel="stylesheet" href="${HREF}"></noscript>`);
  });

  it('a page shell rendered in the browser (checkout) links the whole stylesheet, as it has nothing to paint before the app', async () => {
    const { status, text } = await get('/checkout');
    expect(status).toBe(200);
    expect(text).toContain(LINK);
    expect(text).not.toContain('data-full-stylesheet');
  });
});
