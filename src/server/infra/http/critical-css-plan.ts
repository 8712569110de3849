// Where the build keeps the stylesheet's critical-CSS plan, and which stylesheet the built
// index.html links: shared by the build plugin that writes the plan and the server that reads it.
import path from 'node:path';
import type { CompactPlan } from 'beasties/runtime';

export interface CriticalCssPlanFile {
  /** The stylesheet the plan was compiled from, as index.html links it ('/assets/index-….css'). */
  href: string;
  plan: CompactPlan;
}

/** Beside the web root (dist/critical-css/), named after the stylesheet. */
export function criticalCssPlanFile(webRoot: string, href: string): string {
  return path.resolve(webRoot, '../critical-css', `${path.basename(href)}.json`);
}

/** The page's one stylesheet link: its whole tag and its address; null when there is not exactly one. */
export function stylesheetLink(html: string): { tag: string; href: string } | null {
  const links = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/gi)];
  const tag = links.length === 1 ? links[0]?.[0] : undefined;
  const href = tag?.match(/\bhref="([^"]+)"/)?.[1];
  return tag && href ? { tag, href } : null;
}
