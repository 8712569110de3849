// The Content-Security-Policy allows no inline script but the ones the build put in index.html,
// each by the hash of exactly what is served (the early-taps holder in <head>).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** 'sha256-…' of every inline <script> (one without src) in the page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attrs = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attrs) || !body) continue;
    hashes.push(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return hashes;
}

/** The hashes of the built web app's index.html; none when there is no built app (API-only tests). */
export function builtInlineScriptHashes(webRoot: string | undefined): string[] {
  const file = webRoot && path.join(webRoot, 'index.html');
  return file && existsSync(file) ? inlineScriptHashes(readFileSync(file, 'utf8')) : [];
}
