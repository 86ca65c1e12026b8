/**
 * The member-account tables of `migrate:meedu` (social logins, agreement consents, account deletion
 * requests, face verification) and course attachments: the steps run after the main ones.
 */
import { createHash } from 'node:crypto';
import { AGREEMENT_SETTINGS, type AgreementType } from '../agreements/agreements-service';
import { chinaTime, flag, int, text } from './convert';
import type { MeeduSource } from './source';
import type { Step, StepContext } from './steps';

/** MeEdu gives a deleted member seven days to change their mind, as Kezhan does. */
const DELETION_GRACE_MS = 7 * 24 * 3600 * 1000;

/** Kezhan's version of an agreement text (the fingerprint `agreementVersion` computes from the setting). */
export const agreementFingerprint = (content: string): string =>
  createHash('sha256').update(content.trim()).digest('hex').slice(0, 16);

const isAgreementType = (type: string): type is AgreementType => type in AGREEMENT_SETTINGS;

/**
 * 2026 keeps each agreement in the `agreements` table, one active row per type; Kezhan keeps the
 * current text in a setting and a consent names the fingerprint of the text. Every MeEdu agreement
 * (old texts too) → its Kezhan version, so consents to the live text match it and older ones stay
 * on record as what they were.
 */
export async function readAgreements(source: MeeduSource): Promise<{
  versions: Map<number, string>;
  /** Setting key → the text of the active agreement of that type. */
  activeTexts: Map<string, string>;
}> {
  const versions = new Map<number, string>();
  const activeTexts = new Map<string, string>();
  if (!source.has('agreements')) return { versions, activeTexts };
  const rows = await source.query(
    'select id, type, content, is_active, deleted_at from agreements order by id',
  );
  for (const row of rows) {
    const content = text(row.content);
    versions.set(int(row.id), agreementFingerprint(content));
    const type = text(row.type);
    if (flag(row.is_active) && !row.deleted_at && isAgreementType(type) && content.trim())
      activeTexts.set(AGREEMENT_SETTINGS[type], content);
  }
  return { versions, activeTexts };
}

const created = (row: Record<string, unknown>, ctx: StepContext) =>
  chinaTime(row.created_at) ?? chinaTime(row.updated_at) ?? ctx.now;

/** The platforms Kezhan records (MeEdu writes `iOS`, `Android`, `Mini`). */
const PLATFORMS = new Set(['PC', 'H5', 'IOS', 'ANDROID', 'MINI', 'APP', 'OTHER']);

/** `资料.pdf` → `资料 (2).pdf`: Kezhan wants attachment names unique within a course. */
function numberedName(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

export const ACCOUNT_STEPS: Step[] = [
  {
    name: 'socialites',
    into: 'socialites',
    source: 'socialite',
    when: (source) => source.has('socialite'),
    total: 'select count(*) n from socialite',
    filtered: '学员已不存在',
    // MeEdu checks (app, openid) only before insert, and one binding per member and app only by
    // rule: Kezhan enforces both, so the first row of each wins.
    select: `select s.id, s.user_id, s.app, s.app_user_id, s.union_id, s.created_at, s.updated_at,
      (select count(*) from socialite d join users du on du.id = d.user_id
        where d.id < s.id and ((d.app = s.app and d.app_user_id = s.app_user_id) or (d.user_id = s.user_id and d.app = s.app))) dup
      from socialite s join users u on u.id = s.user_id`,
    key: ['s.id'],
    convert(row, ctx) {
      const app = text(row.app);
      if (app !== 'qq' && app !== 'wechat') {
        ctx.note(
          app === 'WECHAT-MINI' ? '小程序绑定（课栈没有小程序）：丢弃' : `未知的绑定类型 ${app}：丢弃`,
        );
        return null;
      }
      if (text(row.app_user_id) === '') {
        ctx.note('openid 为空：丢弃');
        return null;
      }
      if (int(row.dup) > 0) {
        ctx.note('同一 openid 或同一学员的第二个绑定：保留最早的一个');
        return null;
      }
      return {
        id: int(row.id),
        user_id: int(row.user_id),
        app,
        app_user_id: text(row.app_user_id),
        union_id: text(row.union_id).slice(0, 128),
        created_at: created(row, ctx),
      };
    },
  },
  {
    name: 'agreement_user_records',
    into: 'agreement_user_records',
    source: 'agreement_user_records',
    when: (source) => source.has('agreement_user_records') && source.has('agreements'),
    total: 'select count(*) n from agreement_user_records',
    filtered: '学员或协议已不存在',
    // Two MeEdu agreements of one type with the same text are one Kezhan version: one consent.
    select: `select r.*, a.type kind,
      (select count(*) from agreement_user_records d join agreements da on da.id = d.agreement_id
        where d.user_id = r.user_id and da.type = a.type and da.content = a.content and d.id < r.id) dup
      from agreement_user_records r join users u on u.id = r.user_id join agreements a on a.id = r.agreement_id`,
    key: ['r.id'],
    convert(row, ctx) {
      const type = text(row.kind);
      const version = ctx.agreementVersions.get(int(row.agreement_id));
      if (!isAgreementType(type) || !version) {
        ctx.note(`未知的协议类型 ${type}：丢弃`);
        return null;
      }
      if (int(row.dup) > 0) {
        ctx.note('同一学员同意了内容相同的两个协议：合并');
        return null;
      }
      const platform = text(row.platform).toUpperCase();
      return {
        id: int(row.id),
        user_id: int(row.user_id),
        type,
        version,
        agreed_at: chinaTime(row.agreed_at) ?? created(row, ctx),
        ip: text(row.ip).slice(0, 64),
        user_agent: text(row.user_agent).slice(0, 500),
        platform: PLATFORMS.has(platform) ? platform : 'APP',
      };
    },
  },
  {
    name: 'user_delete_jobs',
    into: 'user_delete_jobs',
    source: 'user_delete_jobs',
    when: (source) => source.has('user_delete_jobs'),
    total: 'select count(*) n from user_delete_jobs',
    filtered: '',
    select: 'select j.*, u.id member from user_delete_jobs j left join users u on u.id = j.user_id',
    key: ['j.id'],
    convert(row, ctx) {
      const submitted = chinaTime(row.submit_at) ?? created(row, ctx);
      const expires = chinaTime(row.expired_at) ?? new Date(submitted.getTime() + DELETION_GRACE_MS);
      const handled = flag(row.is_handle) === 1;
      if (!handled && !row.member) {
        ctx.note('未处理的申请，学员却已不存在：丢弃');
        return null;
      }
      if (handled) ctx.note('已执行的注销：执行时间按到期时间记');
      else if (expires <= ctx.now) ctx.note('到期未执行的注销申请：课栈的定时任务将执行它');
      return {
        id: int(row.id),
        user_id: int(row.user_id),
        status: handled ? 'done' : 'pending',
        submit_at: submitted,
        expired_at: expires,
        handled_at: handled ? expires : null,
        created_at: submitted,
      };
    },
  },
  {
    name: 'face_verify_records',
    into: 'face_verify_records',
    source: 'user_face_verify_tencent_records',
    when: (source) => source.has('user_face_verify_tencent_records'),
    total: 'select count(*) n from user_face_verify_tencent_records',
    filtered: '学员已不存在',
    select:
      'select f.id, f.user_id, f.rule_id, f.request_id, f.biz_token, f.status, f.created_at, f.updated_at from user_face_verify_tencent_records f join users u on u.id = f.user_id',
    key: ['f.id'],
    convert(row, ctx) {
      if (text(row.biz_token) === '') {
        ctx.note('biz_token 为空：丢弃');
        return null;
      }
      const status = int(row.status);
      return {
        id: int(row.id),
        user_id: int(row.user_id),
        biz_token: text(row.biz_token),
        rule_id: text(row.rule_id).slice(0, 64),
        request_id: text(row.request_id).slice(0, 128),
        // MeEdu asked Tencent's FaceID: the production provider.
        provider: 'real',
        status: [0, 5, 9].includes(status) ? status : 5,
        created_at: created(row, ctx),
        updated_at: chinaTime(row.updated_at) ?? created(row, ctx),
      };
    },
  },
  {
    name: 'course_attachments',
    into: 'course_attachments',
    source: 'course_attach',
    when: (source) => source.has('course_attach'),
    total: 'select count(*) n from course_attach',
    filtered: '已删除，或所属课程已不存在',
    select: `select a.id, a.course_id, a.name, a.path, a.disk, a.size, a.extension, a.download_times, a.created_at, a.updated_at,
    (select count(*) from course_attach d where d.course_id = a.course_id and d.name = a.name and d.deleted_at is null and d.id < a.id) dup
    from course_attach a join courses c on c.id = a.course_id`,
    where: 'a.deleted_at is null',
    key: ['a.id'],
    convert(row, ctx) {
      let name = text(row.name).trim() || `附件${row.id}`;
      if (int(row.dup) > 0) {
        name = numberedName(name, int(row.dup) + 1);
        ctx.note('同一课程内附件名重复：加 (n)');
      }
      const path = text(row.path);
      const external = /^https?:\/\//i.test(path);
      // Kezhan serves a relative path from DATA_DIR/attach: the files are copied there by hand.
      if (!external)
        ctx.note(
          text(row.disk) === 'attach'
            ? '附件文件在 MeEdu 的 storage/app/attach：复制到 DATA_DIR/attach'
            : `附件文件在 ${text(row.disk) || '未知磁盘'}：下载到 DATA_DIR/attach 的同一路径`,
        );
      return {
        id: int(row.id),
        course_id: int(row.course_id),
        name: name.slice(0, 255),
        path,
        size: Math.max(0, int(row.size)),
        extension: text(row.extension).slice(0, 32),
        download_times: Math.max(0, int(row.download_times)),
        created_at: created(row, ctx),
        updated_at: chinaTime(row.updated_at) ?? created(row, ctx),
      };
    },
  },
];

/** Kezhan tables of these steps whose ids were given explicitly. */
export const ACCOUNT_SERIAL_TABLES = [
  'socialites',
  'agreement_user_records',
  'user_delete_jobs',
  'face_verify_records',
  'course_attachments',
];
