import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { oneOf, optionalText, requiredText } from './validation';

/**
 * Local stand-ins for the QQ / WeChat consent pages and the FaceID H5 flow. They exist only with
 * the development providers, i.e. when the vendor credentials are not configured (never in
 * production).
 */
const BAD_PARAMS = '参数错误';
const DEVELOPMENT_PROVIDERS =
  'only with the development provider, i.e. when the vendor credentials are not configured (never in production)';

export const devAuthorizeQuery = z.object({
  redirect_uri: requiredText(BAD_PARAMS, 2000),
  state: requiredText(BAD_PARAMS, 200),
});
export const devApproveQuery = devAuthorizeQuery.extend({
  openid: requiredText('请输入openid', 64),
  unionid: z.string().trim().max(64).optional().default(''),
  nickname: z.string().trim().max(32).optional().default(''),
});

export const devFaceIdPageQuery = z.object({ biz_token: requiredText(BAD_PARAMS, 128) });
export const devFaceIdCompleteQuery = devFaceIdPageQuery.extend({
  result: oneOf(['pass', 'fail'], BAD_PARAMS),
  name: optionalText(BAD_PARAMS, 32),
  id_number: optionalText(BAD_PARAMS, 18),
});

const oauthPages = (app: 'qq' | 'wechat') => {
  const vendor = app === 'qq' ? 'QQ' : 'WeChat';
  return {
    authorize: defineEndpoint({
      method: 'GET',
      path: `/api/v3/dev/oauth/${app}/authorize`,
      tag: 'development',
      summary: `Simulated ${vendor} consent page`,
      condition: DEVELOPMENT_PROVIDERS,
      query: devAuthorizeQuery,
      answers: 'text/html',
      note: 'A form where any openid can be entered',
    }),
    approve: defineEndpoint({
      method: 'GET',
      path: `/api/v3/dev/oauth/${app}/approve`,
      tag: 'development',
      summary: `Simulated ${vendor} approval`,
      condition: DEVELOPMENT_PROVIDERS,
      query: devApproveQuery,
      answers: 'redirect',
      note: 'Redirect to our OAuth callback with a code',
    }),
  };
};

export const devApi = {
  oauth: { qq: oauthPages('qq'), wechat: oauthPages('wechat') },
  faceIdPage: defineEndpoint({
    method: 'GET',
    path: '/api/v3/dev/faceid/verify',
    tag: 'development',
    summary: 'Simulated face verification page',
    condition: DEVELOPMENT_PROVIDERS,
    query: devFaceIdPageQuery,
    answers: 'text/html',
    note: 'A form to pass or fail the verification',
  }),
  faceIdComplete: defineEndpoint({
    method: 'GET',
    path: '/api/v3/dev/faceid/complete',
    tag: 'development',
    summary: 'Finish a simulated face verification',
    condition: DEVELOPMENT_PROVIDERS,
    query: devFaceIdCompleteQuery,
    answers: 'redirect',
    note: 'Redirect to the `s_url` given when the verification started',
  }),
};
