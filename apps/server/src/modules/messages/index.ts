import type { FeatureModule } from '../module';
import messagesRoutes from './routes';

/** The member's inbox. */
export const messagesModule: FeatureModule = { name: 'messages', routes: [messagesRoutes] };
