import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCourseAttachment } from '@kezhan/contract/admin/attachments';
import { COURSE_ATTACHMENT_MESSAGES } from '@kezhan/contract/admin/attachment-rules';
import type { CourseDetail } from '@kezhan/contract/courses';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditRows, signedInAdmin, type AdminClient } from '../../../test/support/admin';
import { addCourse, grantCourse, newMember, type TestMember } from '../../../test/support/courses';
import { PERMISSION_DENIED_MESSAGE } from './guard';
import { receiveAttachment } from './attachment-admin';

const BOUNDARY = '----kezhan-attachment-boundary';

type Part = { field: string; value: string } | { field: string; filename: string; content: Buffer };

/** A multipart body of fields and files, in the order given. */
function multipart_(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'filename' in part
        ? `Content-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream`
        : `Content-Disposition: form-data; name="${part.field}"`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\n${head}\r\n\r\n`, 'utf8'));
    chunks.push('filename' in part ? part.content : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.from([0, 1, 2, 3, 250, 251, 252]),
  Buffer.from('\n%%EOF\n'),
]);

describe('course attachments in the console', () => {
  let t: TestApp;
  let editor: AdminClient;
  let buyer: TestMember;
  let stranger: TestMember;
  let course: number;
  let otherCourse: number;

  beforeAll(async () => {
    t = await createTestApp();
    editor = await signedInAdmin(t, 'content', 'editor');
    const { db } = t.services;
    course = await addCourse(db, { charge: 99, is_show: 1 });
    otherCourse = await addCourse(db, { charge: 0, is_free: 1, is_show: 1 });
    [buyer, stranger] = [await newMember(t), await newMember(t)];
    await grantCourse(db, buyer.id, course, 99);
  });
  afterAll(() => t.close());

  const attachRoot = () => path.resolve(t.services.env.dataDir, 'attach');
  const upload = (client: AdminClient, courseId: number, parts: Part[], extraHeaders = {}) => {
    const { payload, headers } = multipart_(parts);
    return client.request<AdminCourseAttachment>({
      method: 'POST',
      url: `/api/admin/courses/${courseId}/attachments`,
      payload,
      headers: { ...headers, ...extraHeaders },
    });
  };
  const list = (client: AdminClient, courseId: number) =>
    client.request<AdminCourseAttachment[]>({
      method: 'GET',
      url: `/api/admin/courses/${courseId}/attachments`,
    });
  const remove = (client: AdminClient, courseId: number, attachmentId: number) =>
    client.request({ method: 'DELETE', url: `/api/admin/courses/${courseId}/attachments/${attachmentId}` });
  const storedPath = async (id: number) =>
    (
      await t.services.db
        .selectFrom('course_attachments')
        .select('path')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).path;

  it('stores an upload under a random name, lists it, shows it to members and serves the exact bytes', async () => {
    const answer = await upload(editor, course, [
      { field: 'file', filename: '第一章讲义.pdf', content: PDF },
    ]);
    expect(answer).toMatchObject({
      code: 0,
      data: { name: '第一章讲义.pdf', size: PDF.length, extension: 'pdf', download_times: 0 },
    });
    const attachment = answer.data;
    expect(attachment.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    const stored = await storedPath(attachment.id);
    expect(stored).toMatch(new RegExp(`^${course}/[0-9a-f]{32}\\.pdf$`));
    expect(fs.readFileSync(path.join(attachRoot(), stored))).toEqual(PDF);

    expect((await list(editor, course)).data).toEqual([attachment]);

    // The member-facing course detail lists it…
    const detail = await t.request<CourseDetail>({ method: 'GET', url: `/api/v2/course/${course}` });
    expect(detail.data.attach).toEqual([
      { id: attachment.id, name: '第一章讲义.pdf', size: PDF.length, extension: 'pdf' },
    ]);

    // …a member who has not bought the course is refused, the buyer downloads the same bytes.
    const address = (token: string) =>
      t.request<{ download_url: string }>({
        method: 'GET',
        url: `/api/v3/course/${course}/attach/${attachment.id}`,
        token,
      });
    expect(await address(stranger.token)).toMatchObject({ code: 1, message: '请购买课程' });
    const { data } = await address(buyer.token);
    const url = new URL(data.download_url);
    const download = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(PDF);
    expect(download.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('第一章讲义.pdf')}`,
    );
    expect((await list(editor, course)).data[0].download_times).toBe(1);

    const [row] = await auditRows(t, 'course.attachment.create');
    expect(row).toMatchObject({ target_type: 'course_attachment', target_id: String(attachment.id) });
    expect(row.after).toMatchObject({
      course_id: course,
      name: '第一章讲义.pdf',
      path: stored,
      size: PDF.length,
    });
  });

  it('takes the display name from the `name` field (before or after the file), adding the extension', async () => {
    const after = await upload(editor, course, [
      { field: 'file', filename: 'slides.PPTX', content: Buffer.from('pptx bytes') },
      { field: 'name', value: '  课件 第二章 ' },
    ]);
    expect(after).toMatchObject({ code: 0, data: { name: '课件 第二章.pptx', extension: 'pptx' } });
    const before = await upload(editor, course, [
      { field: 'name', value: '习题答案.zip' },
      { field: 'file', filename: 'answers.zip', content: Buffer.from('PK zip bytes') },
    ]);
    expect(before).toMatchObject({ code: 0, data: { name: '习题答案.zip', extension: 'zip' } });
    // The same name twice in one course is refused, and nothing is left on disk.
    const files = fs.readdirSync(path.join(attachRoot(), String(course))).length;
    const twice = await upload(editor, course, [
      { field: 'name', value: '习题答案' },
      { field: 'file', filename: 'again.zip', content: Buffer.from('PK again') },
    ]);
    expect(twice).toMatchObject({ code: 1, message: COURSE_ATTACHMENT_MESSAGES.duplicate });
    const long = await upload(editor, course, [
      { field: 'name', value: '名'.repeat(130) },
      { field: 'file', filename: 'long.zip', content: Buffer.from('PK long') },
    ]);
    expect(long).toMatchObject({ code: 1, message: COURSE_ATTACHMENT_MESSAGES.nameTooLong });
    expect(fs.readdirSync(path.join(attachRoot(), String(course))).length).toBe(files);
  });

  it('never uses the browser’s name as a path', async () => {
    const answer = await upload(editor, course, [{ field: 'file', filename: '../../x.pdf', content: PDF }]);
    expect(answer).toMatchObject({ code: 0, data: { name: 'x.pdf' } });
    const stored = await storedPath(answer.data.id);
    expect(stored).toMatch(new RegExp(`^${course}/[0-9a-f]{32}\\.pdf$`));
    expect(fs.existsSync(path.resolve(attachRoot(), '..', '..', 'x.pdf'))).toBe(false);
    const named = await upload(editor, course, [
      { field: 'name', value: '..\\..\\evil/notes.md' },
      { field: 'file', filename: 'notes.md', content: Buffer.from('# notes') },
    ]);
    expect(named).toMatchObject({ code: 0, data: { name: 'notes.md' } });
  });

  it('refuses files that are not course material, and requests without a file', async () => {
    for (const filename of ['page.html', 'logo.svg', 'setup.exe', 'notes.pdf.html', 'README']) {
      const answer = await upload(editor, course, [
        { field: 'file', filename, content: Buffer.from('<b>x</b>') },
      ]);
      expect(answer, filename).toMatchObject({ code: 1, message: COURSE_ATTACHMENT_MESSAGES.badType });
    }
    expect(await upload(editor, course, [{ field: 'name', value: 'x.pdf' }])).toMatchObject({
      code: 1,
      message: COURSE_ATTACHMENT_MESSAGES.missing,
    });
    expect(
      await upload(editor, course, [{ field: 'file', filename: 'empty.pdf', content: Buffer.alloc(0) }]),
    ).toMatchObject({
      code: 1,
      message: COURSE_ATTACHMENT_MESSAGES.missing,
    });
    expect(
      await editor.request({ method: 'POST', url: `/api/admin/courses/${course}/attachments`, payload: {} }),
    ).toMatchObject({ code: 1, message: COURSE_ATTACHMENT_MESSAGES.missing });
    // Nothing was kept: only the accepted uploads of the earlier tests are on disk.
    const rows = await list(editor, course);
    expect(fs.readdirSync(path.join(attachRoot(), String(course))).length).toBe(rows.data.length);
  });

  it('takes files beyond the 1 MB body limit of JSON requests', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 5, 7);
    const answer = await upload(editor, course, [{ field: 'file', filename: 'recording.mp3', content: big }]);
    expect(answer).toMatchObject({ code: 0, data: { name: 'recording.mp3', size: big.length } });
    expect(fs.statSync(path.join(attachRoot(), await storedPath(answer.data.id))).size).toBe(big.length);
  });

  it('refuses an upload that declares more than 100 MB before reading it', async () => {
    const answer = await upload(editor, course, [{ field: 'file', filename: 'big.pdf', content: PDF }], {
      'content-length': String(101 * 1024 * 1024),
    });
    expect(answer).toMatchObject({ code: 1, message: COURSE_ATTACHMENT_MESSAGES.tooLarge });
  });

  it('refuses unknown and deleted courses', async () => {
    const gone = await addCourse(t.services.db, { deleted_at: new Date() });
    for (const id of [999999, gone]) {
      expect(await upload(editor, id, [{ field: 'file', filename: 'a.pdf', content: PDF }])).toMatchObject({
        code: 1,
        message: COURSE_ATTACHMENT_MESSAGES.courseNotFound,
      });
      expect(await list(editor, id)).toMatchObject({
        code: 1,
        message: COURSE_ATTACHMENT_MESSAGES.courseNotFound,
      });
    }
  });

  it('removes an attachment only through its own course, with its file, audited', async () => {
    const answer = await upload(editor, otherCourse, [
      { field: 'file', filename: 'handout.pdf', content: PDF },
    ]);
    const id = answer.data.id;
    const file = path.join(attachRoot(), await storedPath(id));
    expect(fs.existsSync(file)).toBe(true);

    expect(await remove(editor, course, id)).toMatchObject({
      code: 1,
      message: COURSE_ATTACHMENT_MESSAGES.notFound,
    });
    expect(await remove(editor, otherCourse, 999999)).toMatchObject({
      code: 1,
      message: COURSE_ATTACHMENT_MESSAGES.notFound,
    });
    expect(fs.existsSync(file)).toBe(true);

    expect(await remove(editor, otherCourse, id)).toMatchObject({ code: 0 });
    expect(fs.existsSync(file)).toBe(false);
    expect((await list(editor, otherCourse)).data).toEqual([]);
    const detail = await t.request<CourseDetail>({ method: 'GET', url: `/api/v2/course/${otherCourse}` });
    expect(detail.data.attach).toEqual([]);
    const [row] = await auditRows(t, 'course.attachment.delete');
    expect(row).toMatchObject({ target_type: 'course_attachment', target_id: String(id) });
    expect(row.before).toMatchObject({ course_id: otherCourse, name: 'handout.pdf', size: PDF.length });
  });

  it('leaves an address attachment’s target and files outside DATA_DIR/attach alone', async () => {
    const { db } = t.services;
    const outside = path.join(t.services.env.dataDir, 'keep-me.txt');
    fs.writeFileSync(outside, 'keep');
    const rows = await db
      .insertInto('course_attachments')
      .values([
        { course_id: otherCourse, name: 'remote.pdf', path: 'https://files.example.com/r.pdf' },
        { course_id: otherCourse, name: 'escape.txt', path: '../keep-me.txt' },
      ])
      .returning('id')
      .execute();
    for (const { id } of rows) expect(await remove(editor, otherCourse, id)).toMatchObject({ code: 0 });
    expect(fs.readFileSync(outside, 'utf8')).toBe('keep');
  });

  it('refuses roles without course.edit, and lets 客服 read the list', async () => {
    const support = await signedInAdmin(t, 'support', 'helpdesk');
    const finance = await signedInAdmin(t, 'finance', 'cashier');
    const denied = { code: 403, message: PERMISSION_DENIED_MESSAGE };
    for (const client of [support, finance]) {
      expect(
        await upload(client, course, [{ field: 'file', filename: 'a.pdf', content: PDF }]),
      ).toMatchObject(denied);
      expect(await remove(client, course, 1)).toMatchObject(denied);
    }
    expect(await list(support, course)).toMatchObject({ code: 0 });
    expect(await list(finance, course)).toMatchObject(denied);
  });
});

describe('receiveAttachment', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-attach-'));
  const app = Fastify();

  beforeAll(async () => {
    await app.register(multipart, { throwFileSizeLimit: true });
    app.post('/up', async (request) => {
      try {
        return { ok: await receiveAttachment(request, root, 'c', 1024) };
      } catch (error) {
        return { error: (error as Error).message };
      }
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('streams a file over the limit to disk and removes the partial file', async () => {
    const { payload, headers } = multipart_([
      { field: 'file', filename: 'big.pdf', content: Buffer.alloc(64 * 1024, 1) },
    ]);
    const answer = await app.inject({ method: 'POST', url: '/up', payload, headers });
    expect(answer.json()).toEqual({ error: COURSE_ATTACHMENT_MESSAGES.tooLarge });
    expect(fs.readdirSync(path.join(root, 'c'))).toEqual([]);

    const small = multipart_([{ field: 'file', filename: 'small.pdf', content: Buffer.alloc(1024, 2) }]);
    const kept = await app.inject({ method: 'POST', url: '/up', ...small });
    expect(kept.json()).toMatchObject({ ok: { name: 'small.pdf', size: 1024, extension: 'pdf' } });
    expect(fs.readdirSync(path.join(root, 'c'))).toHaveLength(1);
  });
});
