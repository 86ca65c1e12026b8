import type { FastifyInstance } from 'fastify';
import { JS_API_LIST, OPEN_TAG_LIST, wechatShareApi } from '@kezhan/contract/wechat-share';
import { WechatJsSdk } from '../../providers/wechat/js-sdk';
import { WechatApiError } from '../../providers/wechat/mp-client';
import { ok } from '../../shared/http/envelope';
import { BusinessError, GENERIC_ERROR_MESSAGE } from '../../shared/http/errors';
import { route } from '../../shared/http/route';

export default async function wechatShareRoutes(app: FastifyInstance) {
  const { settings, env, store } = app.services;
  const sdk = new WechatJsSdk(env.social.wechat, store);

  route(app, wechatShareApi.jsSdk, async (request) => {
    const snapshot = await settings.snapshot();
    if (snapshot.int('wechat_mp.share.enabled') !== 1) return ok({ enabled: 0 as const });
    if (!sdk.configured) throw new BusinessError(GENERIC_ERROR_MESSAGE);
    try {
      const signed = await sdk.sign(request.query.path, app.services.now());
      return ok({
        enabled: 1 as const,
        data: {
          ...signed,
          jsApiList: [...JS_API_LIST],
          debug: false,
          beta: false,
          openTagList: [...OPEN_TAG_LIST],
        },
        share: {
          title: snapshot.text('wechat_mp.share.title'),
          desc: snapshot.text('wechat_mp.share.desc'),
          icon: snapshot.text('wechat_mp.share.imgUrl'),
        },
      });
    } catch (error) {
      if (!(error instanceof WechatApiError)) throw error;
      request.log.error({ err: error }, 'WeChat JS-SDK signing failed');
      throw new BusinessError(GENERIC_ERROR_MESSAGE);
    }
  });
}
