import type { FeatureModule } from '../module';
import socialRoutes from './routes';

/** QQ and WeChat login and binding. */
export const socialModule: FeatureModule = { name: 'social', routes: [socialRoutes] };
