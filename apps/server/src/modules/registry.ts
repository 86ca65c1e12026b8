import type { FastifyPluginAsync } from 'fastify';
import opsRoutes from './ops/routes';
import systemRoutes from './system/routes';
import captchaRoutes from './captcha/routes';
import authRoutes from './auth/routes';
import memberRoutes from './member/routes';
import messagesRoutes from './messages/routes';
import courseRoutes from './courses/routes';
import mediaRoutes from './media/routes';
import localStorageRoutes from '../providers/storage/local-storage-routes';
import socialRoutes from './social/routes';
import faceVerifyRoutes from './face-verify/routes';
import orderRoutes from './orders/routes';
import paymentRoutes from './payments/routes';
import paymentGatewayRoutes from './payments/gateway-routes';

/** Route plugins of every feature module, registered in this order by `buildApp`. */
// ops comes first: its global hooks (metrics, the route list behind /api/docs) must see every route.
export const API_MODULES: FastifyPluginAsync[] = [
  opsRoutes,
  systemRoutes,
  captchaRoutes,
  authRoutes,
  memberRoutes,
  messagesRoutes,
  localStorageRoutes,
  courseRoutes,
  mediaRoutes,
  socialRoutes,
  faceVerifyRoutes,
  orderRoutes,
  paymentRoutes,
  paymentGatewayRoutes,
];
