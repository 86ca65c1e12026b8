import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayInfo } from '@kezhan/contract/courses';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addCourse, addVideo, grantCourse, newMember, type TestMember } from '../../../test/support/courses';
import { fetchMedia, playlistUris } from '../../../test/support/media';
import { DEMO_VIDEO_PLAYLIST } from './commands';
import { registerVideoSource, stageSource } from './ingest';

/**
 * The attacks on signed playback addresses: a grant must never renew itself, must die with the
 * login session that asked playinfo for it, and must end at an absolute time however it is used.
 */
let clock = Date.parse('2026-03-02T08:00:00Z');
const advance = (seconds: number) => {
  clock += seconds * 1000;
};
const grantOf = (address: string) => new URL(address, 'http://api.test').searchParams.get('t')!;
/** The expiry (unix seconds) a grant carries: the field before its MAC. */
const expiryOf = (address: string) => Number(grantOf(address).split('.').at(-2));

describe('media grants end', () => {
  let t: TestApp;
  let videoId: number;
  let courseId: number;
  let ttl: number;

  const playinfo = async (member: TestMember) => {
    const answer = await t.request<PlayInfo>({
      method: 'GET',
      url: `/api/v2/video/${videoId}/playinfo`,
      token: member.token,
    });
    expect(answer.code).toBe(0);
    return answer.data.urls[0].url;
  };

  /** The master, one media playlist, the key and a segment address a viewer holds after starting. */
  async function start(member: TestMember) {
    const master = await playinfo(member);
    const masterText = await fetchMedia(t, master);
    expect(masterText.status).toBe(200);
    const playlist = playlistUris(masterText.body).uris[0];
    const mediaText = await fetchMedia(t, playlist);
    expect(mediaText.status).toBe(200);
    const { uris, keyUri } = playlistUris(mediaText.body);
    expect((await fetchMedia(t, keyUri!)).status).toBe(200);
    return { master, playlist, key: keyUri!, segment: uris[0] };
  }

  const statuses = async (addresses: { master: string; playlist: string; key: string }) => [
    (await fetchMedia(t, addresses.master)).status,
    (await fetchMedia(t, addresses.playlist)).status,
    (await fetchMedia(t, addresses.key)).status,
  ];

  const buyer = async () => {
    const member = await newMember(t);
    await grantCourse(t.services.db, member.id, courseId, 99);
    return member;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock) });
    ttl = t.services.env.media.urlTtlSeconds;
    const { db } = t.services;
    courseId = await addCourse(db, { charge: 99 });
    videoId = await addVideo(db, courseId, { url: '', duration: 12 });
    const staged = stageSource(t.services.env.dataDir, DEMO_VIDEO_PLAYLIST, 1 << 30);
    await registerVideoSource(db, videoId, staged, new Date(clock));
    expect((await t.services.media.runPending({ packageOnly: true })).ready).toBe(1);
  });
  afterAll(() => t.close());

  it('never turns an address from inside a playlist into a master address with a later expiry', async () => {
    const viewer = await start(await buyer());
    const inner = grantOf(viewer.playlist);
    expect(expiryOf(viewer.playlist)).toBeGreaterThan(expiryOf(viewer.master));
    // The long-lived inner grant, sent back to the master address, is refused.
    const replayed = viewer.master.replace(grantOf(viewer.master), encodeURIComponent(inner));
    expect((await fetchMedia(t, replayed)).status).toBe(403);
    // So is the key's grant and the segment's.
    const keyGrant = viewer.master.replace(grantOf(viewer.master), encodeURIComponent(grantOf(viewer.key)));
    expect((await fetchMedia(t, keyGrant)).status).toBe(403);
  });

  it('answers the same inner expiry however often the master is fetched', async () => {
    const viewer = await start(await buyer());
    advance(ttl - 30);
    const again = playlistUris((await fetchMedia(t, viewer.master)).body).uris[0];
    expect(expiryOf(again)).toBe(expiryOf(viewer.playlist));
    advance(30);
  });

  it('ends every address at an absolute time that fetching cannot move', async () => {
    const viewer = await start(await buyer());
    const deadline = expiryOf(viewer.playlist);
    expect(deadline).toBeLessThanOrEqual(Math.floor(clock / 1000) + ttl + 60);
    // Just before the end everything still plays, and nothing fetched then lives longer.
    advance(deadline - Math.floor(clock / 1000) - 5);
    expect(await statuses(viewer)).toEqual([403, 200, 200]);
    expect((await fetchMedia(t, viewer.segment)).status).toBe(200);
    advance(10);
    expect(await statuses(viewer)).toEqual([403, 403, 403]);
    expect((await fetchMedia(t, viewer.segment)).status).toBe(403);
  });

  it('dies with the login session: logout, from anywhere and without a token', async () => {
    const member = await buyer();
    const viewer = await start(member);
    expect(await statuses(viewer)).toEqual([200, 200, 200]);
    const logout = await t.request({ method: 'POST', url: '/api/v2/logout', token: member.token });
    expect(logout.code).toBe(0);
    expect(await statuses(viewer)).toEqual([403, 403, 403]);
  });

  it('dies with a password change made from another session', async () => {
    const { db } = t.services;
    const member = await buyer();
    const viewer = await start(member);
    const mobile = (
      await db.selectFrom('users').select('mobile').where('id', '=', member.id).executeTakeFirstOrThrow()
    ).mobile;
    await t.allowNextSms(mobile);
    const other = await t.loginBySms(mobile);
    await t.allowNextSms(mobile);
    const code = await t.sendSms(mobile, 'password_reset');
    const changed = await t.request({
      method: 'POST',
      url: '/api/v2/member/detail/password',
      token: other,
      payload: { mobile, mobile_code: code, password: 'NewPassw0rd!' },
    });
    expect(changed.code).toBe(0);
    expect(await statuses(viewer)).toEqual([403, 403, 403]);
    // The session that changed the password keeps playing.
    expect(await statuses(await start({ id: member.id, token: other }))).toEqual([200, 200, 200]);
  });

  it('dies with a newer login under the single-device rule, and with a lock', async () => {
    const { db } = t.services;
    const member = await buyer();
    const viewer = await start(member);
    const mobile = (
      await db.selectFrom('users').select('mobile').where('id', '=', member.id).executeTakeFirstOrThrow()
    ).mobile;
    await t.services.settings.set('login.limit.rule', '3');
    try {
      await t.allowNextSms(mobile);
      const newer = await t.loginBySms(mobile);
      expect(await statuses(viewer)).toEqual([403, 403, 403]);
      const current = await start({ id: member.id, token: newer });
      await db.updateTable('users').set({ is_lock: 1 }).where('id', '=', member.id).execute();
      expect(await statuses(current)).toEqual([403, 403, 403]);
    } finally {
      await t.services.settings.set('login.limit.rule', '1');
    }
  });

  it('checks entitlement at the key every time', async () => {
    const member = await buyer();
    const viewer = await start(member);
    await t.services.db
      .deleteFrom('user_courses')
      .where('user_id', '=', member.id)
      .where('course_id', '=', courseId)
      .execute();
    expect((await fetchMedia(t, viewer.key)).status).toBe(403);
  });
});
