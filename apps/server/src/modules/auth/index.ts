import type { FeatureModule } from '../../kernel/module';
import authRoutes from './routes';

/** Login by SMS code or password, logout. */
export const authModule: FeatureModule = { name: 'auth', routes: [authRoutes] };
