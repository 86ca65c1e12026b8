import type { Endpoint } from './endpoint';
import { agreementsApi } from './agreements';
import { announcementsApi } from './announcements';
import { ADMIN_ENDPOINTS } from './admin/index';
import { authApi } from './auth';
import { commentsApi } from './comments';
import { opsApi, systemApi } from './config';
import { coursesApi } from './courses';
import { devApi } from './dev';
import { faceVerifyApi } from './face';
import { mediaApi } from './media';
import { memberApi } from './member';
import { messagesApi } from './messages';
import { navigationApi } from './navigation';
import { ordersApi, paymentGatewayApi, paymentsApi } from './orders';
import { pcApi } from './pc';
import { socialApi } from './social';
import { unifiedOrderApi } from './unified-order';
import { wechatScanApi } from './wechat-scan';
import { wechatShareApi } from './wechat-share';

/** Every endpoint the server can register, in the order /api/docs lists them. */
export const API_ENDPOINTS: readonly Endpoint[] = [
  ...Object.values(opsApi),
  ...Object.values(systemApi),
  ...Object.values(wechatShareApi),
  ...Object.values(authApi),
  ...Object.values(socialApi),
  ...Object.values(wechatScanApi),
  ...Object.values(memberApi),
  ...Object.values(agreementsApi),
  ...Object.values(pcApi),
  ...Object.values(faceVerifyApi),
  ...Object.values(messagesApi),
  ...Object.values(coursesApi),
  ...Object.values(announcementsApi),
  ...Object.values(commentsApi),
  ...Object.values(navigationApi),
  ...Object.values(mediaApi),
  ...Object.values(ordersApi),
  ...Object.values(paymentsApi),
  ...Object.values(unifiedOrderApi),
  ...Object.values(paymentGatewayApi),
  ...Object.values(devApi.oauth.qq),
  ...Object.values(devApi.oauth.wechat),
  devApi.faceIdPage,
  devApi.faceIdComplete,
  ...ADMIN_ENDPOINTS,
];
