import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveH5 } from './h5-static';
import { installRateLimits } from './rate-limit-scope';
import {
  bootAddress,
  H5_BOOT_ANSWERS,
  H5_VISITOR_COURSE_ANSWER,
  type BootAnswerName,
} from '@kezhan/contract/h5-pages';
import type { PublicAnswer } from './h5-page';

/**
 * Where the page renderer gets its answers in these tests: by name, as the routes at the page
 * table's addresses would answer them (the real server asks its own routes, page-boot-answers.ts).
 */
function answersByName(
  answers: Record<BootAnswerName, () => Promise<unknown>> & {
    visitorCourse: (id: number) => Promise<unknown>;
  },
): PublicAnswer {
  const byAddress = new Map(
    (Object.keys(H5_BOOT_ANSWERS) as BootAnswerName[]).map((name) => [
      bootAddress(H5_BOOT_ANSWERS[name]),
      answers[name],
    ]),
  );
  const course = new RegExp(`^${H5_VISITOR_COURSE_ANSWER.path.replace('{id}', '(\\d+)')}$`);
  return async (address) => {
    const id = course.exec(address)?.[1];
    if (id !== undefined) return answers.visitorCourse(Number(id));
    const load = byAddress.get(address);
    if (!load) throw new Error(`no answer at ${address}`);
    return load();
  };
}

const THEME_SCRIPT = 'document.documentElement.dataset.theme = "dark";';
const INDEX_HTML =
  '<!doctype html><meta name="kezhan-api-base" content="https://api.example.com/">' +
  `<script>${THEME_SCRIPT}</script><script type="module" src="/assets/index-abc123.js"></script>` +
  '<div id="root"></div>';
/** The CSP source of THEME_SCRIPT (`printf '%s' '…' | openssl sha256 -binary | base64`). */
const THEME_SCRIPT_SOURCE = "'sha256-RH/36EFn2TnZtn39Gf6aq1rnKqEXnEQbfAXoYkwhRP0='";
const BIG_SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `课程${i}`))};`;

describe('serving the built h5', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-dist-'));
  const app = Fastify();
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js'), BIG_SCRIPT);
    fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG_SCRIPT));
    fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js.gz'), gzipSync(BIG_SCRIPT));
    fs.writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX_HTML));
    await serveH5(app, dist, {
      allowedUrls: ['https://learn.example.com', 'https://cdn.example.com/videos/', 'not a url'],
    });
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
      // The inline theme script of index.html runs (allowed by its hash), no other inline script.
      expect(
        policy.split('; ').find((directive) => directive.startsWith('script-src')),
        url,
      ).toBe(`script-src 'self' ${THEME_SCRIPT_SOURCE}`);
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

  it('keeps unknown add-on paths as 404 envelopes, never the h5 page', async () => {
    const res = await app.inject({ method: 'GET', url: '/addons/Zhibo/api/v1/courses' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: '接口不存在', data: [] });
  });

  it('answers unknown media and demo files with a 404, never the h5 page', async () => {
    for (const url of ['/demo/video/lesson.m3u8', '/media/course/lesson.m3u8']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<html');
    }
  });

  it('sends the precompressed brotli or gzip file the browser accepts, varying on it', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);

    const gz = await app.inject({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);

    const plain = await app.inject({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('answers client routes with the compressed index.html when there is one', async () => {
    const res = await app.inject({ method: 'GET', url: '/course/3', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX_HTML);
  });
});

describe('the h5 page with inlined first-screen answers', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-dist-'));
  const app = Fastify();
  const config: { code: number; message: string; data: { name: string; player?: { cover: string } } } = {
    code: 0,
    message: '',
    data: { name: '课栈</script><script>alert(1)</script>' },
  };
  const blocks = {
    code: 0,
    message: '',
    data: [{ sign: 'slider', config_render: [{ src: '/demo/banners/banner-1.png', href: '/' }] }],
  };
  const announcement = { code: 0, message: '', data: { id: 4, title: '国庆放假通知' } };
  const categories = { code: 0, message: '', data: [{ id: 1, name: '编程' }] };
  const firstCourses = {
    code: 0,
    message: '',
    data: { total: 1, data: [{ id: 7, thumb: '/demo/covers/python.png' }] },
  };
  let blocksFail = false;
  const askedCourses: number[] = [];
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>课栈</title></head><body></body></html>',
    );
    fs.writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': {
          file: 'assets/index-1.js',
          isEntry: true,
          imports: ['_react.js'],
          dynamicImports: ['src/app/start.tsx'],
        },
        '_react.js': { file: 'assets/react-1.js' },
        'src/app/start.tsx': {
          file: 'assets/start-1.js',
          imports: ['_react.js', '_react-dom.js'],
          css: ['assets/start-1.css'],
        },
        '_react-dom.js': { file: 'assets/react-dom-1.js' },
        'src/features/home/pages/home.tsx': {
          file: 'assets/home-1.js',
          imports: ['_react.js', '_course-item.js'],
          css: ['assets/home-1.css'],
        },
        '_course-item.js': { file: 'assets/course-item-1.js' },
        'src/features/courses/pages/course-list.tsx': {
          file: 'assets/course-list-1.js',
          imports: ['_react.js', '_course-item.js'],
        },
      }),
    );
    await serveH5(app, dist, {
      publicAnswer: answersByName({
        config: async () => config,
        homeBlocks: async () => {
          if (blocksFail) throw new Error('database down');
          return blocks;
        },
        latestAnnouncement: async () => announcement,
        courseCategories: async () => categories,
        firstCoursePage: async () => firstCourses,
        visitorCourse: async (courseId) => {
          askedCourses.push(courseId);
          return {
            code: 0,
            message: '',
            data: { course: { id: courseId, thumb: '/storage/images/cover/0a1b2c3d.480x270.jpg' } },
          };
        },
      }),
    });
  });
  afterAll(() => app.close());

  const bootOf = (html: string) => {
    const match = /<script id="kezhan-boot" type="application\/json">(.*?)<\/script>/s.exec(html);
    expect(match, 'the boot block').not.toBeNull();
    return JSON.parse(match![1]) as Record<string, unknown>;
  };

  it('inlines config, the home blocks and the latest announcement on /, keyed by the addresses the h5 asks', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(bootOf(res.body)).toEqual({
      '/api/v2/other/config': config,
      '/api/v2/viewBlock/page/blocks?page_name=h5-page-index&platform=h5': blocks,
      '/api/v2/announcement/latest': announcement,
    });
  });

  it('escapes the inlined JSON so a setting cannot end the block and run a script', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.body).not.toContain('</script><script>alert(1)');
    expect(res.body.match(/<script/g)).toHaveLength(1);
  });

  it('preloads the first banner at high priority and the home page chunks beyond the entry', async () => {
    const { body } = await app.inject({ method: 'GET', url: '/' });
    expect(body).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/demo/banners/banner-1.png">',
    );
    expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/home-1.js">');
    expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/course-item-1.js">');
    expect(body).toContain('<link rel="preload" as="style" crossorigin href="/assets/home-1.css">');
    expect(body).not.toContain('react-1.js');
  });

  it('preloads the WebP copy of a sized first banner with the srcset and sizes the h5 uses', async () => {
    const sized = 'http://api.test/demo/banners/banner-1-acca63f6.750x300.jpg';
    blocks.data[0].config_render[0].src = sized;
    try {
      const { body } = await app.inject({ method: 'GET', url: '/' });
      const copies = [128, 256, 384, 512, 640, 750]
        .map((w) => `http://api.test/demo/banners/banner-1-acca63f6.750x300.w${w}.webp ${w}w`)
        .join(', ');
      expect(body).toContain(
        `<link rel="preload" as="image" type="image/webp" fetchpriority="high" imagesrcset="${copies}" ` +
          `imagesizes="(min-width: 750px) 720px, calc(100vw - 30px)">`,
      );
      expect(body).not.toContain(`href="${sized}"`);
    } finally {
      blocks.data[0].config_render[0].src = '/demo/banners/banner-1.png';
    }
  });

  it('inlines the categories and the first courses on /vod, keyed with sorted query parameters', async () => {
    const { body } = await app.inject({ method: 'GET', url: '/vod' });
    expect(bootOf(body)).toEqual({
      '/api/v2/other/config': config,
      '/api/v2/course_categories': categories,
      '/api/v2/courses?category_id=0&page=1&page_size=10&scene=': firstCourses,
    });
    expect(body).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/demo/covers/python.png">',
    );
    expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/course-list-1.js">');
    expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/course-item-1.js">');
    expect(body).not.toContain('home-1.js');
  });

  it('inlines no course page when /vod is filtered, but still preloads its chunks', async () => {
    const { body } = await app.inject({ method: 'GET', url: '/vod?category_id=3' });
    expect(bootOf(body)).toEqual({ '/api/v2/other/config': config });
    expect(body).not.toContain('as="image"');
    expect(body).toContain('/assets/course-list-1.js');
  });

  it('preloads the first sized cover of /vod as the 128-px row picks it', async () => {
    firstCourses.data.data[0].thumb = '/storage/images/cover/0a1b2c3d.480x270.jpg';
    try {
      const { body } = await app.inject({ method: 'GET', url: '/vod' });
      const copies = [128, 256, 384, 480]
        .map((w) => `/storage/images/cover/0a1b2c3d.480x270.w${w}.webp ${w}w`)
        .join(', ');
      expect(body).toContain(
        `<link rel="preload" as="image" type="image/webp" fetchpriority="high" imagesrcset="${copies}" imagesizes="128px">`,
      );
    } finally {
      firstCourses.data.data[0].thumb = '/demo/covers/python.png';
    }
  });

  it('preloads the cover of the course named in the address, never inlining its visitor answer', async () => {
    askedCourses.length = 0;
    const { body } = await app.inject({ method: 'GET', url: '/vod/detail?id=3' });
    expect(askedCourses).toEqual([3]);
    expect(bootOf(body)).toEqual({ '/api/v2/other/config': config });
    const copies = [128, 256, 384, 480]
      .map((w) => `/storage/images/cover/0a1b2c3d.480x270.w${w}.webp ${w}w`)
      .join(', ');
    expect(body).toContain(
      `<link rel="preload" as="image" type="image/webp" fetchpriority="high" imagesrcset="${copies}" ` +
        `imagesizes="(min-width: 750px) 750px, 100vw">`,
    );
  });

  it('asks for no course when the address names none that could exist', async () => {
    askedCourses.length = 0;
    for (const search of ['', '?id=', '?id=abc', '?id=0', '?id=-3', '?id=3.5', '?id=1e3', '?id=2147483648']) {
      const { statusCode, body } = await app.inject({ method: 'GET', url: `/vod/detail${search}` });
      expect(statusCode, search).toBe(200);
      expect(body, search).not.toContain('as="image"');
    }
    expect(askedCourses).toEqual([]);
  });

  it("preloads the site's player poster, as it is, on a lesson's page", async () => {
    config.data.player = { cover: '/storage/images/poster/9f8e.1280x720.png' };
    try {
      const { body } = await app.inject({ method: 'GET', url: '/vod/video?id=5' });
      expect(body).toContain(
        '<link rel="preload" as="image" fetchpriority="high" href="/storage/images/poster/9f8e.1280x720.png">',
      );
    } finally {
      delete config.data.player;
    }
  });

  it('preloads the default avatar the member centre is drawn with', async () => {
    const { body } = await app.inject({ method: 'GET', url: '/member' });
    expect(body).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/images/default_avatar.png">',
    );
  });

  it('inlines only config on other pages, and leaves out an answer whose source fails', async () => {
    const other = await app.inject({ method: 'GET', url: '/study' });
    expect(bootOf(other.body)).toEqual({ '/api/v2/other/config': config });
    expect(other.body.match(/rel="modulepreload"[^>]*/g)).toEqual([
      'rel="modulepreload" crossorigin href="/assets/start-1.js"',
      'rel="modulepreload" crossorigin href="/assets/react-dom-1.js"',
    ]);
    expect(other.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/start-1.css">');

    blocksFail = true;
    const home = await app.inject({ method: 'GET', url: '/' });
    blocksFail = false;
    expect(home.statusCode).toBe(200);
    expect(bootOf(home.body)).toEqual({
      '/api/v2/other/config': config,
      '/api/v2/announcement/latest': announcement,
    });
  });
});

describe('the h5 page with its first screen drawn on the server', () => {
  const build = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-build-'));
  const dist = path.join(build, 'dist');
  const app = Fastify();
  const errors: unknown[] = [];
  const announcement = { code: 0, message: '', data: { id: 4, title: '国庆放假通知' } };

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
    fs.mkdirSync(path.join(build, 'dist-ssr'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>课栈</title></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true, dynamicImports: ['src/app/start.tsx'] },
        'src/app/start.tsx': { file: 'assets/start-1.js', css: ['assets/start-1.css'] },
        'src/features/home/pages/home.tsx': { file: 'assets/home-1.js', css: ['assets/home-1.css'] },
        'src/features/courses/pages/course-list.tsx': {
          file: 'assets/course-list-1.js',
          css: ['assets/course-list-1.css'],
        },
      }),
    );
    // Stands in for the h5's built module: draws / from its answers, fails on /vod.
    fs.writeFileSync(
      path.join(build, 'dist-ssr', 'first-screen.js'),
      `export function renderFirstScreen(pathname, answers) {
        if (pathname === '/vod') throw new Error('drawing failed');
        if (pathname === '/vod/detail')
          return answers.visitorCourse ? '<h2>' + answers.visitorCourse.data.course.title + '</h2>' : null;
        if (pathname !== '/') return null;
        return '<h1>' + answers.latestAnnouncement.data.title + ' $& $1</h1>';
      }`,
    );
    await serveH5(app, dist, {
      publicAnswer: answersByName({
        config: async () => ({ code: 0, message: '', data: {} }),
        homeBlocks: async () => ({ code: 0, message: '', data: [] }),
        latestAnnouncement: async () => announcement,
        courseCategories: async () => ({ code: 0, message: '', data: [] }),
        firstCoursePage: async () => ({ code: 0, message: '', data: { total: 0, data: [] } }),
        visitorCourse: async (courseId) => {
          if (courseId !== 3) throw new Error('课程不存在');
          return {
            code: 0,
            message: '',
            data: { course: { id: 3, title: 'Python 入门', thumb: '/c3.png' } },
          };
        },
      }),
    });
    app.log.error = (...args: unknown[]) => void errors.push(args[0]);
  });
  afterAll(() => app.close());

  it('puts the drawing into #root as an inert picture, exactly as drawn', async () => {
    const { body } = await app.inject({ method: 'GET', url: '/' });
    expect(body).toContain(
      '<div id="root" data-first-screen inert aria-hidden="true"><h1>国庆放假通知 $& $1</h1></div>',
    );
  });

  it('applies the drawn route stylesheets at once and lists its scripts in an inert template after the drawing', async () => {
    const { body } = await app.inject({ method: 'GET', url: '/' });
    const head = body.slice(0, body.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/home-1.css">');
    expect(head).not.toContain('modulepreload');
    expect(body).toContain(
      '<h1>国庆放假通知 $& $1</h1></div><template id="kezhan-app-scripts">' +
        '<link rel="modulepreload" crossorigin href="/assets/start-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/home-1.js"></template>',
    );
    expect(body.match(/modulepreload/g)).toHaveLength(2);
  });

  it("draws a course's page from its visitor answer without inlining it, and no page for a course not on sale", async () => {
    const drawn = await app.inject({ method: 'GET', url: '/vod/detail?id=3' });
    expect(drawn.body).toContain(
      '<div id="root" data-first-screen inert aria-hidden="true"><h2>Python 入门</h2></div>',
    );
    expect(drawn.body).toContain('<script id="kezhan-boot" type="application/json">{"/api/v2/other/config"');
    expect(drawn.body).not.toContain('"course"');

    const missing = await app.inject({ method: 'GET', url: '/vod/detail?id=4' });
    expect(missing.statusCode).toBe(200);
    expect(missing.body).toContain('<div id="root"></div>');
    expect(missing.body).not.toContain('<template');
  });

  it('serves a page the module does not draw as before, and one whose drawing fails without it', async () => {
    const detail = await app.inject({ method: 'GET', url: '/study' });
    expect(detail.body).toContain('<div id="root"></div>');
    expect(detail.body).toContain('<link rel="modulepreload" crossorigin href="/assets/start-1.js">');

    const list = await app.inject({ method: 'GET', url: '/vod' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('<div id="root"></div>');
    expect(list.body).toContain('<link rel="modulepreload" crossorigin href="/assets/course-list-1.js">');
    expect(list.body).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/course-list-1.css">',
    );
    expect(errors).toHaveLength(1);
  });
});

describe('rate limits beside the built h5', () => {
  const STOPPED_AT = Date.now();
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-dist-'));
  const app = Fastify({ trustProxy: '127.0.0.1' });
  const configLoads: string[] = [];
  const empty = async () => ({ code: 0, message: '', data: [] });
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    installRateLimits(app, {
      budgets: { anonymous: 3, member: 3, console: 3, boot: 3, media: 3, login: 3 },
      memberOf: () => null,
      now: () => STOPPED_AT, // a stopped clock: the minute never turns while the test counts
    });
    await serveH5(app, dist, {
      publicAnswer: answersByName({
        config: async () => {
          configLoads.push('config');
          return { code: 0, message: '', data: {} };
        },
        homeBlocks: empty,
        latestAnnouncement: empty,
        courseCategories: empty,
        firstCoursePage: empty,
        visitorCourse: empty,
      }),
    });
  });
  afterAll(() => app.close());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('counts each unknown API path once, never the assets', async () => {
    const assets = [];
    for (let i = 0; i < 5; i += 1)
      assets.push(
        (await app.inject({ url: '/assets/index-abc123.js', headers: from('10.0.0.1') })).statusCode,
      );
    expect(assets).toEqual([200, 200, 200, 200, 200]);
    const api = [];
    for (let i = 0; i < 4; i += 1)
      api.push((await app.inject({ url: '/api/v2/nope', headers: from('10.0.0.1') })).statusCode);
    expect(api).toEqual([404, 404, 404, 429]);
  });

  it('counts the pages it renders per client, in a budget apart from the API, whatever their address', async () => {
    configLoads.length = 0;
    const pages = [];
    for (const url of ['/', '/member', '/vod/detail?id=3', '/%76od', '/', '/member'])
      pages.push((await app.inject({ url, headers: from('10.0.0.2') })).statusCode);
    expect(pages).toEqual([200, 200, 200, 429, 429, 429]);
    // Refused pages were never rendered: the database was asked three times, not six.
    expect(configLoads).toHaveLength(3);
    const refused = await app.inject({ url: '/vod', headers: from('10.0.0.2') });
    expect(refused.json()).toEqual({ code: 429, message: '请稍后再试', data: [] });

    // The API budget of that client is untouched, and another client has pages of its own.
    expect((await app.inject({ url: '/api/v2/nope', headers: from('10.0.0.2') })).statusCode).toBe(404);
    expect((await app.inject({ url: '/member', headers: from('10.0.0.3') })).statusCode).toBe(200);
  });
});
