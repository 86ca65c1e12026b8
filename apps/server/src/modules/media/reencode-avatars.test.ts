import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { runCommand } from '../../cli/run-command';
import { newMember } from '../../../test/support/courses';

describe('media:reencode-avatars', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('re-encodes avatars stored as sent, dropping their GPS data, once', async () => {
    const member = await newMember(t);
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#308050' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'OldPhone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 0/1' } })
      .toBuffer();
    const key = 'images/member-avatar/2024/05/0123456789abcdef0123456789abcdef.jpg';
    const url = await t.services.storage.put(key, photo, 'image/jpeg');
    await t.services.db
      .insertInto('user_upload_images')
      .values({
        user_id: member.id,
        provider: 'local',
        storage_key: key,
        url,
        mime: 'image/jpeg',
        size: photo.length,
        width: 400,
        height: 300,
        created_at: new Date(),
      })
      .execute();
    await t.services.db.updateTable('users').set({ avatar: url }).where('id', '=', member.id).execute();

    const run = await runCommand(t.services, ['media:reencode-avatars']);
    expect(run.output[0]).toBe('1 avatar(s) re-encoded; 0 unreadable or missing left as they are');
    const user = await t.services.db
      .selectFrom('users')
      .select('avatar')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(user.avatar).toMatch(/\/storage\/images\/member-avatar\/2024\/05\/[0-9a-f]{32}\.256x192\.jpg$/);
    const storageDir = path.join(t.services.env.dataDir, 'storage');
    expect(fs.existsSync(path.join(storageDir, key))).toBe(false);
    const stored = fs.readFileSync(path.join(storageDir, user.avatar.split('/storage/')[1]));
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes('OldPhone')).toBe(false);

    expect((await runCommand(t.services, ['media:reencode-avatars'])).output[0]).toBe(
      '0 avatar(s) re-encoded; 0 unreadable or missing left as they are',
    );
  });
});
