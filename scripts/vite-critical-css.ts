// Vite build plugin: compiles the app's stylesheet into beasties' plan, the form its runtime reads to
// pick, for each server-rendered page, only the rules that page's HTML uses (its critical CSS). The
// page carries those inline and the boot script loads the whole stylesheet after the first paint
// (docs/decisions/076-critical-css.md). The plan is written beside the web root, not in it (it is
// not something to serve), named after the stylesheet it was made from, so a plan from another
// build is never used for this one's stylesheet.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compileSheet, encodePlan } from 'beasties/compiler';
import type { Plugin } from 'vite';
import { criticalCssPlanFile, stylesheetLink, type CriticalCssPlanFile } from '../src/server/infra/http/critical-css-plan';

/** The plan for the stylesheet `css`, linked from the page as `href`. */
export function compileCriticalCssPlan(css: string, href: string): CriticalCssPlanFile {
  // A selector that starts with a pseudo-class or element names no element beasties can look for
  // (it strips them), so it would be left out: Tailwind's ':where(.space-y-2>…)' spacing, the base
  // styles' '::placeholder' and the shop's ':focus-visible' ring. They are always kept.
  const compiled = compileSheet(css, { href, allowRules: [/^:/] });
  // beasties ends every at-rule it keeps whole with ';', right for '@import …;' but not after a
  // block: '@property --a{…};@property --b{…}' makes the browser drop --b, as a rule whose prelude
  // is ';@property --b'. Tailwind's borders, shadows and rings need those @property rules.
  for (const rule of compiled.rules) if (rule.always && rule.css?.endsWith('};')) rule.css = rule.css.slice(0, -1);
  return { href, plan: encodePlan(compiled) };
}

export function criticalCssPlan(): Plugin {
  let outDir = '';
  let plan: CriticalCssPlanFile | null = null;
  return {
    name: 'shop-critical-css',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (!html || html.type !== 'asset') return; // the server-rendering build has no page
        const href = stylesheetLink(String(html.source))?.href;
        if (!href) throw new Error('index.html names no stylesheet (or more than one)');
        const sheet = bundle[href.slice(1)];
        if (!sheet || sheet.type !== 'asset') throw new Error(`the build has no ${href}`);
        plan = compileCriticalCssPlan(String(sheet.source), href);
      },
    },
    writeBundle() {
      if (!plan) return;
      const file = criticalCssPlanFile(outDir, plan.href);
      // Only this build's plan: the folder is emptied first, as the web root is.
      rmSync(path.dirname(file), { recursive: true, force: true });
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(plan));
    },
  };
}
