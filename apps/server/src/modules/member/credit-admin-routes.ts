import type { FastifyInstance } from 'fastify';
import { adminMemberAccountsApi } from '@kezhan/contract/admin/members';
import { ok } from '../../shared/http/envelope';
import { audit } from '../admin/audit';
import { adminRoute } from '../admin/guard';
import { adjustCredit1 } from './credit-adjust';
import { listCredit1Records } from '../credits/credit-records';

/**
 * A member's points in the console (积分明细 and 调整积分 on the member page): the history, and
 * adjustments with a reason (audited). They live with the member console so that the points
 * history (modules/credits), which courses, orders and sign-ups write to, holds no console code.
 */
export default async function adminCreditRoutes(app: FastifyInstance) {
  const { db, now } = app.services;

  adminRoute(app, adminMemberAccountsApi.credits, async (request) => {
    const { page, page_size: pageSize } = request.query;
    const records = await listCredit1Records(db, request.params.id, page, pageSize);
    return ok({
      total: records.total,
      data: records.data.map((record) => ({ ...record, remark: record.remark ?? '' })),
    });
  });

  adminRoute(app, adminMemberAccountsApi.adjustCredits, async (request) => {
    const { id } = request.params;
    const { change, reason } = request.body;
    const balance = await db.transaction().execute(async (trx) => {
      const adjusted = await adjustCredit1(trx, id, change, reason, now());
      await audit(trx, request, { action: 'member.credit', targetType: 'member', targetId: id, ...adjusted });
      return adjusted.after.credit1;
    });
    return ok({ credit1: balance });
  });
}
