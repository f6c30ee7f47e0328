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
  },
  server: {
    proxy: {
      '/api': api,
      '/health': api,
      '/socket.io': { target: api, ws: true },
    },
  },
});
