import type { FastifyInstance } from 'fastify';
import { adminCommentsApi } from '@kezhan/contract/admin/comments';
import { ok } from '../../shared/http/envelope';
import { audit } from '../admin/audit';
import { adminRoute } from '../admin/guard';
import { listCommentsForModeration, moderateComments } from './comment-moderation';

const NEED_APPROVAL = 'comment.need_approval';
const ACTION_NAMES = {
  approve: 'comment.approve',
  reject: 'comment.reject',
  delete: 'comment.delete',
} as const;

/** The console's comment moderation: the queue, bulk decisions (one audit row each) and the 审核 switch. */
export default async function commentAdminRoutes(app: FastifyInstance) {
  const { db, settings } = app.services;

  adminRoute(app, adminCommentsApi.list, async (request) =>
    ok(await listCommentsForModeration(db, request.query)),
  );

  adminRoute(app, adminCommentsApi.moderate, async (request) => {
    const { ids, action, reason = '' } = request.body;
    const result = await db.transaction().execute(async (trx) => {
      const done = await moderateComments(trx, [...new Set(ids)], action, reason);
      if (done.ids.length > 0) {
        await audit(trx, request, {
          action: ACTION_NAMES[action],
          targetType: 'comment',
          targetId: done.ids.join(','),
          before: done.before,
          after: { ids: done.ids, ...(action === 'reject' && reason ? { reason } : {}) },
        });
      }
      return done;
    });
    return ok({ count: result.ids.length });
  });

  const current = async () => ({
    need_approval: (await settings.snapshot()).int(NEED_APPROVAL) === 1 ? (1 as const) : (0 as const),
  });

  adminRoute(app, adminCommentsApi.settings, async () => ok(await current()));

  adminRoute(app, adminCommentsApi.saveSettings, async (request) => {
    const before = await current();
    const value = request.body.need_approval;
    if (before.need_approval !== value) {
      await settings.set(NEED_APPROVAL, String(value));
      await audit(db, request, {
        action: 'comment.settings',
        targetType: 'setting',
        targetId: NEED_APPROVAL,
        before,
        after: { need_approval: value },
      });
    }
    return ok({ need_approval: value });
  });
}
