// Build step for the browser bundle: a server-rendered page paints before the app's script loads.
// index.html gets a tiny boot script instead of the entry script. On a page that arrived with its
// HTML, the boot script asks for the app (about 100 KB) once the first paint has been shown, so
// the CSS, the text and the first pictures are not competing with it on a slow connection and
// hydrating never holds back the first paint. On an empty page shell (signed-in screens, which
// render in the browser) it starts the app at once, and the server preloads the entry there.
import type { Plugin } from 'vite';

const BOOT_NAME = 'boot.js';

// The timer covers a tab opened in the background, where nothing paints until it is looked at.
const BOOT_SOURCE = `// Starts the shop after the first paint (see scripts/vite-paint-first.ts).
const entry = document.querySelector('script[data-app-entry]')?.dataset.appEntry;
let started = false;
const start = () => {
  if (started || !entry) return;
  started = true;
  import(entry);
};
if (!document.getElementById('root')?.firstElementChild) start();
else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver(() => setTimeout(start, 0)).observe({ type: 'paint', buffered: true });
  setTimeout(start, 1000);
} else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
`;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;

export function paintFirst(): Plugin {
  return {
    name: 'shop:paint-first',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    buildStart() {
      this.emitFile({ type: 'asset', name: BOOT_NAME, source: BOOT_SOURCE });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const boot = Object.values(ctx.bundle ?? {}).find(
          (file) => file.type === 'asset' && (file.names ?? []).includes(BOOT_NAME),
        );
        if (!boot) throw new Error(`paint-first: ${BOOT_NAME} was not emitted`);
        if (!ENTRY_SCRIPT.test(html)) throw new Error('paint-first: index.html has no entry script');
        return html.replace(
          ENTRY_SCRIPT,
          (_tag, src: string) => `<script type="module" crossorigin src="/${boot.fileName}" data-app-entry="${src}"></script>`,
        );
      },
    },
  };
}
