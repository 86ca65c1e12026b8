import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { requiredText } from './validation';

export const JS_API_LIST = [
  'updateAppMessageShareData',
  'updateTimelineShareData',
  'chooseImage',
  'previewImage',
  'uploadImage',
  'downloadImage',
  'getLocalImgData',
] as const;
export const OPEN_TAG_LIST = [
  'wx-open-launch-weapp',
  'wx-open-subscribe',
  'wx-open-launch-app',
  'wx-open-audio',
] as const;

export const jsSdkConfig = z.union([
  z.strictObject({ enabled: z.literal(0) }),
  z.strictObject({
    enabled: z.literal(1),
    data: z.strictObject({
      appId: z.string(),
      nonceStr: z.string(),
      timestamp: z.number(),
      signature: z.string(),
      jsApiList: z.array(z.string()),
      debug: z.boolean(),
      beta: z.boolean(),
      openTagList: z.array(z.string()),
    }),
    share: z.strictObject({ title: z.string(), desc: z.string(), icon: z.string() }),
  }),
]);
export type JsSdkConfig = z.infer<typeof jsSdkConfig>;

export const wechatShareApi = {
  jsSdk: defineEndpoint({
    method: 'GET',
    path: '/api/v3/other/wechat-mp-jssdk',
    tag: 'system',
    summary: 'WeChat JS-SDK config for share cards (pages opened inside WeChat)',
    query: z.object({ path: requiredText('参数错误', 2000) }),
    data: jsSdkConfig,
    note: '`{enabled: 0}` unless sharing is switched on (setting `wechat_mp.share.enabled`); `path` is the page address without `#…`; a WeChat API failure → `错误`',
  }),
};
