import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveConsole } from './console-static';

describe('the console at /admin', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-admin-dist-'));
  const app = Fastify();
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>课栈管理后台</title>');
    const script = 'console.log("console");'.repeat(100);
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    await serveConsole(app, dist);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers every console path with its page, never cached, never framed, only our scripts', async () => {
    for (const url of ['/admin/', '/admin/courses/12', '/admin/login?redirect=%2Fcourses']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('课栈管理后台');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    const bare = await app.inject({ method: 'GET', url: '/admin' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/admin/');
  });

  it('serves hashed assets precompressed and cached for a year; a missing asset is 404, not the page', async () => {
    const asset = await app.inject({
      method: 'GET',
      url: '/admin/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await app.inject({ method: 'GET', url: '/admin/assets/gone-000.js' });
    expect(missing.statusCode).toBe(404);
  });
});
