import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { APPEARANCE_KEY, BROWSER_BAR_COLOUR } from './src/shared/theme/theme';
import { applyThemeBeforePaint } from './src/shared/theme/theme-before-paint';
import { CONTINUE_CARD_KEY, keepContinueSlotBeforePaint } from './src/shared/layout/continue-slot';
import { STORAGE_KEYS } from './src/shared/storage/storage';

// The API server (apps/server) listens on 8300 by default; `vite dev` proxies /api to it.
const apiTarget = process.env.KEZHAN_API ?? 'http://127.0.0.1:8300';

// The installed app's title bar matches the light header (the page itself follows 外观).
const BROWSER_BAR = '#ffffff';

/**
 * Installable app: the manifest, and a service worker (Workbox) that precaches the built shell,
 * answers navigations from the network with offline.html as the fallback, and keeps course
 * covers and banners for later. API answers are never cached: they carry member data. A new
 * build waits until the visitor accepts the 新版本可用 prompt (src/app/service-worker.ts).
 */
const progressiveWebApp: Partial<VitePWAOptions> = {
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['favicon.svg', 'offline.html', 'offline.css', 'offline.js', 'icons/apple-touch-icon.png'],
  manifest: {
    id: '/',
    name: '课栈',
    short_name: '课栈',
    description: '课栈：随时随地学好课',
    lang: 'zh-CN',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: BROWSER_BAR,
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    // index.html is never served from the cache: each page comes from the server with fresh inlined
    // answers, or the offline page when there is no network.
    globIgnores: ['**/hls*.js', 'index.html'],
    navigateFallback: null,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        urlPattern: ({ request, url }) =>
          request.mode === 'navigate' && !/^\/(api|addons|admin)(\/|$)/.test(url.pathname),
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: '/offline.html' } },
      },
      {
        urlPattern: ({ request, url }) =>
          request.destination === 'image' &&
          !url.pathname.startsWith('/api/') &&
          !url.search.includes('token'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'kezhan-images',
          expiration: { maxEntries: 120, maxAgeSeconds: 30 * 24 * 3600 },
          cacheableResponse: { statuses: [0, 200] },
        },
      },
    ],
  },
};

const THEME_PLACEHOLDER = '<!-- theme before paint -->';

/** Writes `applyThemeBeforePaint` into index.html as an inline script, in place of its placeholder. */
function themeBeforePaint(): Plugin {
  return {
    name: 'kezhan-theme-before-paint',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => {
        if (!html.includes(THEME_PLACEHOLDER)) throw new Error(`index.html has no ${THEME_PLACEHOLDER}`);
        const call =
          `(${applyThemeBeforePaint.toString()})(${JSON.stringify(APPEARANCE_KEY)}, ${JSON.stringify(BROWSER_BAR_COLOUR)});` +
          `(${keepContinueSlotBeforePaint.toString()})(${JSON.stringify(STORAGE_KEYS.token)}, ${JSON.stringify(CONTINUE_CARD_KEY)});`;
        return html.replace(THEME_PLACEHOLDER, `<script>${call}</script>`);
      },
    },
  };
}

/**
 * `vite build --ssr` builds the server-drawn first screen (src/first-screen) for the API server
 * into dist-ssr: one ESM file for Node with everything it uses bundled in (the server's image has
 * no h5 packages), stylesheet imports dropped.
 */
const firstScreenBuild = {
  outDir: 'dist-ssr',
  emptyOutDir: true,
  copyPublicDir: false,
  target: 'node20',
  rollupOptions: { input: 'src/first-screen/first-screen.tsx' },
};

export default defineConfig(({ isSsrBuild }) => ({
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: isSsrBuild ? [] : [themeBeforePaint(), VitePWA(progressiveWebApp)],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  ssr: { noExternal: true },
  build: isSsrBuild
    ? firstScreenBuild
    : {
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
    testTimeout: 15_000,
  },
}));
