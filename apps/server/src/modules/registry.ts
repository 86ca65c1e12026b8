import type { FastifyPluginAsync } from 'fastify';
import systemRoutes from './system/routes';
import captchaRoutes from './captcha/routes';
import authRoutes from './auth/routes';
import memberRoutes from './member/routes';
import messagesRoutes from './messages/routes';

/** Route plugins of every feature module, registered in this order by `buildApp`. */
export const API_MODULES: FastifyPluginAsync[] = [systemRoutes, captchaRoutes, authRoutes, memberRoutes, messagesRoutes];
