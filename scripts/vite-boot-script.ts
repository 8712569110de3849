// Vite build plugin: the built index.html starts with src/web/boot.ts (bundled, minified, hashed)
// instead of the app's entry; the boot script loads the entry itself, after the first paint of a
// server-rendered page (docs/decisions/013-paint-before-the-app.md). Before it, a few hundred bytes
// inlined in <head> (src/web/early-taps.ts) hold taps from the page's first byte until it runs.
import { createHash } from 'node:crypto';
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
      const source = await bundleScript(BOOT_SOURCE, 'esm');
      const earlyTaps = await bundleScript(EARLY_TAPS_SOURCE, 'iife');
      if (earlyTaps.includes('</')) throw new Error('the inline early-taps script must not contain "</"');
      const fileName = `assets/boot-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      const tag = new RegExp(`<script type="module" crossorigin src="/${entry.fileName.replace(/[.]/g, '\\.')}"></script>`);
      const page = String(html.source);
      if (!tag.test(page)) throw new Error(`index.html has no script tag for ${entry.fileName}`);
      html.source = page
        .replace(tag, `<script type="module" src="/${fileName}" ${APP_ENTRY_ATTRIBUTE}="/${entry.fileName}"></script>`)
        .replace('</head>', `<script ${EARLY_TAPS_ATTRIBUTE}>${earlyTaps}</script></head>`);
    },
  };
}
