import { sql } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import { renderSVG } from 'uqr';
import { KeyVault } from '../../shared/crypto/key-vault';
import type { Db } from '../../shared/db/database';

export const TOTP_WRONG_MESSAGE = '动态验证码错误';
export const TOTP_REPLAYED_MESSAGE = '该动态验证码已使用，请等待下一个验证码';
export const TOTP_ISSUER = '课栈';
/** A code of the step before or after the server's is accepted too (clock drift). */
const DRIFT_SECONDS = 30;

export interface TotpEnrolmentDraft {
  secret: string;
  uri: string;
  qrSvg: string;
}

export function draftTotp(username: string): TotpEnrolmentDraft {
  const secret = generateSecret();
  const uri = generateURI({ issuer: TOTP_ISSUER, label: username, secret });
  return { secret, uri, qrSvg: renderSVG(uri) };
}

/** The RFC 6238 time step the code belongs to (within ±1 step of `now`), or null. */
export async function totpStep(secret: string, code: string, now: Date): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: DRIFT_SECONDS,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Records `step` as the administrator's last accepted one; false when it (or a later one) was
 * already accepted, so every code is accepted once, whichever node sees it.
 */
export async function consumeTotpStep(db: Db, administratorId: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('administrators')
    .set({ totp_last_step: step })
    .where('id', '=', administratorId)
    .where((eb) =>
      eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', sql<number>`${step}::bigint`)]),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The secret as the database keeps it: sealed, so a copy of the database alone cannot make codes. */
export function sealTotpSecret(vault: KeyVault, secret: string): string {
  return vault.wrap(Buffer.from(secret, 'utf8'));
}

/** The plain secret of a stored value; a value stored before secrets were sealed is taken as it is. */
export function openTotpSecret(vault: KeyVault, stored: string): string {
  return KeyVault.isWrapped(stored) ? vault.unwrap(stored).toString('utf8') : stored;
}

/**
 * Seals again every stored secret that is plain (stored before sealing) or sealed under a former
 * MEDIA_KEY_SECRET; answers how many changed.
 */
export async function resealTotpSecrets(db: Db, vault: KeyVault): Promise<number> {
  const rows = await db
    .selectFrom('administrators')
    .select(['id', 'totp_secret'])
    .where('totp_secret', 'is not', null)
    .execute();
  let changed = 0;
  for (const row of rows) {
    const stored = row.totp_secret!;
    if (KeyVault.isWrapped(stored) && vault.isCurrent(stored)) continue;
    await db
      .updateTable('administrators')
      .set({ totp_secret: sealTotpSecret(vault, openTotpSecret(vault, stored)) })
      .where('id', '=', row.id)
      .where('totp_secret', '=', stored)
      .execute();
    changed += 1;
  }
  return changed;
}
