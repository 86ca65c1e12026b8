import type { FeatureModule } from '../module';
import captchaRoutes from './routes';

/** Image captchas and SMS codes. */
export const captchaModule: FeatureModule = { name: 'captcha', routes: [captchaRoutes] };
