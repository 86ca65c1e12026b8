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
  return text ? createHash('sha256').update(text).digest('hex').slice(0, 16) : null;
}

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

/** `agreement_status` of the member detail: true when there is nothing (new) to accept. */
export async function agreementStatus(
  db: Db,
  settings: SettingsSnapshot,
  userId: number,
): Promise<AgreementStatus> {
  const versions = REQUIRED_AGREEMENTS.map((type) => ({ type, version: agreementVersion(settings, type) }));
  const wanted = versions.filter((item) => item.version !== null);
  const agreed =
    wanted.length === 0
      ? []
      : await db
          .selectFrom('agreement_user_records')
          .select(['type', 'version'])
          .where('user_id', '=', userId)
          .where(
            'type',
            'in',
            wanted.map((item) => item.type),
          )
          .execute();
  const accepted = (type: AgreementType) => {
    const version = versions.find((item) => item.type === type)!.version;
    return version === null || agreed.some((row) => row.type === type && row.version === version);
  };
  return {
    user_agreement_agreed: accepted('user_agreement'),
    privacy_policy_agreed: accepted('privacy_policy'),
  };
}
