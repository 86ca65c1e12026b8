import type { SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import type { AdminBroadcast, adminBroadcastBody, BroadcastAudience } from '@kezhan/contract/admin/members';
import type { Database } from '../../shared/db/schema';
import type { Db } from '../../shared/db/database';
import { BusinessError } from '../../shared/http/errors';
import type { MessageBroadcastsTable } from './tables';
import '../courses/tables';

export const BROADCAST_BATCH_SIZE = 500;
export const MEMBER_NOT_FOUND = '学员不存在';
export const COURSE_NOT_FOUND = '课程不存在';
export const MEMBER_REQUIRED = '请选择学员';
export const COURSE_REQUIRED = '请选择课程';
export const RANGE_REQUIRED = '请选择注册日期范围';
export const RANGE_ORDER = '开始日期不能晚于结束日期';

type Broadcast = Pick<
  MessageBroadcastsTable,
  'audience' | 'course_id' | 'member_id' | 'registered_from' | 'registered_to'
>;

const DAY_MS = 86_400_000;
/** The first instant of a `YYYY-MM-DD` day in UTC+8. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** The members a broadcast goes to, as a filter on `users`; VIP means active at `now`. */
function audienceOf<O>(
  query: SelectQueryBuilder<Database, 'users', O>,
  broadcast: Broadcast,
  now: Date,
): SelectQueryBuilder<Database, 'users', O> {
  switch (broadcast.audience as BroadcastAudience) {
    case 'member':
      return query.where('users.id', '=', broadcast.member_id ?? 0);
    case 'vip':
      return query.where('users.role_id', '>', 0).where('users.role_expired_at', '>', now);
    case 'course':
      return query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('user_courses')
            .select('user_courses.user_id')
            .whereRef('user_courses.user_id', '=', 'users.id')
            .where('user_courses.course_id', '=', broadcast.course_id ?? 0),
        ),
      );
    case 'registered':
      return query
        .where('users.created_at', '>=', dayStart(broadcast.registered_from ?? '1970-01-01'))
        .where(
          'users.created_at',
          '<',
          new Date(dayStart(broadcast.registered_to ?? '1970-01-01').getTime() + DAY_MS),
        );
    case 'all':
      return query;
  }
}

const countAudience = async (db: Db, broadcast: Broadcast, now: Date) => {
  const row = await audienceOf(
    db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('count')),
    broadcast,
    now,
  ).executeTakeFirstOrThrow();
  return Number(row.count);
};

/** The audience part of a broadcast as the console sends it (the message aside). */
type AudienceInput = Omit<z.output<typeof adminBroadcastBody>, 'message'>;

/**
 * The audience's columns of a broadcast, checked: the member or the course must exist, a date range
 * must be whole and in order. Refuses in Chinese (`BusinessError`).
 */
async function checkedAudience(db: Db, body: AudienceInput): Promise<Broadcast> {
  const { audience } = body;
  const fields: Broadcast = {
    audience,
    member_id: null,
    course_id: null,
    registered_from: null,
    registered_to: null,
  };
  if (audience === 'member') {
    if (!body.member_id) throw new BusinessError(MEMBER_REQUIRED);
    fields.member_id = body.member_id;
    const member = await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', fields.member_id)
      .executeTakeFirst();
    if (!member) throw new BusinessError(MEMBER_NOT_FOUND);
  }
  if (audience === 'course') {
    if (!body.course_id) throw new BusinessError(COURSE_REQUIRED);
    fields.course_id = body.course_id;
    const course = await db
      .selectFrom('courses')
      .select('id')
      .where('id', '=', fields.course_id)
      .executeTakeFirst();
    if (!course) throw new BusinessError(COURSE_NOT_FOUND);
  }
  if (audience === 'registered') {
    if (!body.registered_from || !body.registered_to) throw new BusinessError(RANGE_REQUIRED);
    if (body.registered_from > body.registered_to) throw new BusinessError(RANGE_ORDER);
    fields.registered_from = body.registered_from;
    fields.registered_to = body.registered_to;
  }
  return fields;
}

/** How many members a broadcast to this audience reaches now: the console's confirmation. */
export async function audienceSize(db: Db, body: AudienceInput, now: Date): Promise<number> {
  return countAudience(db, await checkedAudience(db, body), now);
}

const MOBILE_DIGITS = /^\d{1,11}$/;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** 13812345678 → 138****5678: the picker names a member without handing out their number. */
const maskMobile = (mobile: string) =>
  mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile.replace(/\d(?=\d{4})/g, '*');

/**
 * The message form's member picker: members whose mobile begins with the digits typed, or whose
 * nickname holds the text typed, newest first. Mobiles are masked: the role that sends messages
 * need not be one that may read members' numbers.
 */
export async function searchRecipients(db: Db, keyword: string, limit: number) {
  const text = keyword.trim();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'nick_name', 'mobile'])
    .where((eb) =>
      MOBILE_DIGITS.test(text)
        ? eb('mobile', 'like', `${text}%`)
        : eb('nick_name', 'ilike', `%${escapeLike(text)}%`),
    )
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, nick_name: row.nick_name, mobile: maskMobile(row.mobile) }));
}

/** What a new broadcast needs besides the body: who sends it and when. */
export interface BroadcastSender {
  administratorId: number | null;
  administratorName: string;
  now: Date;
}

/**
 * Records a broadcast (call inside the transaction of its audit row). A message to one member is
 * written at once and the broadcast is done; a group's is queued for the `message-broadcasts` job.
 */
export async function createBroadcast(
  trx: Db,
  body: z.output<typeof adminBroadcastBody>,
  sender: BroadcastSender,
) {
  const fields = await checkedAudience(trx, body);
  const { audience } = fields;
  const { now } = sender;
  const total = await countAudience(trx, fields, now);
  const { id } = await trx
    .insertInto('message_broadcasts')
    .values({
      ...fields,
      message: body.message,
      total,
      administrator_id: sender.administratorId,
      administrator_name: sender.administratorName,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (audience === 'member') {
    await trx
      .insertInto('notifications')
      .values({ user_id: fields.member_id!, message: body.message, broadcast_id: id, created_at: now })
      .execute();
    await trx
      .updateTable('message_broadcasts')
      .set({ state: 'done', sent: 1, last_user_id: fields.member_id!, finished_at: now })
      .where('id', '=', id)
      .execute();
  }
  return { id, total, audience: fields };
}

/**
 * Delivers the next batch of one broadcast in one transaction: the next `batchSize` members after
 * `last_user_id` get the message and `last_user_id` moves past them, or, with nobody left, the
 * broadcast is done. A crash before the commit delivers nothing of the batch; the unique
 * (broadcast, member) index refuses a second copy whatever happens. Returns false when done.
 */
export async function deliverBatch(
  db: Db,
  broadcastId: number,
  batchSize: number,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const broadcast = await trx
      .selectFrom('message_broadcasts')
      .selectAll()
      .where('id', '=', broadcastId)
      .where('state', '!=', 'done')
      .forUpdate()
      .executeTakeFirst();
    if (!broadcast) return false;
    const members = await audienceOf(
      trx.selectFrom('users').select('users.id').where('users.id', '>', broadcast.last_user_id),
      broadcast,
      now,
    )
      .orderBy('users.id')
      .limit(batchSize)
      .execute();
    if (members.length === 0) {
      await trx
        .updateTable('message_broadcasts')
        .set({ state: 'done', total: broadcast.sent, finished_at: now, updated_at: now })
        .where('id', '=', broadcastId)
        .execute();
      return false;
    }
    const inserted = await trx
      .insertInto('notifications')
      .values(
        members.map((member) => ({
          user_id: member.id,
          message: broadcast.message,
          broadcast_id: broadcastId,
          created_at: now,
        })),
      )
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .execute();
    const sent = broadcast.sent + inserted.length;
    await trx
      .updateTable('message_broadcasts')
      .set({
        state: 'sending',
        sent,
        // A group that grew since it was counted still shows a total at least what was sent.
        total: Math.max(broadcast.total, sent),
        last_user_id: members[members.length - 1].id,
        updated_at: now,
      })
      .where('id', '=', broadcastId)
      .execute();
    return true;
  });
}

/**
 * The `message-broadcasts` job: unfinished broadcasts, oldest first, batch by batch, at most
 * `maxBatches` batches a run so one run never holds the job for long.
 */
export async function deliverBroadcasts(
  db: Db,
  now: Date,
  { batchSize = BROADCAST_BATCH_SIZE, maxBatches = 40 } = {},
): Promise<{ batches: number; broadcasts_finished: number }> {
  let batches = 0;
  let finished = 0;
  const pending = await db
    .selectFrom('message_broadcasts')
    .select('id')
    .where('state', '!=', 'done')
    .orderBy('id')
    .execute();
  for (const { id } of pending) {
    while (batches < maxBatches) {
      const more = await deliverBatch(db, id, batchSize, now);
      if (!more) {
        finished += 1;
        break;
      }
      batches += 1;
    }
    if (batches >= maxBatches) break;
  }
  return { batches, broadcasts_finished: finished };
}

function describeAudience(row: Broadcast, courseTitle: string | null): string {
  switch (row.audience as BroadcastAudience) {
    case 'member':
      return `学员 #${row.member_id}`;
    case 'vip':
      return 'VIP 会员';
    case 'course':
      return `购买课程「${courseTitle ?? `#${row.course_id}`}」的学员`;
    case 'registered':
      return `${row.registered_from} 至 ${row.registered_to} 注册的学员`;
    case 'all':
      return '全部学员';
  }
}

export async function listBroadcasts(
  db: Db,
  page: number,
  pageSize: number,
): Promise<{ data: AdminBroadcast[]; total: number }> {
  const [{ total }] = await db
    .selectFrom('message_broadcasts')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .execute();
  const rows = await db
    .selectFrom('message_broadcasts as b')
    .leftJoin('courses as c', 'c.id', 'b.course_id')
    .selectAll('b')
    .select('c.title as course_title')
    .orderBy('b.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    total: Number(total),
    data: rows.map((row) => ({
      id: row.id,
      message: row.message,
      audience: row.audience as BroadcastAudience,
      audience_text: describeAudience(row, row.course_title),
      state: row.state,
      total: row.total,
      sent: row.sent,
      administrator_name: row.administrator_name,
      created_at: new Date(row.created_at).toISOString(),
      finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    })),
  };
}
