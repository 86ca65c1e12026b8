import { DEFAULT_AVATAR } from '@kezhan/contract/images';
import type { AppServices } from '../services';
import { hashPassword } from '../shared/auth/passwords';
import { seedDemoCatalogue } from './demo-catalogue';
import { seedDemoSocialLogin } from '../modules/social/demo-seed';
import { seedDemoCommerce } from '../modules/orders/demo-seed';
import { seedDemoAnnouncement } from '../modules/announcements/demo-seed';
import { seedDemoNavigation } from '../modules/navigation/demo-seed';

export const DEMO_MEMBER = { mobile: '13800000000', password: 'kezhan123', nickName: '课栈学员' };

/** A seeding step: runs once, on the first start of an empty database. */
export type SeedStep = (services: AppServices) => Promise<void>;

async function seedDemoMember({ db, now }: AppServices) {
  const at = now();
  await db
    .insertInto('users')
    .values({
      mobile: DEMO_MEMBER.mobile,
      nick_name: DEMO_MEMBER.nickName,
      avatar: DEFAULT_AVATAR,
      password: await hashPassword(DEMO_MEMBER.password),
      is_password_set: 1,
      is_set_nickname: 1,
      role_expired_at: at,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

/** Feature modules append their demo content (catalogue, VIP plans) here. */
export const DEMO_SEED_STEPS: SeedStep[] = [
  seedDemoMember,
  seedDemoCatalogue,
  seedDemoSocialLogin,
  seedDemoCommerce,
  seedDemoAnnouncement,
  seedDemoNavigation,
];

/** Seeds the demo on the first start: only when the database has no member yet. */
export async function seedDemoIfEmpty(services: AppServices): Promise<boolean> {
  const anyone = await services.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyone) return false;
  for (const step of DEMO_SEED_STEPS) await step(services);
  return true;
}
