import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The API server (apps/server) listens on 8300 by default; `vite dev` proxies /api to it.
const apiTarget = process.env.KEZHAN_API ?? 'http://127.0.0.1:8300';

/** The operator console, served by the API node under /admin (see shared/http/admin-static.ts). */
export default defineConfig({
  base: '/admin/',
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2020',
    // antd's shared chunk is large by nature; the budget that matters is the initial load (npm run bench).
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // antd marks its files "use client" for React Server Components; meaningless in this bundle.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: { proxy: { '/api': apiTarget } },
});
