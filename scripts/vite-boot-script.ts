// Vite build plugin: the built index.html starts with src/web/boot.ts (bundled, minified, hashed)
// instead of the app's entry; the boot script loads the entry itself, after the first paint of a
// server-rendered page (docs/decisions/013-paint-before-the-app.md).
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';
import { APP_ENTRY_ATTRIBUTE } from '../src/web/lib/app-entry';

const BOOT_SOURCE = fileURLToPath(new URL('../src/web/boot.ts', import.meta.url));

async function bundleBoot(): Promise<string> {
  const out = await build({ entryPoints: [BOOT_SOURCE], bundle: true, minify: true, format: 'esm', target: 'es2022', write: false });
  const file = out.outputFiles[0];
  if (!file) throw new Error('esbuild produced no boot script');
  return file.text;
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
      const source = await bundleBoot();
      const fileName = `assets/boot-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      const tag = new RegExp(`<script type="module" crossorigin src="/${entry.fileName.replace(/[.]/g, '\\.')}"></script>`);
      const page = String(html.source);
      if (!tag.test(page)) throw new Error(`index.html has no script tag for ${entry.fileName}`);
      html.source = page.replace(tag, `<script type="module" src="/${fileName}" ${APP_ENTRY_ATTRIBUTE}="/${entry.fileName}"></script>`);
    },
  };
}
