import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The API server (apps/server) listens on 8300 by default; `vite dev` proxies /api to it.
const apiTarget = process.env.KEZHAN_API ?? 'http://127.0.0.1:8300';

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2020',
    cssCodeSplit: true,
  },
  server: { proxy: { '/api': apiTarget } },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
  },
});
