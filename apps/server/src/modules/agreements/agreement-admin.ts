import {
  AGREEMENT_MESSAGES,
  AGREEMENT_TITLES,
  AGREEMENT_TYPES,
  type AdminAgreement,
  type AdminAgreementVersion,
  type AdminConsent,
  type AdminConsentFilter,
} from '@kezhan/contract/admin/agreements';
import type { Db } from '../../shared/db/database';
import { BusinessError } from '../../shared/http/errors';
import { sanitizeRichHtml } from '../../shared/html/rich-html';
import type { SettingsSnapshot } from '../../shared/settings/settings-service';
import { isoTimestamp } from '../../shared/time';
import { AGREEMENT_SETTINGS, textFingerprint, type AgreementType } from './agreements-service';

/** The note of the version recorded for the text in force when the first version is published. */
export const EARLIER_TEXT_NOTE = '启用版本管理前的文本';

const maskMobile = (mobile: string) => mobile.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');

async function versionRows(db: Db, type?: AgreementType) {
  let query = db.selectFrom('agreement_versions').selectAll().orderBy('id');
  if (type) query = query.where('type', '=', type);
  const rows = await query.execute();
  const counted = new Map<string, number>();
  return rows.map((row) => {
    const number = (counted.get(row.type) ?? 0) + 1;
    counted.set(row.type, number);
    return { ...row, number };
  });
}

async function consentCounts(db: Db, type: AgreementType) {
  const rows = await db
    .selectFrom('agreement_user_records')
    .select(['version', (eb) => eb.fn.countAll<string>().as('count')])
    .where('type', '=', type)
    .groupBy('version')
    .execute();
  return new Map(rows.map((row) => [row.version, Number(row.count)]));
}

type VersionRow = Awaited<ReturnType<typeof versionRows>>[number];

const shape = (row: VersionRow, consents: Map<string, number>): AdminAgreementVersion => ({
  id: row.id,
  number: row.number,
  version: row.version,
  content: row.content,
  requires_consent: row.requires_consent,
  note: row.note,
  administrator_name: row.administrator_name,
  published_at: isoTimestamp(row.published_at)!,
  consents: consents.get(row.version) ?? 0,
});

/** Newest first. */
export async function listVersions(db: Db, type: AgreementType): Promise<AdminAgreementVersion[]> {
  const [rows, consents] = await Promise.all([versionRows(db, type), consentCounts(db, type)]);
  return rows.reverse().map((row) => shape(row, consents));
}

export async function listAgreements(db: Db, settings: SettingsSnapshot): Promise<AdminAgreement[]> {
  return Promise.all(
    AGREEMENT_TYPES.map(async (type) => {
      const content = settings.text(AGREEMENT_SETTINGS[type]);
      const versions = await listVersions(db, type);
      const fingerprint = content.trim() ? textFingerprint(content) : null;
      return {
        type,
        title: AGREEMENT_TITLES[type],
        content,
        current: versions.find((version) => version.version === fingerprint) ?? null,
        versions: versions.length,
      };
    }),
  );
}

export interface PublishInput {
  content: string;
  requires_consent: boolean;
  note?: string;
}

export interface Publisher {
  id: number | null;
  name: string;
}

/**
 * Records a new version of the agreement (its HTML sanitised) in `trx`; the caller then writes the
 * text into its setting. The first version published also records the text in force until then,
 * as a version requiring consent, so the acceptances of that text keep counting when the new
 * version does not ask again.
 */
export async function publishVersion(
  trx: Db,
  settings: SettingsSnapshot,
  type: AgreementType,
  input: PublishInput,
  publisher: Publisher,
  now: Date,
) {
  const content = sanitizeRichHtml(input.content).trim();
  if (!content) throw new BusinessError(AGREEMENT_MESSAGES.empty);
  const version = textFingerprint(content);
  const inForce = settings.text(AGREEMENT_SETTINGS[type]).trim();
  if (inForce && textFingerprint(inForce) === version) throw new BusinessError(AGREEMENT_MESSAGES.unchanged);
  const earlier = await trx
    .selectFrom('agreement_versions')
    .select('id')
    .where('type', '=', type)
    .executeTakeFirst();
  if (!earlier && inForce) {
    await trx
      .insertInto('agreement_versions')
      .values({
        type,
        version: textFingerprint(inForce),
        content: inForce,
        requires_consent: true,
        note: EARLIER_TEXT_NOTE,
        administrator_id: null,
        administrator_name: '',
        published_at: now,
      })
      .execute();
  }
  const row = await trx
    .insertInto('agreement_versions')
    .values({
      type,
      version,
      content,
      requires_consent: input.requires_consent,
      note: input.note ?? '',
      administrator_id: publisher.id,
      administrator_name: publisher.name,
      published_at: now,
    })
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
  const { count } = await trx
    .selectFrom('agreement_versions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('type', '=', type)
    .where('id', '<=', row.id)
    .executeTakeFirstOrThrow();
  return { id: row.id, number: Number(count), version, content };
}

export async function listConsents(
  db: Db,
  filter: AdminConsentFilter,
): Promise<{ data: AdminConsent[]; total: number }> {
  let base = db.selectFrom('agreement_user_records as r').leftJoin('users as u', 'u.id', 'r.user_id');
  if (filter.type) base = base.where('r.type', '=', filter.type);
  if (filter.version) base = base.where('r.version', '=', filter.version);
  if (filter.user_id) base = base.where('r.user_id', '=', filter.user_id);
  const [{ total }] = await base.select((eb) => eb.fn.countAll<string>().as('total')).execute();
  const [rows, versions] = await Promise.all([
    base
      .select([
        'r.id',
        'r.user_id',
        'r.type',
        'r.version',
        'r.agreed_at',
        'r.ip',
        'r.platform',
        'u.nick_name',
        'u.mobile',
      ])
      .orderBy('r.agreed_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(filter.page_size)
      .offset((filter.page - 1) * filter.page_size)
      .execute(),
    versionRows(db, filter.type),
  ]);
  const numbers = new Map(versions.map((row) => [`${row.type}:${row.version}`, row.number]));
  return {
    total: Number(total),
    data: rows.map((row) => ({
      id: row.id,
      user_id: row.user_id,
      nick_name: row.nick_name ?? '',
      mobile: maskMobile(row.mobile ?? ''),
      type: row.type,
      version: row.version,
      number: numbers.get(`${row.type}:${row.version}`) ?? null,
      agreed_at: isoTimestamp(row.agreed_at)!,
      ip: row.ip,
      platform: row.platform,
    })),
  };
}
