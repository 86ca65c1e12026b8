import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addCourse, addVideo } from '../../../test/support/courses';
import { setVideoVodSource, vodSourceOf, vodSourcesOf } from './vod-sources';

describe('a lesson’s cloud VOD source', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is set, replaced, listed and cleared; the lesson’s deletion takes it along', async () => {
    const db = t.services.db;
    const course = await addCourse(db);
    const [first, second] = [await addVideo(db, course), await addVideo(db, course)];
    const now = new Date('2026-11-27T08:00:00Z');
    expect(await vodSourceOf(db, first)).toBeNull();

    await setVideoVodSource(
      db,
      first,
      { provider: 'aliyun', mediaId: ' 93ab850b4f654b6e91d24d81d44a1234 ' },
      now,
    );
    expect(await vodSourceOf(db, first)).toEqual({
      provider: 'aliyun',
      mediaId: '93ab850b4f654b6e91d24d81d44a1234',
    });
    await setVideoVodSource(db, first, { provider: 'tencent', mediaId: '5285890781763144364' }, now);
    await setVideoVodSource(db, second, { provider: 'aliyun', mediaId: 'abc' }, now);
    const listed = await vodSourcesOf(db, [first, second, 999_999]);
    expect(listed.get(first)).toEqual({ provider: 'tencent', mediaId: '5285890781763144364' });
    expect(listed.get(second)).toEqual({ provider: 'aliyun', mediaId: 'abc' });
    expect(listed.size).toBe(2);

    await setVideoVodSource(db, first, null, now);
    expect(await vodSourceOf(db, first)).toBeNull();
    await db.deleteFrom('videos').where('id', '=', second).execute();
    expect(await vodSourceOf(db, second)).toBeNull();
  });

  it('refuses an unknown vendor or a malformed id in Chinese', async () => {
    const db = t.services.db;
    const video = await addVideo(db, await addCourse(db));
    const now = new Date();
    await expect(
      setVideoVodSource(db, video, { provider: 'qiniu' as 'aliyun', mediaId: 'abc' }, now),
    ).rejects.toThrow('请选择阿里云点播或腾讯云点播');
    for (const mediaId of ['', 'a b', 'x'.repeat(65), '../etc', '<script>'])
      await expect(setVideoVodSource(db, video, { provider: 'tencent', mediaId }, now)).rejects.toThrow(
        '云点播视频 ID 只能包含字母、数字、下划线和短横线，最长 64 位',
      );
    expect(await vodSourceOf(db, video)).toBeNull();
  });
});
