// Vite build plugin: the built index.html starts with src/web/boot.ts (bundled, minified) instead
// of the app's entry; the boot script loads the entry itself, after the first paint of a
// server-rendered page (docs/decisions/013-paint-before-the-app.md). It is inside the page, not a
// file of its own: a phone on a slow connection would open a second connection for it while the
// page's pictures take the first (docs/decisions/078-boot-script-inside-the-page.md). Before it, a
// few hundred bytes inlined in <head> (src/web/early-taps.ts) hold taps from the page's first byte.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';
import { APP_ENTRY_ATTRIBUTE } from '../src/web/lib/app-entry';
import { EARLY_TAPS_ATTRIBUTE } from '../src/web/lib/held-taps';

const BOOT_SOURCE = fileURLToPath(new URL('../src/web/boot.ts', import.meta.url));
const EARLY_TAPS_SOURCE = fileURLToPath(new URL('../src/web/early-taps.ts', import.meta.url));

async function bundleScript(source: string, format: 'esm' | 'iife'): Promise<string> {
  const out = await build({ entryPoints: [source], bundle: true, minify: true, format, target: 'es2022', write: false });
  const file = out.outputFiles[0];
  if (!file) throw new Error(`esbuild produced nothing for ${source}`);
  return file.text.trim();
}

export function bootScript(): Plugin {
  return {
    name: 'shop-boot-script',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      const entry = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry);
      if (!html || html.type !== 'asset' || !entry) return; // the server-rendering build has neither
      const boot = await bundleScript(BOOT_SOURCE, 'esm');
      const earlyTaps = await bundleScript(EARLY_TAPS_SOURCE, 'iife');
      // Inline, a "</" would end the <script> element early.
      if (boot.includes('</')) throw new Error('the inline boot script must not contain "</"');
      if (earlyTaps.includes('</')) throw new Error('the inline early-taps script must not contain "</"');
      const tag = new RegExp(`<script type="module" crossorigin src="/${entry.fileName.replace(/[.]/g, '\\.')}"></script>`);
      const page = String(html.source);
      if (!tag.test(page)) throw new Error(`index.html has no script tag for ${entry.fileName}`);
      html.source = page
        // Functions, not strings: a "$'" or "$&" in the code must not be read as a replacement pattern.
        .replace(tag, () => `<script type="module" ${APP_ENTRY_ATTRIBUTE}="/${entry.fileName}">${boot}</script>`)
        .replace('</head>', () => `<script ${EARLY_TAPS_ATTRIBUTE}>${earlyTaps}</script></head>`);
    },
  };
}
