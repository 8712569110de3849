// Vite build plugin: asks V8 to compile every chunk of the web app eagerly. By default V8 compiles
// a function only when it is first called, on the main thread; starting the app calls most of what
// a page's chunks hold (React, the router, the page shell, the page), so that compiling would block
// the page while a slow phone hydrates it. With the hint it happens on a background thread while
// the file downloads (Chromium 136 and later; other browsers read a comment). A chunk is loaded only
// when a screen needs it, so little of what is compiled goes unused.
// docs/decisions/013-paint-before-the-app.md
import type { Plugin } from 'vite';

/** The magic comment V8 reads; it must be the first line of the file. */
export const COMPILE_ALL_HINT = '//# allFunctionsCalledOnLoad';

export function compileHints(): Plugin {
  let ssr = false;
  return {
    name: 'shop-compile-hints',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    // Last: after minifying (which drops comments) and after Vite puts its preload table at the
    // top of the entry, as the hint must come first. It is the same in every build, so the file's
    // content hash still names its content.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (ssr) return;
        for (const item of Object.values(bundle)) {
          if (item.type === 'chunk') item.code = `${COMPILE_ALL_HINT}\n${item.code}`;
        }
      },
    },
  };
}
