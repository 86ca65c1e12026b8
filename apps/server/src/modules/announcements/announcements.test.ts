import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Announcement, AnnouncementPage } from '@kezhan/contract/announcements';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { runCommand } from '../../cli/run-command';

describe('announcements (CLI → API)', () => {
  let t: TestApp;
  let clock = new Date('2026-03-01T02:00:00Z');
  const cli = (...argv: string[]) => runCommand(t.services, argv);
  const get = <T>(url: string) => t.request<T>({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  it('answers [] for the latest and an empty page before anything is published', async () => {
    expect(await get('/api/v2/announcement/latest')).toMatchObject({ code: 0, data: [] });
    expect((await get('/api/v2/announcements')).data).toEqual({ data: [], total: 0 });
  });

  it('publishes from the CLI; latest, detail and list show it with the exact shapes', async () => {
    const added = await cli(
      'announcement:add',
      '--title',
      '春节放假通知',
      '--body',
      '<p onclick="x()">放假<script>alert(1)</script></p>',
    );
    expect(added.exitCode).toBe(0);
    expect(added.output[0]).toMatch(/^Published announcement (\d+): 春节放假通知$/);
    clock = new Date('2026-03-02T02:00:00Z');
    await cli('announcement:add', '--title', '新课上线', '--body', '<p>新课</p>');

    const latest = await get<Announcement>('/api/v2/announcement/latest');
    expect(Object.keys(latest.data).sort()).toEqual(
      ['admin_id', 'announcement', 'created_at', 'id', 'title', 'updated_at', 'view_times'].sort(),
    );
    expect(latest.data).toMatchObject({
      title: '新课上线',
      announcement: '<p>新课</p>',
      admin_id: 0,
      view_times: 0,
      created_at: '2026-03-02T02:00:00.000000Z',
    });

    const first = Number(/(\d+)/.exec(added.output[0])![1]);
    const detail = await get<Announcement>(`/api/v2/announcement/${first}`);
    expect(detail.data.title).toBe('春节放假通知');
    expect(detail.data.announcement).toBe('<p>放假</p>');

    const page = await get<AnnouncementPage>('/api/v2/announcements');
    expect(page.data.total).toBe(2);
    expect(page.data.data.map((a) => a.title)).toEqual(['新课上线', '春节放假通知']);
    expect(Object.keys(page.data.data[0]).sort()).toEqual(
      ['announcement', 'created_at', 'id', 'title', 'view_times'].sort(),
    );
    const second = await get<AnnouncementPage>('/api/v2/announcements?page=2&size=1');
    expect(second.data.data.map((a) => a.title)).toEqual(['春节放假通知']);
    expect((await get<AnnouncementPage>('/api/v2/announcements?size=0')).data.data).toHaveLength(2);
  });

  it('an unknown id is envelope code 404 资源不存在; a malformed id or page is 参数错误', async () => {
    expect(await get('/api/v2/announcement/99999')).toMatchObject({
      statusCode: 200,
      code: 404,
      message: '资源不存在',
    });
    expect(await get('/api/v2/announcement/abc')).toMatchObject({ code: 1, message: '参数错误' });
    expect(await get('/api/v2/announcements?page=x')).toMatchObject({ code: 1, message: '参数错误' });
  });

  it('edits and removes from the CLI; bad input exits non-zero with a reason', async () => {
    const [{ id }] = (await get<AnnouncementPage>('/api/v2/announcements')).data.data;
    expect((await cli('announcement:edit', String(id), '--title', '新课上线（更新）')).exitCode).toBe(0);
    expect((await get<Announcement>(`/api/v2/announcement/${id}`)).data.title).toBe('新课上线（更新）');
    expect(await cli('announcement:edit', String(id))).toEqual({
      exitCode: 1,
      output: ['Nothing to change: give --title, --body or --body-file'],
    });
    expect((await cli('announcement:add', '--body', 'x')).output).toEqual(['--title is required']);
    expect((await cli('announcement:remove', '99999')).output).toEqual(['No announcement 99999']);
    expect((await cli('announcement:remove', String(id))).exitCode).toBe(0);
    expect((await get(`/api/v2/announcement/${id}`)).code).toBe(404);
    expect((await cli('announcement:list')).output).toHaveLength(1);
  });
});
