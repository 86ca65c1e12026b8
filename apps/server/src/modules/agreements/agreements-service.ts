import { createHash } from 'node:crypto';
import type { AgreementStatus } from '@kezhan/contract/member';
import type { Db } from '../../shared/db/database';
import type { SettingKey } from '../../shared/settings/definitions';
import type { SettingsSnapshot } from '../../shared/settings/settings-service';

/** The four agreements and the site setting holding each one's HTML text. */
export const AGREEMENT_SETTINGS = {
  user_agreement: 'protocol.user',
  privacy_policy: 'protocol.private',
  vip_service_agreement: 'protocol.vip',
  paid_content_purchase_agreement: 'protocol.paid_content',
} as const satisfies Record<string, SettingKey>;
export type AgreementType = keyof typeof AGREEMENT_SETTINGS;

/** What every member accepts to use the site; the other two are accepted with each order. */
export const REQUIRED_AGREEMENTS: readonly AgreementType[] = ['user_agreement', 'privacy_policy'];

const KNOWN_PLATFORMS = new Set(['PC', 'H5', 'IOS', 'ANDROID', 'MINI', 'APP', 'OTHER']);

export interface AgreementClient {
  ip: string;
  userAgent: string;
  /** `meedu-platform` header; unknown or missing is recorded as `APP`, as MeEdu does. */
  platform: string;
}

/**
 * The published version of an agreement: a fingerprint of its text, or null when the text is
 * empty (nothing to accept). Changing the text publishes a new version.
 */
export function agreementVersion(settings: SettingsSnapshot, type: AgreementType): string | null {
  const text = settings.text(AGREEMENT_SETTINGS[type]).trim();
  return text ? textFingerprint(text) : null;
}

/** The version of an agreement text: the start of its SHA-256 (blank at either end ignored). */
export const textFingerprint = (text: string) =>
  createHash('sha256').update(text.trim()).digest('hex').slice(0, 16);

/** Records (or refreshes) the member's acceptance of the published versions of these agreements. */
export async function recordAgreements(
  db: Db,
  settings: SettingsSnapshot,
  userId: number,
  types: readonly AgreementType[],
  client: AgreementClient,
  now: Date,
): Promise<void> {
  const platform = KNOWN_PLATFORMS.has(client.platform) ? client.platform : 'APP';
  for (const type of types) {
    const version = agreementVersion(settings, type);
    if (!version) continue;
    await db
      .insertInto('agreement_user_records')
      .values({
        user_id: userId,
        type,
        version,
        agreed_at: now,
        ip: client.ip.slice(0, 64),
        user_agent: client.userAgent.slice(0, 500),
        platform,
      })
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'type', 'version']).doUpdateSet({
          agreed_at: now,
          ip: client.ip.slice(0, 64),
          user_agent: client.userAgent.slice(0, 500),
          platform,
        }),
      )
      .execute();
  }
}

/**
 * The versions whose acceptance still counts for the agreement's text in force. When that text was
 * published in the console, the versions from the newest one that required consent (at or before
 * it) up to it; a text changed elsewhere (站点设置, a migration) is its own version only, as before
 * versions existed: any change asks again.
 */
export async function acceptedVersions(
  db: Db,
  settings: SettingsSnapshot,
  type: AgreementType,
): Promise<string[] | null> {
  const current = agreementVersion(settings, type);
  if (!current) return null;
  const rows = await db
    .selectFrom('agreement_versions')
    .select(['id', 'version', 'requires_consent'])
    .where('type', '=', type)
    .orderBy('id', 'desc')
    .execute();
  const at = rows.findIndex((row) => row.version === current);
  if (at < 0) return [current];
  const accepted: string[] = [];
  for (const row of rows.slice(at)) {
    accepted.push(row.version);
    if (row.requires_consent) break;
  }
  return accepted;
}

/** `agreement_status` of the member detail: true when there is nothing (new) to accept. */
export async function agreementStatus(
  db: Db,
  settings: SettingsSnapshot,
  userId: number,
): Promise<AgreementStatus> {
  const wanted = await Promise.all(
    REQUIRED_AGREEMENTS.map(async (type) => ({ type, versions: await acceptedVersions(db, settings, type) })),
  );
  const asked = wanted.filter((item) => item.versions !== null);
  const agreed =
    asked.length === 0
      ? []
      : await db
          .selectFrom('agreement_user_records')
          .select(['type', 'version'])
          .where('user_id', '=', userId)
          .where(
            'type',
            'in',
            asked.map((item) => item.type),
          )
          .execute();
  const accepted = (type: AgreementType) => {
    const versions = wanted.find((item) => item.type === type)!.versions;
    return versions === null || agreed.some((row) => row.type === type && versions.includes(row.version));
  };
  return {
    user_agreement_agreed: accepted('user_agreement'),
    privacy_policy_agreed: accepted('privacy_policy'),
  };
}
