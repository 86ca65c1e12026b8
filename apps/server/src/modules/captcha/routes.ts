import type { FastifyInstance } from 'fastify';
import { sendSmsBody } from '@kezhan/contract/auth';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { BusinessError } from '../../shared/http/errors';
import { validate } from '../../shared/http/validate';

export const WRONG_CAPTCHA_MESSAGE = '图形验证码错误';

export default async function captchaRoutes(app: FastifyInstance) {
  const { imageCaptcha, smsCodes } = app.services;
  // Each IP may also ask for captchas and SMS only so often, on top of the global limit.
  const perIpLimit = (max: number) => ({ config: { rateLimit: { max, timeWindow: 60_000 } } });

  app.get('/api/v2/captcha/image', perIpLimit(30), async () => ok(await imageCaptcha.issue()));

  app.post('/api/v2/captcha/sms', perIpLimit(10), async (request) => {
    const body = validate(sendSmsBody, request.body);
    if (!(await imageCaptcha.check(body.image_key, body.image_captcha))) {
      throw new BusinessError(WRONG_CAPTCHA_MESSAGE);
    }
    await smsCodes.send(body.mobile, body.scene);
    return ok(NO_DATA);
  });
}
