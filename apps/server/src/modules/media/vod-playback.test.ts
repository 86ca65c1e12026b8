import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayInfo } from '@kezhan/contract/courses';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addCourse, addVideo, grantCourse, newMember, type TestMember } from '../../../test/support/courses';
import { FakeAliyunVod } from '../../../test/support/fakes/aliyun-vod';
import { FakeTencentVod } from '../../../test/support/fakes/tencent-vod';
import { setVideoVodSource } from './vod-sources';

const ALIYUN = {
  accessKeyId: 'LTAIvodTestKeyId',
  accessKeySecret: 'aliyun-vod-secret-9f2c',
  domainKey: 'ali-domain-key-77',
};
const TENCENT = {
  secretId: 'AKIDvodTestSecretId',
  secretKey: 'tencent-vod-secret-4e1a',
  playKey: 'tcPlayKey2026x',
};
const SECRETS = [...Object.values(ALIYUN), ...Object.values(TENCENT)];
const TTL = 600;
const LESSON = 1200;
const TRIAL = 30;

describe('lessons in the school’s cloud VOD library (Aliyun VOD, Tencent Cloud VOD)', () => {
  let clock = Date.parse('2026-11-27T08:00:00Z');
  const now = () => new Date(clock);
  let t: TestApp;
  let aliyun: FakeAliyunVod;
  let tencent: FakeTencentVod;
  let buyer: TestMember;
  let member: TestMember;
  const logLines: string[] = [];
  const answers: string[] = [];
  const lessons = {} as Record<
    'ali' | 'tc' | 'tcShort' | 'aliMissing' | 'aliTranscoding' | 'tcMissing',
    number
  >;

  const playinfo = async (videoId: number, token?: string, query = '') => {
    const answer = await t.request<PlayInfo>({
      method: 'GET',
      url: `/api/v2/video/${videoId}/playinfo${query}`,
      token,
    });
    answers.push(JSON.stringify(answer));
    return answer;
  };
  /** What the vendor's CDN does with an address, as a player would ask it. */
  const open = async (url: string) => {
    const response = await fetch(url);
    return { status: response.status, served: response.headers.get('x-served-seconds') };
  };

  beforeAll(async () => {
    aliyun = await new FakeAliyunVod(ALIYUN, now).start();
    tencent = await new FakeTencentVod(TENCENT, now).start();
    t = await createTestApp({
      now,
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(chunk.toString('utf8'));
          done();
        },
      }),
      env: {
        LOG_LEVEL: 'info',
        VOD_DRIVER: 'real',
        ALIYUN_VOD_ENDPOINT: aliyun.url,
        ALIYUN_VOD_ACCESS_KEY_ID: ALIYUN.accessKeyId,
        ALIYUN_VOD_ACCESS_KEY_SECRET: ALIYUN.accessKeySecret,
        ALIYUN_VOD_AUTH_KEY: ALIYUN.domainKey,
        TENCENT_VOD_ENDPOINT: tencent.url,
        TENCENT_VOD_SECRET_ID: TENCENT.secretId,
        TENCENT_VOD_SECRET_KEY: TENCENT.secretKey,
        TENCENT_VOD_PLAY_KEY: TENCENT.playKey,
      },
    });
    const { db } = t.services;
    [buyer, member] = [await newMember(t), await newMember(t)];
    const course = await addCourse(db, { charge: 9_900 });
    await grantCourse(db, buyer.id, course, 9_900);
    const lesson = async (vendor: 'aliyun' | 'tencent', mediaId: string, values = {}) => {
      const id = await addVideo(db, course, { url: '', duration: LESSON, free_seconds: TRIAL, ...values });
      await setVideoVodSource(db, id, { provider: vendor, mediaId }, now());
      return id;
    };
    lessons.ali = await lesson('aliyun', '93ab850b4f654b6e91d24d81d44a0001');
    lessons.aliMissing = await lesson('aliyun', '93ab850b4f654b6e91d24d81d44a0404');
    lessons.aliTranscoding = await lesson('aliyun', '93ab850b4f654b6e91d24d81d44a0500');
    lessons.tc = await lesson('tencent', '5285890781763144364');
    lessons.tcShort = await lesson('tencent', '5285890781763144999', { duration: 20 });
    lessons.tcMissing = await lesson('tencent', '5285890781763140404');
    aliyun.videos.set('93ab850b4f654b6e91d24d81d44a0001', { duration: LESSON });
    aliyun.videos.set('93ab850b4f654b6e91d24d81d44a0500', {
      duration: LESSON,
      failWith: 'InvalidVideo.NoneStream',
    });
    tencent.files.set('5285890781763144364', LESSON);
    tencent.files.set('5285890781763144999', 20);
  });
  afterAll(async () => {
    await t.close();
    await aliyun.close();
    await tencent.close();
  });

  describe('Aliyun VOD', () => {
    it('gives an entitled member short-lived type A addresses carrying the member, for the whole lesson', async () => {
      const play = await playinfo(lessons.ali, buyer.token);
      expect(play.code).toBe(0);
      expect(play.data.trial_seconds).toBe(0);
      expect(play.data.urls.map((u) => [u.name, u.format, u.duration])).toEqual([
        ['HD', 'm3u8', LESSON],
        ['SD', 'm3u8', LESSON],
      ]);
      const call = aliyun.calls.at(-1)!;
      expect(call).toMatchObject({ Action: 'GetPlayInfo', VideoId: '93ab850b4f654b6e91d24d81d44a0001' });
      expect(call.AuthTimeout).toBe(String(TTL + LESSON));
      expect(call.PlayConfig).toBeUndefined();
      const url = new URL(play.data.urls[0].url);
      expect(url.origin).toBe(aliyun.url);
      expect(url.searchParams.get('auth_key')).toMatch(
        new RegExp(`^\\d+-[0-9a-f]{32}-${buyer.id}-[0-9a-f]{32}$`),
      );
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-served-seconds')).toBe('all');
      expect(response.headers.get('x-viewer-uid')).toBe(String(buyer.id));
    });

    it('opens until MEDIA_URL_TTL + the lesson’s length have passed, then the CDN refuses it', async () => {
      const url = (await playinfo(lessons.ali, buyer.token)).data.urls[0].url;
      const start = clock;
      clock = start + (TTL + LESSON - 5) * 1000;
      expect((await open(url)).status).toBe(200);
      clock = start + (TTL + LESSON + 5) * 1000;
      expect((await open(url)).status).toBe(403);
      clock = start;
    });

    it('gives a member who has not bought the lesson only Aliyun’s preview, cut after free_seconds', async () => {
      expect(await playinfo(lessons.ali, member.token)).toMatchObject({ code: 1, message: '请购买后观看' });
      expect((await playinfo(lessons.ali)).code).toBe(401);
      const calls = aliyun.calls.length;
      const play = await playinfo(lessons.ali, member.token, '?is_try=1');
      expect(play.data.trial_seconds).toBe(TRIAL);
      expect(play.data.urls[0]).toMatchObject({ name: '试看', duration: TRIAL });
      expect(aliyun.calls.length).toBe(calls + 1);
      expect(JSON.parse(aliyun.calls.at(-1)!.PlayConfig)).toEqual({ PreviewTime: String(TRIAL) });
      const url = new URL(play.data.urls[0].url);
      expect(await open(url.toString())).toEqual({ status: 200, served: String(TRIAL) });
      // The cut is inside Aliyun's signature: without it, or longer, the address opens nothing.
      for (const tampered of [undefined, '600']) {
        const copy = new URL(url);
        if (tampered) copy.searchParams.set('end', tampered);
        else copy.searchParams.delete('end');
        expect((await open(copy.toString())).status).toBe(403);
      }
    });

    it('maps the vendor’s refusals to Chinese messages and logs the vendor’s code', async () => {
      expect(await playinfo(lessons.aliMissing, buyer.token)).toMatchObject({
        code: 1,
        message: '云点播视频不存在或已删除',
      });
      expect(await playinfo(lessons.aliTranscoding, buyer.token)).toMatchObject({
        code: 1,
        message: '视频仍在云点播处理中，请稍后再试',
      });
      expect(logLines.join('')).toContain('InvalidVideo.NotFound');
    });

    it('is refused by Aliyun when signed with a wrong secret (credentials are read on every call)', async () => {
      const config = t.services.env.vod.aliyun;
      config.accessKeySecret = 'not-the-secret';
      try {
        expect(await playinfo(lessons.ali, buyer.token)).toMatchObject({
          code: 1,
          message: '云点播暂时无法播放该视频，请联系管理员',
        });
        expect(aliyun.refused.at(-1)).toBe('SignatureDoesNotMatch');
      } finally {
        config.accessKeySecret = ALIYUN.accessKeySecret;
      }
      expect((await playinfo(lessons.ali, buyer.token)).code).toBe(0);
    });
  });

  describe('Tencent Cloud VOD', () => {
    it('gives an entitled member the adaptive HLS stream signed with the play key (t, rlimit, us, sign)', async () => {
      const play = await playinfo(lessons.tc, buyer.token);
      expect(play.code).toBe(0);
      expect(play.data.urls).toHaveLength(1);
      const url = new URL(play.data.urls[0].url);
      expect(url.pathname).toBe('/vodtrans/5285890781763144364/adp.10.m3u8');
      expect(parseInt(url.searchParams.get('t')!, 16)).toBe(clock / 1000 + TTL + LESSON);
      expect(url.searchParams.get('exper')).toBeNull();
      expect(url.searchParams.get('rlimit')).toBe('3');
      expect(play.data.urls[0]).toMatchObject({ format: 'm3u8', duration: LESSON });
      expect(tencent.calls.at(-1)).toEqual({
        action: 'DescribeMediaInfos',
        body: {
          FileIds: ['5285890781763144364'],
          Filters: ['basicInfo', 'metaData', 'transcodeInfo', 'adaptiveDynamicStreamingInfo'],
        },
      });
      expect(await open(url.toString())).toEqual({ status: 200, served: 'all' });
      const start = clock;
      clock = start + (TTL + LESSON + 301) * 1000;
      expect((await open(url.toString())).status).toBe(403);
      clock = start;
    });

    it('gives a member who has not bought the lesson the trial cut by Tencent’s CDN (exper)', async () => {
      expect(await playinfo(lessons.tc, member.token)).toMatchObject({ code: 1, message: '请购买后观看' });
      const play = await playinfo(lessons.tc, member.token, '?is_try=1');
      expect(play.data).toMatchObject({ trial_seconds: TRIAL });
      expect(play.data.urls[0]).toMatchObject({ name: '试看', duration: TRIAL });
      const url = new URL(play.data.urls[0].url);
      expect(url.searchParams.get('exper')).toBe(String(TRIAL));
      expect(await open(url.toString())).toEqual({ status: 200, served: String(TRIAL) });
      url.searchParams.delete('exper');
      expect((await open(url.toString())).status).toBe(403);
    });

    it('plays a trial at least as long as the lesson as the lesson (Tencent plays nothing past the end)', async () => {
      const play = await playinfo(lessons.tcShort, member.token, '?is_try=1');
      expect(play.data.trial_seconds).toBe(20);
      const url = new URL(play.data.urls[0].url);
      expect(url.searchParams.get('exper')).toBeNull();
      expect(await open(url.toString())).toEqual({ status: 200, served: 'all' });
    });

    it('maps a missing file and a wrong secret to Chinese messages', async () => {
      expect(await playinfo(lessons.tcMissing, buyer.token)).toMatchObject({
        code: 1,
        message: '云点播视频不存在或已删除',
      });
      const config = t.services.env.vod.tencent;
      config.secretKey = 'not-the-secret';
      try {
        expect(await playinfo(lessons.tc, buyer.token)).toMatchObject({
          code: 1,
          message: '云点播暂时无法播放该视频，请联系管理员',
        });
        expect(tencent.refused.at(-1)).toBe('AuthFailure.SignatureFailure');
      } finally {
        config.secretKey = TENCENT.secretKey;
      }
    });
  });

  it('says so in Chinese when a vendor has no credentials', async () => {
    const config = t.services.env.vod.tencent;
    config.playKey = '';
    try {
      expect(await playinfo(lessons.tc, buyer.token)).toMatchObject({
        code: 1,
        message: '云点播尚未配置，暂时无法播放',
      });
    } finally {
      config.playKey = TENCENT.playKey;
    }
  });

  it('never puts a credential in an answer or a log line', () => {
    expect(answers.length).toBeGreaterThan(10);
    expect(logLines.length).toBeGreaterThan(0);
    const everything = answers.join('\n') + logLines.join('');
    for (const secret of SECRETS) expect(everything).not.toContain(secret);
  });
});
