import type { AppServices } from '../../services';
import { createAdministrator } from './administrators';

/** Development only (the password is public): the console's demo login. */
export const DEMO_ADMIN = { username: 'admin', password: 'kezhan123' } as const;

/** Creates the demo administrator when there is no administrator at all; true when it did. */
export async function seedDemoAdministrator({ db, now }: AppServices): Promise<boolean> {
  const anyone = await db.selectFrom('administrators').select('id').limit(1).executeTakeFirst();
  if (anyone) return false;
  await createAdministrator(
    db,
    {
      username: DEMO_ADMIN.username,
      password: DEMO_ADMIN.password,
      role: 'super',
      displayName: '超级管理员',
    },
    now(),
  );
  return true;
}
