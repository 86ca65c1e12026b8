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
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><meta name="kezhan-api-base" content="https://api.example.com/"><div id="root"></div>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    await serveH5(app, dist, ['https://learn.example.com', 'https://cdn.example.com/videos/', 'not a url']);
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

  it('sends a strict Content-Security-Policy and refuses framing, on the HTML and the assets', async () => {
    for (const url of ['/', '/member/profile', '/assets/index-abc123.js']) {
      const res = await app.inject({ method: 'GET', url });
      const policy = String(res.headers['content-security-policy']);
      expect(policy, url).toContain("script-src 'self';");
      expect(policy).not.toContain("'unsafe-eval'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain(
        "connect-src 'self' https://learn.example.com https://cdn.example.com https://api.example.com;",
      );
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('keeps unknown API paths as 404 envelopes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v2/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: '接口不存在', data: [] });
  });
});
