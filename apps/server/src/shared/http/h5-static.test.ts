import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveH5 } from './h5-static';

describe('serving the built h5', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-dist-'));
  const app = Fastify();
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    await serveH5(app, dist);
    app.get('/api/v2/known', async () => ({ code: 0 }));
  });
  afterAll(() => app.close());

  it('answers / and every client route with index.html, never cached', async () => {
    for (const url of ['/', '/vod/detail?id=3', '/member/profile']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps unknown API paths as 404 envelopes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v2/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: '接口不存在', data: [] });
  });
});
