import type { FeatureModule } from '../../kernel/module';
import wechatShareRoutes from './routes';

/** Share cards inside WeChat: the JS-SDK config signed with the official account's ticket. */
export const wechatShareModule: FeatureModule = { name: 'wechat-share', routes: [wechatShareRoutes] };
