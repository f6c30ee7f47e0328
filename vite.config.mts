/**
 * The browser client: src/web built into dist/web, which the server serves at / (and
 * index.html for /m/* and /admin*). `vite` (dev) proxies the API and socket.io to a server
 * on VITE_API (default http://localhost:3000).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const api = process.env.VITE_API ?? 'http://localhost:3000';

export default defineConfig({
  root: here('./src/web'),
  plugins: [preact()],
  build: {
    outDir: here('./dist/web'),
    emptyOutDir: true,
    reportCompressedSize: true,
    sourcemap: false,
    // The service worker (Web Push) is built to /sw.js: its scope is the whole site.
    rollupOptions: {
      input: { index: here('./src/web/index.html'), sw: here('./src/web/sw.ts') },
      output: { entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js') },
    },
  },
  server: {
    proxy: {
      '/api': api,
      '/health': api,
      '/socket.io': { target: api, ws: true },
    },
  },
});
