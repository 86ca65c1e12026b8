import type { FastifyInstance } from 'fastify';
import { adminBroadcastsApi, adminMembersApi } from '@kezhan/contract/admin/members';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { createBroadcast, listBroadcasts } from '../messages/broadcasts';
import { notifyMember } from '../messages/notify';
import { actorOf, audit } from '../admin/audit';
import { adminRoute } from '../admin/guard';
import {
  changeMemberGoods,
  changeMemberMobile,
  memberDetail,
  memberExists,
  searchMembers,
  setMemberLock,
} from './member-admin';

/** Members and messages of the console; every change is audited in its transaction. */
export default async function adminMemberRoutes(app: FastifyInstance) {
  const { db, now } = app.services;

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
          action: `member.${direction}_${request.body.kind}`,
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
    await db.transaction().execute(async (trx) => {
      const change = await changeMemberMobile(trx, id, request.body.mobile, now());
      await audit(trx, request, { action: 'member.mobile', targetType: 'member', targetId: id, ...change });
    });
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
