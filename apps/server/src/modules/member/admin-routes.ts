import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { adminBroadcastsApi, adminMemberAccountsApi, adminMembersApi } from '@kezhan/contract/admin/members';
import { hashPassword } from '../../shared/auth/passwords';
import { BusinessError } from '../../shared/http/errors';
import { GRANT_ON_CREATE_DENIED } from './member-create';
import { NO_DATA, ok } from '../../shared/http/envelope';
import type { SmsNoticeKind, SmsSender } from '../../providers/sms/sms-sender';
import { createBroadcast, listBroadcasts } from '../messages/broadcasts';
import { notifyMember } from '../messages/notify';
import { actorOf, audit } from '../admin/audit';
import { adminMay, adminRoute } from '../admin/guard';
import {
  changeMemberGoods,
  changeMemberMobile,
  memberDetail,
  memberExists,
  resetMemberPassword,
  searchMembers,
  setMemberLock,
} from './member-admin';
import { removeUploadedFiles } from './account-deletion';
import { checkGoods, insertOperatorMember, newMemberDefaults, type OperatorMember } from './member-create';
import { memberCsvChunks } from './member-export';
import {
  addRemark,
  createTag,
  deleteMemberByOperator,
  deleteTag,
  listTags,
  removeRemark,
  setMemberTags,
} from './member-records';

/**
 * The SMS notice of a committed change. Best effort: the site message is already written and the
 * change stands, so a gateway failure is logged, not answered as a failure of the change.
 */
async function textNotice(
  sms: SmsSender,
  log: FastifyBaseLogger,
  mobile: string | null,
  kind: SmsNoticeKind,
) {
  if (!mobile) return;
  try {
    await sms.notify({ mobile, kind });
  } catch (error) {
    log.warn({ err: error, kind }, 'account notice SMS not sent');
  }
}

/** `member.grant_course`, `member.revoke_vip`, …: written out so every audit action is a literal. */
const GOODS_ACTIONS = {
  grant: { course: 'member.grant_course', vip: 'member.grant_vip' },
  revoke: { course: 'member.revoke_course', vip: 'member.revoke_vip' },
} as const;

/** Members and messages of the console; every change is audited in its transaction. */
export default async function adminMemberRoutes(app: FastifyInstance) {
  const { db, now, settings, storage, sms } = app.services;
  const notice = () => ({ sms: sms.sendsNotices });

  adminRoute(app, adminMembersApi.list, async (request) => ok(await searchMembers(db, request.query, now())));

  adminRoute(app, adminMembersApi.detail, async (request) =>
    ok(await memberDetail(db, request.params.id, now())),
  );

  adminRoute(app, adminMembersApi.vipPlans, async () =>
    ok(
      await db
        .selectFrom('roles')
        .select(['id', 'name', 'expire_days'])
        .orderBy('weight')
        .orderBy('id')
        .execute(),
    ),
  );

  adminRoute(app, adminMembersApi.lock, async (request) => {
    const { id } = request.params;
    await db.transaction().execute(async (trx) => {
      const change = await setMemberLock(trx, id, request.body.is_lock, now());
      const action = request.body.is_lock === 1 ? 'member.lock' : 'member.unlock';
      await audit(trx, request, { action, targetType: 'member', targetId: id, ...change });
    });
    return ok(NO_DATA);
  });

  for (const [endpoint, direction] of [
    [adminMembersApi.grant, 'grant'],
    [adminMembersApi.revoke, 'revoke'],
  ] as const) {
    adminRoute(app, endpoint, async (request) => {
      const { id } = request.params;
      await db.transaction().execute(async (trx) => {
        const change = await changeMemberGoods(trx, id, request.body, direction, now());
        await audit(trx, request, {
          action: GOODS_ACTIONS[direction][request.body.kind],
          targetType: 'member',
          targetId: id,
          ...change,
        });
      });
      return ok(NO_DATA);
    });
  }

  adminRoute(app, adminMembersApi.changeMobile, async (request) => {
    const { id } = request.params;
    const smsTo = await db.transaction().execute(async (trx) => {
      const change = await changeMemberMobile(trx, id, request.body, notice(), now());
      await audit(trx, request, {
        action: 'member.mobile',
        targetType: 'member',
        targetId: id,
        ...change.audit,
      });
      return change.smsTo;
    });
    await textNotice(sms, request.log, smsTo, 'mobile_changed');
    return ok(NO_DATA);
  });

  adminRoute(app, adminMembersApi.resetPassword, async (request) => {
    const { id } = request.params;
    const passwordHash = await hashPassword(request.body.password);
    const smsTo = await db.transaction().execute(async (trx) => {
      const change = await resetMemberPassword(
        trx,
        id,
        { passwordHash, reason: request.body.reason },
        notice(),
        now(),
      );
      await audit(trx, request, {
        action: 'member.password_reset',
        targetType: 'member',
        targetId: id,
        ...change.audit,
      });
      return change.smsTo;
    });
    await textNotice(sms, request.log, smsTo, 'password_reset');
    return ok(NO_DATA);
  });

  adminRoute(app, adminMembersApi.message, async (request) => {
    const { id } = request.params;
    await db.transaction().execute(async (trx) => {
      await memberExists(trx, id);
      await notifyMember(trx, id, request.body.message);
      await audit(trx, request, {
        action: 'member.message',
        targetType: 'member',
        targetId: id,
        after: { message: request.body.message },
      });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, adminMemberAccountsApi.create, async (request) => {
    const body = request.body;
    const member: OperatorMember = {
      mobile: body.mobile,
      nickName: body.nick_name,
      courseIds: [...new Set(body.course_ids)],
      roleId: body.role_id,
      vipDays: body.vip_days,
    };
    if ((member.courseIds.length > 0 || member.roleId) && !adminMay(request, 'member.grant')) {
      throw new BusinessError(GRANT_ON_CREATE_DENIED, 403);
    }
    await checkGoods(db, member);
    if (body.password) member.passwordHash = await hashPassword(body.password);
    // Read before the transaction: with PGlite's one connection a read outside it would wait forever.
    const defaults = newMemberDefaults(await settings.snapshot());
    const id = await db.transaction().execute(async (trx) => {
      const created = await insertOperatorMember(trx, defaults, member, now());
      if ('taken' in created) throw new BusinessError(created.taken);
      await audit(trx, request, {
        action: 'member.create',
        targetType: 'member',
        targetId: created.id,
        after: {
          mobile: member.mobile,
          nick_name: member.nickName ?? '',
          password_set: Boolean(member.passwordHash),
          course_ids: member.courseIds,
          role_id: member.roleId ?? null,
          vip_days: member.vipDays ?? null,
        },
      });
      return created.id;
    });
    return ok({ id });
  });

  adminRoute(app, adminMemberAccountsApi.remove, async (request) => {
    const { id } = request.params;
    const files = await db.transaction().execute(async (trx) => {
      const deleted = await deleteMemberByOperator(trx, id, now());
      await audit(trx, request, {
        action: 'member.delete',
        targetType: 'member',
        targetId: id,
        before: deleted.before,
        after: { reason: request.body.reason },
      });
      return deleted.files;
    });
    await removeUploadedFiles(storage, files);
    return ok(NO_DATA);
  });

  adminRoute(app, adminMemberAccountsApi.exportCsv, async (request, reply) => {
    const filter = request.query;
    await audit(db, request, { action: 'member.export', targetType: 'member', after: filter });
    const day = new Date(now().getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="members-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(memberCsvChunks(db, filter, now())));
  });

  adminRoute(app, adminMemberAccountsApi.addRemark, async (request) => {
    const { id } = request.params;
    const remarkId = await db.transaction().execute(async (trx) => {
      const created = await addRemark(trx, id, request.body.content, actorOf(request), now());
      await audit(trx, request, {
        action: 'member.remark.create',
        targetType: 'member',
        targetId: id,
        after: { remark_id: created, content: request.body.content },
      });
      return created;
    });
    return ok({ id: remarkId });
  });

  adminRoute(app, adminMemberAccountsApi.removeRemark, async (request) => {
    const { id, remarkId } = request.params;
    await db.transaction().execute(async (trx) => {
      const removed = await removeRemark(trx, id, remarkId);
      await audit(trx, request, {
        action: 'member.remark.delete',
        targetType: 'member',
        targetId: id,
        before: { remark_id: remarkId, ...removed },
      });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, adminMemberAccountsApi.setTags, async (request) => {
    const { id } = request.params;
    await db.transaction().execute(async (trx) => {
      const change = await setMemberTags(trx, id, request.body.tag_ids, now());
      await audit(trx, request, { action: 'member.tags', targetType: 'member', targetId: id, ...change });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, adminMemberAccountsApi.tags, async () => ok(await listTags(db)));

  adminRoute(app, adminMemberAccountsApi.createTag, async (request) => {
    const tag = await db.transaction().execute(async (trx) => {
      const created = await createTag(trx, request.body.name, now());
      await audit(trx, request, {
        action: 'member_tag.create',
        targetType: 'member_tag',
        targetId: created.id,
        after: { name: created.name },
      });
      return created;
    });
    return ok(tag);
  });

  adminRoute(app, adminMemberAccountsApi.removeTag, async (request) => {
    const { id } = request.params;
    await db.transaction().execute(async (trx) => {
      const removed = await deleteTag(trx, id);
      await audit(trx, request, {
        action: 'member_tag.delete',
        targetType: 'member_tag',
        targetId: id,
        before: removed,
      });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, adminBroadcastsApi.list, async (request) =>
    ok(await listBroadcasts(db, request.query.page, request.query.page_size)),
  );

  adminRoute(app, adminBroadcastsApi.create, async (request) => {
    const actor = actorOf(request);
    const id = await db.transaction().execute(async (trx) => {
      const created = await createBroadcast(trx, request.body, {
        administratorId: actor.id,
        administratorName: actor.name,
        now: now(),
      });
      await audit(trx, request, {
        action: 'broadcast.create',
        targetType: 'broadcast',
        targetId: created.id,
        after: { message: request.body.message, ...created.audience, total: created.total },
      });
      return created.id;
    });
    return ok({ id });
  });
}
