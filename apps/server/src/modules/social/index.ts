import type { FeatureModule } from '../../kernel/module';
import socialRoutes from './routes';
import wechatScanRoutes from './wechat-scan-routes';

/** QQ and WeChat login and binding, and the PC's WeChat-scan login. */
export const socialModule: FeatureModule = { name: 'social', routes: [socialRoutes, wechatScanRoutes] };
