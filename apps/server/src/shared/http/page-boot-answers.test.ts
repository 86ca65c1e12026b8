import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, stoppedClock, type TestApp } from '../../../test/test-app';

/** The inlined answers of a served page, keyed by address. */
function bootOf(html: string): Record<string, unknown> {
  const match = /<script id="kezhan-boot" type="application\/json">(.*?)<\/script>/s.exec(html);
  expect(match, 'the boot block').not.toBeNull();
  return JSON.parse(match![1]) as Record<string, unknown>;
}

describe('the answers a page inlines come from the routes that serve them', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-boot-dist-'));
  let t: TestApp;
  beforeAll(async () => {
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({
      serveH5: true,
      now: stoppedClock(), // the minute never turns while the budget is counted
      env: {
        H5_DIST_DIR: dist,
        ADMIN_DIST_DIR: dist,
        RATE_LIMIT_PER_MINUTE: '4',
        RATE_LIMIT_BOOT_PER_MINUTE: '2',
      },
    });
  });
  afterAll(() => t.close());

  it('inlines, byte for byte, what the h5 would have fetched from each address', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/vod', remoteAddress: '10.0.0.1' });
    const boot = bootOf(page.body);
    expect(Object.keys(boot).sort()).toEqual([
      '/api/v2/course_categories',
      '/api/v2/courses?category_id=0&page=1&page_size=10&scene=',
      '/api/v2/other/config',
    ]);
    for (const [address, inlined] of Object.entries(boot)) {
      const fetched = await t.app.inject({ method: 'GET', url: address, remoteAddress: '10.0.0.2' });
      expect(inlined, address).toEqual(fetched.json());
    }
  });

  it('counts a page once, against the page budget: its inlined answers use no client budget', async () => {
    const client = '10.0.0.3';
    for (let load = 0; load < 3; load += 1) {
      const page = await t.app.inject({ method: 'GET', url: '/vod', remoteAddress: client });
      expect(Object.keys(bootOf(page.body))).toHaveLength(3);
    }
    // Three pages inlined nine answers; the client's own boot budget (2) is still whole.
    for (let call = 0; call < 2; call += 1) {
      const config = await t.app.inject({
        method: 'GET',
        url: '/api/v2/other/config',
        remoteAddress: client,
      });
      expect(config.json<{ code: number }>().code).toBe(0);
    }
  });

  it('does not let a client skip its budget by sending the header a page uses inside the node', async () => {
    const client = '10.0.0.4';
    const statuses: number[] = [];
    for (let call = 0; call < 3; call += 1) {
      const config = await t.app.inject({
        method: 'GET',
        url: '/api/v2/other/config',
        remoteAddress: client,
        headers: { 'x-kezhan-page-boot': 'guessed' },
      });
      statuses.push(config.json<{ code: number }>().code);
    }
    expect(statuses).toEqual([0, 0, 429]);
  });
});
