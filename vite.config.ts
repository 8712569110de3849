import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import tailwindcss from '@tailwindcss/vite';

const api = process.env.API_ORIGIN ?? 'http://localhost:3000';

// The app is written against React's API and runs on Preact through preact/compat (the preset
// aliases react and react-dom): React 19's react-dom alone is ~69 KB gzipped, over the whole
// first-load budget. See docs/decisions/002-preact-runtime.md.
export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [preact({ prerender: { enabled: false } }), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: true,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/media': api,
      '/pesapal-sim': api,
      '/dev': api,
    },
  },
});
