import type { Db } from '../../shared/db/database';

/**
 * Signs a member out on every device: each open login record is revoked, so every token they
 * hold is refused on its next request on every node. `keepJti` spares the session making the
 * change (a member changing their own password stays signed in where they did it). Answers how
 * many sessions were signed out.
 */
export async function signOutEverywhere(
  trx: Db,
  userId: number,
  now: Date,
  keepJti?: string,
): Promise<number> {
  let revoke = trx
    .updateTable('user_login_records')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepJti !== undefined) revoke = revoke.where('jti', '!=', keepJti);
  const result = await revoke.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
