import type { PasswordBody } from '@kezhan/contract/member';
import type { AppServices } from '../../services';
import { hashPassword } from '../../shared/auth/passwords';
import type { ClientInfo } from '../../shared/http/client-info';
import { BusinessError } from '../../shared/http/errors';
import { registerMember } from './registration';

export const MOBILE_EXISTS = '手机号已存在';

/**
 * `POST /api/v2/register/sms` (PC sign-up): the code is checked first, so the answer never tells a
 * stranger whether a mobile has an account; then the member is created with the chosen password.
 */
export async function registerWithSms(services: AppServices, body: PasswordBody, client: ClientInfo) {
  const mobile = String(body.mobile);
  await services.smsCodes.verify(mobile, String(body.mobile_code), ['register', 'login']);
  const password = await hashPassword(String(body.password));
  const settings = await services.settings.snapshot();
  const now = services.now();
  await services.db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', mobile)
      .executeTakeFirst();
    if (existing) throw new BusinessError(MOBILE_EXISTS);
    const id = await registerMember(trx, settings, {
      mobile,
      registerIp: client.ip,
      userAgent: client.userAgent,
      platform: client.platform,
      now,
    });
    await trx.updateTable('users').set({ password, is_password_set: 1 }).where('id', '=', id).execute();
  });
}
