import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CourseDetail,
  CourseListPage,
  PlayInfo,
  SearchResult,
  ViewBlock,
} from '@kezhan/contract/courses';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { runCommand } from '../../cli/run-command';
import { DEMO_CATALOGUE_FILE, seedDemoCatalogue } from '../../seed/demo-catalogue';
import { newMember } from '../../../test/support/courses';
import { decryptSegment, fetchMedia, playlistUris } from '../../../test/support/media';

const tables = [
  'course_categories',
  'courses',
  'course_chapters',
  'videos',
  'course_attachments',
  'view_blocks',
] as const;

describe('content import / export CLI and the demo catalogue', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-content-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const counts = async () => {
    const result: Record<string, number> = {};
    for (const table of tables) {
      const row = await t.services.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      result[table] = Number(row.n);
    }
    return result;
  };
  const cli = (...argv: string[]) => runCommand(t.services, argv);

  it('seeds the demo catalogue through the import code, and re-importing changes nothing', async () => {
    await seedDemoCatalogue(t.services);
    const first = await counts();
    expect(first.courses).toBe(12);
    expect(first.course_categories).toBe(6);
    expect(first.view_blocks).toBe(10);
    expect(first.course_attachments).toBe(2);
    const again = await cli('import', DEMO_CATALOGUE_FILE);
    expect(again.exitCode).toBe(0);
    expect(again.output[0]).toMatch(
      /^Imported 6 categories, 12 courses, \d+ chapters, \d+ videos, 2 attachments, 10 blocks$/,
    );
    expect(await counts()).toEqual(first);
  });

  it('serves the demo: list, detail, a playable free video with its media, search and home blocks', async () => {
    const list = await t.request<CourseListPage>({ method: 'GET', url: '/api/v2/courses?page_size=20' });
    expect(list.data.total).toBe(12);
    const python = list.data.data.find((c) => c.slug === 'python-basics')!;
    expect(python).toMatchObject({
      title: 'Python 零基础入门',
      is_free: 1,
      charge: 0,
      thumb: 'http://api.test/demo/covers/python-basics-d5689188.480x270.jpg',
    });
    const detail = await t.request<CourseDetail>({ method: 'GET', url: `/api/v2/course/${python.id}` });
    expect(detail.data.chapters.map((c) => c.title)).toEqual(['第一章 准备开始', '第二章 基础语法']);
    const firstVideo = (detail.data.videos as Record<string, { id: number; title: string }[]>)[
      detail.data.chapters[0].id
    ][0];
    expect(firstVideo.title).toBe('课程介绍与学习方法');

    const member = await newMember(t);
    const play = await t.request<PlayInfo>({
      method: 'GET',
      url: `/api/v2/video/${firstVideo.id}/playinfo?is_try=0`,
      token: member.token,
    });
    // The demo lesson plays encrypted through a signed address; its plain files are served nowhere.
    expect(play.data.urls[0]).toEqual({
      url: expect.stringMatching(
        new RegExp(`^http://api\\.test/media/hls/${firstVideo.id}/full/master\\.m3u8\\?t=`),
      ),
      format: 'm3u8',
      duration: 12,
      name: '',
    });
    const master = await fetchMedia(t, play.data.urls[0].url);
    const media = await fetchMedia(t, playlistUris(master.body).uris[0]);
    const { uris, keyUri } = playlistUris(media.body);
    expect(uris).toHaveLength(3);
    const key = await fetchMedia(t, keyUri!);
    expect(decryptSegment((await fetchMedia(t, uris[1])).bytes, key.bytes, 1)[0]).toBe(0x47);
    for (const plain of ['/demo/video/lesson.m3u8', '/demo/video/lesson-0.ts', '/demo/video/trial.m3u8']) {
      expect((await t.app.inject({ method: 'GET', url: plain })).statusCode, plain).toBe(404);
    }
    for (const image of [
      '/images/default_avatar.png',
      '/images/logo.png',
      '/images/player-thumb.png',
      '/demo/covers/python-basics.png',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: image });
      expect(res.statusCode, image).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
    }
    expect((await t.app.inject({ method: 'GET', url: '/demo/../src/app.ts' })).statusCode).not.toBe(200);
    // The sized cover and its WebP copies are named by their content: cached for a year.
    const cover = new URL(python.thumb).pathname;
    for (const [address, type] of [
      [cover, 'image/jpeg'],
      [cover.replace(/\.jpg$/, '.w256.webp'), 'image/webp'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: address });
      expect(res.statusCode, address).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/demo/covers/python-basics.png' })).headers['cache-control'],
    ).toBe('public, max-age=86400');

    const found = await t.request<SearchResult>({
      method: 'GET',
      url: `/api/v3/search?keywords=${encodeURIComponent('数据')}&type=vod&page=1&size=10`,
    });
    expect(found.data.data.map((h) => h.title)).toContain('用 Python 做数据分析');

    const blocks = await t.request<ViewBlock[]>({
      method: 'GET',
      url: '/api/v2/viewBlock/page/blocks?platform=h5&page_name=h5-page-index',
    });
    expect(blocks.data.map((b) => b.sign)).toEqual([
      'slider',
      'grid-nav',
      'h5-vod-v1',
      'blank',
      'image-group',
      'h5-vod-v1',
      'h5-vod-v1',
      'h5-gzh-v1',
    ]);
  });

  it('answers home blocks with decoded config, full courses for vod blocks, and validates params', async () => {
    const url = '/api/v2/viewBlock/page/blocks?platform=h5&page_name=h5-page-index';
    const blocks = (await t.request<ViewBlock[]>({ method: 'GET', url })).data;
    const slider = blocks[0];
    expect(slider).toMatchObject({
      id: expect.any(Number),
      platform: 'h5',
      page: 'h5-page-index',
      sign: 'slider',
      sort: 0,
    });
    expect(typeof slider.config).toBe('string');
    expect((slider.config_render as { src: string }[])[0].src).toBe(
      'http://api.test/demo/banners/banner-1-acca63f6.750x300.jpg',
    );
    expect(JSON.parse(slider.config)[0].src).toBe('/demo/banners/banner-1-acca63f6.750x300.jpg');
    const vod = blocks[2].config_render as { title: string; items: Record<string, unknown>[] };
    expect(vod.title).toBe('推荐课程');
    expect(vod.items.map((c) => c.title)).toEqual([
      'Python 零基础入门',
      '用 Python 做数据分析',
      'React 移动端开发实战',
      'SQL 实战：从查询到优化',
    ]);
    expect(vod.items[0]).toEqual({
      id: expect.any(Number),
      title: 'Python 零基础入门',
      thumb: 'http://api.test/demo/covers/python-basics-d5689188.480x270.jpg',
      charge: 0,
      user_count: 1280,
      short_description: expect.any(String),
      published_at: '2024-03-01 10:00:00',
      category_id: expect.any(Number),
      is_rec: 1,
      is_free: 1,
      is_vip_free: 1,
      created_at: expect.stringMatching(/\.\d{6}Z$/),
      category: { id: expect.any(Number), name: '后端开发' },
    });
    // Hidden courses drop out of vod blocks.
    expect((await cli('course:hide', 'react-mobile')).exitCode).toBe(0);
    const after = (await t.request<ViewBlock[]>({ method: 'GET', url })).data[2].config_render as {
      items: { title: string }[];
    };
    expect(after.items.map((c) => c.title)).not.toContain('React 移动端开发实战');
    expect((await cli('course:publish', 'react-mobile')).exitCode).toBe(0);

    expect(
      await t.request({ method: 'GET', url: '/api/v2/viewBlock/page/blocks?page_name=h5-page-index' }),
    ).toMatchObject({ code: 1, message: '参数错误' });
    expect(
      await t.request({ method: 'GET', url: '/api/v2/viewBlock/page/blocks?platform=h5' }),
    ).toMatchObject({ code: 1, message: '参数错误' });
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/api/v2/viewBlock/page/blocks?platform=pc&page_name=h5-page-index',
        })
      ).data,
    ).toEqual([]);
    const later = await t.request<ViewBlock[]>({
      method: 'GET',
      url: '/api/v2/decorationPage/blocks?page_name=h5-page-index',
    });
    expect(later.data).toHaveLength(8);
  });

  it('course:hide and course:publish change what the lists show', async () => {
    const listed = async () =>
      (await t.request<CourseListPage>({ method: 'GET', url: '/api/v2/courses?page_size=50' })).data.total;
    expect((await cli('course:hide', 'css-layout')).output[0]).toMatch(/^Hid course \d+ \(css-layout\)/);
    expect(await listed()).toBe(11);
    await t.services.db
      .updateTable('courses')
      .set({ published_at: null })
      .where('slug', '=', 'css-layout')
      .execute();
    expect((await cli('course:publish', 'css-layout')).exitCode).toBe(0);
    expect(await listed()).toBe(12);
    expect(await cli('course:hide', 'no-such-course')).toEqual({
      exitCode: 1,
      output: ['No course no-such-course'],
    });
    expect((await cli('course:hide')).output[0]).toBe('Usage: course:hide <id|slug>');
  });

  it('updates in place by slug, never duplicates, and sanitises descriptions', async () => {
    const file = path.join(dir, 'update.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        courses: [
          {
            slug: 'python-basics',
            title: 'Python 零基础入门（新版）',
            price: 19.9,
            description:
              '<p onclick="x()">新版<script>alert(1)</script><a href="javascript:alert(1)">链接</a></p>',
            chapters: [
              {
                title: '第三章 进阶',
                videos: [
                  { slug: 'python-basics-5', title: '函数', duration: 12, url: '/demo/video/lesson.mp4' },
                ],
              },
            ],
          },
        ],
      }),
    );
    const before = await counts();
    expect((await cli('import', file)).exitCode).toBe(0);
    expect((await cli('import', file)).exitCode).toBe(0);
    const after = await counts();
    expect(after).toEqual({
      ...before,
      course_chapters: before.course_chapters + 1,
      videos: before.videos + 1,
    });
    const course = await t.services.db
      .selectFrom('courses')
      .selectAll()
      .where('slug', '=', 'python-basics')
      .executeTakeFirstOrThrow();
    expect(course).toMatchObject({
      title: 'Python 零基础入门（新版）',
      charge: 1990,
      is_free: 0,
      user_count: 1280,
    });
    expect(course.render_desc).not.toMatch(/script|onclick|javascript:/);
    expect(course.render_desc).toContain('新版');
  });

  it('rejects a bad file with a readable message and writes nothing', async () => {
    const before = await counts();
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(
      bad,
      JSON.stringify({
        courses: [
          { slug: 'Bad Slug', title: '' },
          { slug: 'ok', title: 'x', category: 'nope' },
        ],
      }),
    );
    const res = await cli('import', bad);
    expect(res.exitCode).toBe(1);
    expect(res.output.join('\n')).toContain('courses.0.slug');
    const unknown = path.join(dir, 'unknown.json');
    fs.writeFileSync(
      unknown,
      JSON.stringify({
        courses: [
          { slug: 'fresh', title: '新课' },
          { slug: 'other', title: 'x', category: 'nope' },
        ],
      }),
    );
    expect(await cli('import', unknown)).toEqual({ exitCode: 1, output: ['Unknown category: nope'] });
    expect((await cli('import', path.join(dir, 'missing.json'))).output[0]).toMatch(/^Cannot read /);
    expect(await counts()).toEqual(before);
  });

  it('exports the same format, which imports back without changes', async () => {
    const file = path.join(dir, 'export.json');
    const res = await cli('export', file);
    expect(res.exitCode).toBe(0);
    const exported = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(exported.courses).toHaveLength(12);
    expect(exported.blocks[0].blocks[2].config.courses[0]).toBe('python-basics');
    // Local files are keys under DATA_DIR (import finds them there), never the server's paths.
    const attachments = exported.courses.flatMap((c: { attachments: { file?: string }[] }) => c.attachments);
    const files = attachments.flatMap((a: { file?: string }) => (a.file ? [a.file] : []));
    expect(files).toHaveLength(2);
    for (const key of files) expect(key).toMatch(/^attach\/[\w-]+\/[^/]+$/);
    expect(fs.readFileSync(file, 'utf8')).not.toContain(t.services.env.dataDir);
    const before = await counts();
    expect((await cli('import', file)).exitCode).toBe(0);
    expect(await counts()).toEqual(before);
    const again = path.join(dir, 'export-2.json');
    await cli('export', again);
    expect(JSON.parse(fs.readFileSync(again, 'utf8'))).toEqual(exported);
  });
  it('sends local video files (an MP4, an HLS folder) into the media pipeline, never serving them plain', async () => {
    const clips = path.join(dir, 'clips');
    const hls = path.join(clips, 'hls');
    fs.mkdirSync(hls, { recursive: true });
    fs.writeFileSync(path.join(clips, 'intro.mp4'), Buffer.from('0123456789'));
    fs.writeFileSync(path.join(hls, 'lesson.m3u8'), '#EXTM3U\n#EXTINF:4,\nseg-0.ts\n#EXT-X-ENDLIST\n');
    fs.writeFileSync(path.join(hls, 'seg-0.ts'), Buffer.from('segment'));
    // A full lesson beside the playlist is not the playlist's: it must not come along.
    fs.writeFileSync(path.join(hls, 'full-lesson.ts'), Buffer.from('the whole paid lesson'));
    const file = path.join(dir, 'local-media.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        courses: [
          {
            slug: 'local-media',
            title: '本地视频',
            videos: [
              { slug: 'local-media-1', title: '介绍', duration: 10, file: 'clips/intro.mp4' },
              {
                slug: 'local-media-2',
                title: '第一课',
                duration: 4,
                file: 'clips/hls/lesson.m3u8',
                trial_file: 'clips/intro.mp4',
              },
            ],
          },
        ],
      }),
    );
    expect((await cli('import', file)).exitCode).toBe(0);
    const videos = await t.services.db
      .selectFrom('videos')
      .innerJoin('media_assets as a', 'a.video_id', 'videos.id')
      .select(['slug', 'url', 'trial_url', 'a.status', 'a.source_path'])
      .where('slug', 'in', ['local-media-1', 'local-media-2'])
      .orderBy('slug')
      .execute();
    expect(videos).toEqual([
      {
        slug: 'local-media-1',
        url: '',
        trial_url: '',
        status: 'uploaded',
        source_path: expect.stringMatching(/^sources\/[0-9a-f]{32}\/intro\.mp4$/),
      },
      {
        slug: 'local-media-2',
        url: '',
        trial_url: '',
        status: 'uploaded',
        source_path: expect.stringMatching(/^sources\/[0-9a-f]{32}\/lesson\.m3u8$/),
      },
    ]);
    const staged = path.dirname(path.join(t.services.env.dataDir, 'media', videos[1].source_path));
    expect(fs.readdirSync(staged).sort()).toEqual(['lesson.m3u8', 'seg-0.ts']);
    for (const plain of [
      '/media/local-media/intro.mp4',
      '/media/local-media/lesson/seg-0.ts',
      `/media/${videos[0].source_path}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url: plain })).statusCode, plain).toBe(404);
    }
    // Importing the same file again transcodes nothing again.
    const assetsBefore = await t.services.db
      .selectFrom('media_assets')
      .select(['id', 'updated_at'])
      .execute();
    expect((await cli('import', file)).exitCode).toBe(0);
    expect(await t.services.db.selectFrom('media_assets').select(['id', 'updated_at']).execute()).toEqual(
      assetsBefore,
    );
    const missing = path.join(dir, 'missing-media.json');
    fs.writeFileSync(
      missing,
      JSON.stringify({
        courses: [
          {
            slug: 'x-media',
            title: 'x',
            videos: [{ slug: 'x-media-1', title: 'x', duration: 1, file: 'nope.mp4' }],
          },
        ],
      }),
    );
    const refused = await cli('import', missing);
    expect(refused.exitCode).toBe(1);
    expect(refused.output.join('\n')).toContain('Video file not found');
  });
});
