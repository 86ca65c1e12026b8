import type { FastifyInstance } from 'fastify';
import { devApi } from '@kezhan/contract/dev';
import { route } from '../../shared/http/route';
import { BusinessError, INVALID_PARAMS_MESSAGE } from '../../shared/http/errors';
import { devFaceIdCompletePath, type DevFaceIdProvider } from '../../providers/faceid/dev-faceid-provider';
import { devPage, escapeHtml } from '../social/dev-page';

/**
 * The development FaceID "H5": pick a name and id number and pass (or fail) the check; the
 * browser then returns to the s_url recorded when the session started. Never in production.
 */
export function registerDevFaceIdRoutes(app: FastifyInstance, provider: DevFaceIdProvider) {
  route(app, devApi.faceIdPage, async (request, reply) => {
    const { biz_token: bizToken } = request.query;
    if (!(await provider.exists(bizToken))) throw new BusinessError(INVALID_PARAMS_MESSAGE);
    const form = `<form method="get" action="${devFaceIdCompletePath}">
<input type="hidden" name="biz_token" value="${escapeHtml(bizToken)}">
<label for="name">姓名</label>
<input id="name" name="name" value="张三" maxlength="32">
<label for="id_number">身份证号</label>
<input id="id_number" name="id_number" value="110101199003071234" maxlength="18">
<button type="submit" name="result" value="pass">通过认证</button>
<button type="submit" name="result" value="fail" class="secondary">认证失败</button>
</form>`;
    return reply.type('text/html; charset=utf-8').send(devPage('模拟实名认证', form));
  });

  route(app, devApi.faceIdComplete, async (request, reply) => {
    const query = request.query;
    if (!(await provider.exists(query.biz_token))) throw new BusinessError(INVALID_PARAMS_MESSAGE);
    const outcome =
      query.result === 'pass'
        ? {
            outcome: 'passed' as const,
            name: query.name || '张三',
            idNumber: query.id_number || '110101199003071234',
          }
        : { outcome: 'failed' as const, reason: '模拟认证失败' };
    return reply.redirect(await provider.complete(query.biz_token, outcome));
  });
}
