import type { FeatureModule } from '../../kernel/module';
import faceVerifyRoutes from './routes';

/** Real-name verification through Tencent Cloud FaceID. */
export const faceVerifyModule: FeatureModule = {
  name: 'face-verify',
  routes: [faceVerifyRoutes],
  migrations: ['0040_social_face_verify.sql'],
};
