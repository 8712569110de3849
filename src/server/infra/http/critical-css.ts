// A server-rendered page's critical CSS: the rules of the shop's stylesheet that its own HTML uses,
// picked by beasties' runtime from the plan the build compiled (scripts/vite-critical-css.ts) and
// put inline where the stylesheet's link was. The page then paints without waiting for the
// stylesheet, and stays inside the first round trip's bytes; the boot script loads the whole
// stylesheet after the first paint, for what the app draws later (docs/decisions/076-critical-css.md).
import { existsSync, readFileSync } from 'node:fs';
import { createProcessor } from 'beasties/runtime';
import { FULL_STYLESHEET_ATTRIBUTE } from '../../../domain/page-styles';
import type { Logger } from '../logger';
import { criticalCssPlanFile, stylesheetLink, type CriticalCssPlanFile } from './critical-css-plan';
import { escapeHtml } from './html';
import { withoutUnusedCustomProperties } from './unused-custom-properties';

export interface CriticalCss {
  /** The document with its critical CSS inline instead of the stylesheet's link; as it was when that cannot be done. */
  inline(document: string): string;
}

/** Made from a plan for the stylesheet that `indexHtml` links. */
export function criticalCssFrom(file: CriticalCssPlanFile, indexHtml: string, logger: Logger): CriticalCss | null {
  const link = stylesheetLink(indexHtml);
  if (!link || link.href !== file.href) return null;
  const processor = createProcessor([file.plan], { cache: false });
  const href = escapeHtml(link.href);
  // Without scripts the boot script cannot load the rest, so the browser does it itself.
  const fallback = `<noscript><link rel="stylesheet" href="${href}"></noscript>`;
  let warned = false;
  return {
    inline(document) {
      let css: string;
      try {
        css = withoutUnusedCustomProperties(processor.extract(document).css, document);
      } catch (error) {
        if (!warned) logger.warn({ err: error }, 'critical CSS could not be picked; pages link the whole stylesheet');
        warned = true;
        return document;
      }
      // No rule's text can end the <style> early: beasties writes '</' inside a rule as '\3c /'.
      const at = document.indexOf(link.tag);
      if (at < 0) return document;
      const style = `<style ${FULL_STYLESHEET_ATTRIBUTE}="${href}">${css}</style>${fallback}`;
      return document.slice(0, at) + style + document.slice(at + link.tag.length);
    },
  };
}

/** The build's plan for the stylesheet the built index.html links, if the build made one. */
export function loadCriticalCss(webRoot: string, indexHtml: string, logger: Logger): CriticalCss | null {
  const href = stylesheetLink(indexHtml)?.href;
  const file = href && criticalCssPlanFile(webRoot, href);
  if (!file || !existsSync(file)) return null;
  try {
    return criticalCssFrom(JSON.parse(readFileSync(file, 'utf8')) as CriticalCssPlanFile, indexHtml, logger);
  } catch (error) {
    logger.warn({ err: error, file }, 'the critical-CSS plan could not be read; pages link the whole stylesheet');
    return null;
  }
}
