import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { bootScript } from './scripts/vite-boot-script';
import { compileHints } from './scripts/vite-compile-hints';
import { criticalCssPlan } from './scripts/vite-critical-css';
import { compiledMessages } from './scripts/vite-compiled-messages';
import { routerTreeShaking } from './scripts/vite-router-tree-shaking';

const api = process.env.API_ORIGIN ?? 'http://localhost:3000';

// React 19 itself (docs/decisions/009-react-runtime.md): the first-load budget is met by sending
// pages as server-rendered HTML and keeping route code in lazy chunks, not by swapping the runtime.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [compiledMessages(), routerTreeShaking(), react(), tailwindcss(), bootScript(), compileHints(), criticalCssPlan()],
  // '@/x' is src/x: the one import alias (tsconfig.json paths; esbuild reads those).
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: true,
    // No preload helper: it and its table of every lazy chunk's dependencies were about 3 KB gzip
    // of the entry. A lazy chunk names its dependencies in its first line, so the browser fetches
    // them together one round trip after the chunk (decision 074). Chunks with CSS keep the helper.
    modulePreload: false,
    reportCompressedSize: false,
    // The server-rendering bundle (dist/ssr) needs code only; pictures and icons are served from dist/web.
    copyPublicDir: !isSsrBuild,
  },
  // The server renders with React's production build whatever NODE_ENV the shop runs under (the
  // tests run it as 'test', a bench without it): React's development build checks every element
  // and took /shop's render from about 20 to 50 ms (docs/decisions/077-server-render-in-production-mode.md).
  // So the server-rendering bundle carries its dependencies (one React for all of them) with
  // NODE_ENV fixed at build time, as the browser's bundle does.
  ...(isSsrBuild && {
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true },
  }),
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/media': api,
      '/pesapal-sim': api,
      '/dev': api,
    },
  },
}));
