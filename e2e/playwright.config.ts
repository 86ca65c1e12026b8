import { defineConfig } from '@playwright/test';
import { IPHONE_UA } from './support/devices';

/**
 * End-to-end tests: Debian's Chromium drives the production h5 build served by the real
 * Kezhan server (one per worker, fresh database; see support/server.ts).
 * Run: npx playwright test -c e2e/playwright.config.ts
 */
export default defineConfig({
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS || 1),
  retries: 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  outputDir: '../.tmp/e2e-results',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    viewport: { width: 375, height: 667 },
    userAgent: IPHONE_UA,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // Specs see the network as the page does; pwa.spec.ts opts its own contexts into the worker.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
