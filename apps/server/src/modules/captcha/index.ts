import type { FeatureModule } from '../../kernel/module';
import type { ImageCaptchaService } from './image-captcha';
import captchaRoutes from './routes';
import type { SmsCodeService } from './sms-codes';

/** Image captchas and SMS codes. */
export const captchaModule: FeatureModule = { name: 'captcha', routes: [captchaRoutes] };

// Every node holds one of each (built by create-services.ts): login and registration check them.
declare module '../../services' {
  interface AppServices {
    imageCaptcha: ImageCaptchaService;
    smsCodes: SmsCodeService;
  }
}
