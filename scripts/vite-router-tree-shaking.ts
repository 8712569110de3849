// Vite build plugin: lets the bundler drop the parts of react-router the web app never uses (forms,
// fetchers, prefetch links, framework and server-component pieces). react-router ships as one large
// module whose components are made at its top level (`var Form = React.forwardRef(...)`,
// `Form.displayName = "Form"`) without the pure-call marks bundlers read, so every one of them was
// kept in the entry chunk, used or not: about 5 KB gzip of the first download.
// react-router also sends every bundler its development build (its package names no production
// one); the browser gets the production build, the same code without the development warnings.
// docs/decisions/074-first-load-100-kb.md
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** react-router's built files (its development and production builds are the same code). */
const ROUTER_FILE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/][^\\/]+[\\/][^\\/]+\.mjs$/;

/** `var X = React.createContext(` / `React10.forwardRef(` / `.memo(` at a line's start: top-level, made once. */
const TOP_LEVEL_FACTORY = /^(var [\w$]+ = )(React\d*\.(?:createContext|forwardRef|memo)\()/gm;
/** `X.displayName = "X";` at the top level: a name for React's developer tools, which a production page never shows. */
const TOP_LEVEL_DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

/** The rewrite, for the plugin and its test: what it marked pure and which names it dropped. */
export function markRouterPure(code: string): { code: string; marked: number; dropped: number } {
  let marked = 0;
  let dropped = 0;
  const out = code
    .replace(TOP_LEVEL_FACTORY, (_match, declaration: string, call: string) => {
      marked++;
      return `${declaration}/* @__PURE__ */ ${call}`;
    })
    .replace(TOP_LEVEL_DISPLAY_NAME, () => {
      dropped++;
      return '';
    });
  return { code: out, marked, dropped };
}

/** react-router's production build, beside the development build its package points to. */
function productionBuild(): string | null {
  const packageJson = createRequire(import.meta.url).resolve('react-router/package.json');
  const file = path.join(path.dirname(packageJson), 'dist', 'production', 'index.mjs');
  return existsSync(file) ? file : null;
}

export function routerTreeShaking(): Plugin {
  let marked = 0;
  let routerFiles = 0;
  const production = productionBuild();
  return {
    name: 'shop-router-tree-shaking',
    apply: 'build',
    // Before Vite's own resolver, which would pick the package's development build.
    enforce: 'pre',
    resolveId(source, _importer, options) {
      // The server bundle keeps react-router as Node resolves it (it is not bundled).
      return source === 'react-router' && !options.ssr ? production : null;
    },
    transform(code, id) {
      if (!ROUTER_FILE.test(id)) return null;
      routerFiles++;
      const result = markRouterPure(code);
      marked += result.marked;
      // Lines are only blanked or given a comment at their start: the source map stays close enough.
      return { code: result.code, map: null };
    },
    buildEnd(error) {
      // A react-router release written another way would silently bring the unused parts back.
      if (!error && routerFiles > 0 && marked === 0) {
        this.error('react-router changed its build: no top-level component to mark pure (scripts/vite-router-tree-shaking.ts)');
      }
    },
  };
}
