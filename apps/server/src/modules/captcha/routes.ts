import type { FastifyInstance } from 'fastify';
import { authApi } from '@kezhan/contract/auth';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { BusinessError } from '../../shared/http/errors';
import { route } from '../../shared/http/route';

export const WRONG_CAPTCHA_MESSAGE = '图形验证码错误';

export default async function captchaRoutes(app: FastifyInstance) {
  const { imageCaptcha, smsCodes } = app.services;
  // Each IP may also ask for captchas and SMS only so often, on top of the global limit.
  const perIpLimit = (max: number) => ({ config: { rateLimit: { max } } });

  route(app, authApi.captchaImage, perIpLimit(30), async () => ok(await imageCaptcha.issue()));

  route(app, authApi.sendSms, perIpLimit(10), async (request) => {
    const body = request.body;
    if (!(await imageCaptcha.check(body.image_key, body.image_captcha))) {
      throw new BusinessError(WRONG_CAPTCHA_MESSAGE);
    }
    await smsCodes.send(body.mobile, body.scene);
    return ok(NO_DATA);
  });
}
