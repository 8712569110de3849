// What a phone downloads before the home page is usable: the boot script (inside the page), the entry script it
// loads with the modules that one imports, the home route's chunk with its static imports, and the CSS, gzipped and brotli'd.
// Parts hydrated once their own chunk is here (the home page below its hero, the header's icons)
// come after: the first screen is live without them (decision 074).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// JavaScript only, gzipped: the figure the production-traffic issue sets (decision 074; it was
// 120 KB when React 19 came in, decision 009).
export const BUDGET_GZIP_BYTES = 100 * 1024;

const STATIC_IMPORT = /(?:import|from)\s*["']\.\/([^"']+\.js)["']/g;

function staticImports(assetsDir, file, seen) {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(path.join(assetsDir, file), 'utf8');
  for (const m of code.matchAll(STATIC_IMPORT)) staticImports(assetsDir, m[1], seen);
}

function sizes(body) {
  return {
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

export function firstLoadFiles(webRoot) {
  const html = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const assetsDir = path.join(webRoot, 'assets');
  // The boot script is inside the page and names the entry it loads after the first paint (data-app-entry).
  const boot = html.match(/<script type="module" data-app-entry="\/assets\/([^"]+\.js)">([\s\S]*?)<\/script>/);
  if (!boot) throw new Error(`no boot script in ${webRoot}/index.html`);
  const [, entry, bootCode] = boot;
  const css = [...html.matchAll(/<link[^>]+href="\/assets\/([^"]+\.css)"/g)].map((m) => m[1]);
  const js = new Set();
  staticImports(assetsDir, entry, js);
  const entryCode = readFileSync(path.join(assetsDir, entry), 'utf8');
  const home = entryCode.match(/import\(\s*["']\.\/(home-[^"']+\.js)["']\s*\)/)?.[1];
  if (!home) throw new Error('no home route chunk found in the entry script');
  staticImports(assetsDir, home, js);
  return { assetsDir, entry, home, bootCode, files: [...js, ...css] };
}

/** The boot script's row: it comes inside every page, compressed with it. */
const BOOT_ROW = 'boot script (in index.html)';

export function firstLoadReport(webRoot) {
  const { assetsDir, files, bootCode } = firstLoadFiles(webRoot);
  const rows = [
    { file: BOOT_ROW, ...sizes(Buffer.from(bootCode)) },
    ...files.map((f) => ({ file: f, ...sizes(readFileSync(path.join(assetsDir, f))) })),
  ];
  const total = rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip, brotli: t.brotli + r.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
  const js = rows.filter((r) => r.file.endsWith('.js') || r.file === BOOT_ROW).reduce((t, r) => t + r.gzip, 0);
  return { rows: rows.sort((a, b) => b.gzip - a.gzip), total, js, withinBudget: js <= BUDGET_GZIP_BYTES };
}
