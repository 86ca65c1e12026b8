import type { Kysely } from 'kysely';
import { sanitizeDescription } from '../courses/content-import';
import { absoluteUrl, chinaTime, fen, flag, int, notificationText, plainText, text } from './convert';
import type { Generation, MeeduSource, Row } from './source';

/** What a step knows while converting. */
export interface StepContext {
  generation: Generation;
  /** `https://old.school` (no trailing slash): prefix of MeEdu's relative image and video paths. */
  oldHost: string;
  now: Date;
  /** Counts one row (or `n`) under a reason shown in the report. */
  note(reason: string, n?: number): void;
  /** Ids of 2024 lesson comments start after the last course comment (the two had their own ids). */
  videoCommentOffset: number;
  /** MeEdu `agreements.id` → Kezhan's version of its text (2026). */
  agreementVersions: Map<number, string>;
}

type Out = Record<string, unknown>;

/**
 * One MeEdu table (or query) moved in keyset batches. `select` reads it (joined with what its rows
 * need in Kezhan: a row whose member or lesson is gone is never read, and is counted as dropped
 * with `filtered`); grouped steps merge MeEdu's duplicates, each group's `n` rows into one.
 */
export interface Step {
  name: string;
  into: string;
  source: string;
  when?: (source: MeeduSource) => boolean;
  /** Rows of the MeEdu table, for the report: read + filtered = total. */
  total: string;
  filtered: string;
  select: string;
  where?: string;
  params?: unknown[];
  groupBy?: string;
  key: string[];
  convert(row: Row, ctx: StepContext): Out | null;
  /** `--since` (see since.ts): what differs from the defaults there. */
  since?: {
    /** The rows (or, grouped, the groups) changed since `?`: every `?` is the since time. */
    changed?: string;
    /** The Kezhan key of a row MeEdu soft-deleted, when it is not the MeEdu id as it is. */
    deletedKeys?: (ctx: Pick<StepContext, 'videoCommentOffset'>) => { select: string; params: unknown[] };
    /** Rows without a kept id: an earlier copy matching these columns is replaced. */
    matchBy?: string[];
  };
}

const USER = `'App\\\\Services\\\\Member\\\\Models\\\\User'`;
const USER_V2 = `'App\\\\Meedu\\\\ServiceV2\\\\Models\\\\User'`;

const created = (row: Row, ctx: StepContext) =>
  chinaTime(row.created_at) ?? chinaTime(row.updated_at) ?? ctx.now;
const updated = (row: Row, ctx: StepContext) => chinaTime(row.updated_at) ?? created(row, ctx);

function image(value: unknown, ctx: StepContext, what: string): string {
  const { url, changed } = absoluteUrl(value, ctx.oldHost);
  if (changed) ctx.note(`${what}：相对路径改为旧站绝对地址`);
  return url;
}

function hidden(value: unknown, ctx: StepContext): number {
  const shown = flag(value);
  if (Number(value) === -1) ctx.note('is_show = -1 视为隐藏');
  return shown;
}

export const STEPS: Step[] = [
  {
    name: 'roles',
    into: 'roles',
    source: 'roles',
    total: 'select count(*) n from roles',
    filtered: '',
    select: 'select r.* from roles r',
    key: ['r.id'],
    convert: (row, ctx) => ({
      id: int(row.id),
      name: text(row.name),
      charge: fen(row.charge),
      expire_days: int(row.expire_days),
      weight: int(row.weight),
      description: text(row.description),
      is_show: flag(row.is_show),
      created_at: created(row, ctx),
      updated_at: updated(row, ctx),
    }),
  },
  {
    name: 'users',
    into: 'users',
    source: 'users',
    total: 'select count(*) n from users',
    filtered: '',
    select:
      'select u.*, (select count(*) from users d where d.nick_name = u.nick_name and d.id < u.id) dup from users u',
    key: ['u.id'],
    convert(row, ctx) {
      let nick = text(row.nick_name).trim();
      if (nick === '') {
        nick = `学员_${row.id}`;
        ctx.note('昵称为空：生成 学员_<id>');
      } else if (int(row.dup) > 0) {
        nick = `${nick.slice(0, 23 - String(row.id).length)}_${row.id}`;
        ctx.note('昵称重复：后来者加 _<id>');
      }
      const roleId = int(row.role_id);
      if (Number(row.is_lock) === -1) ctx.note('is_lock = -1 视为未锁定');
      if (Number(row.is_active) === -1) ctx.note('is_active = -1 视为未激活');
      if (roleId === 0 && row.role_expired_at) ctx.note('无会员却有 role_expired_at（注册时间）：清空');
      return {
        id: int(row.id),
        mobile: text(row.mobile),
        nick_name: nick,
        avatar: image(row.avatar, ctx, '头像'),
        password: text(row.password),
        is_password_set: flag(row.is_password_set),
        is_set_nickname: flag(row.is_set_nickname),
        is_lock: flag(row.is_lock),
        is_active: flag(row.is_active),
        role_id: roleId,
        role_expired_at: roleId === 0 ? null : chinaTime(row.role_expired_at),
        invite_user_id: int(row.invite_user_id) || null,
        invite_balance: fen(row.invite_balance),
        credit1: int(row.credit1),
        credit2: int(row.credit2),
        credit3: int(row.credit3),
        register_ip: text(row.register_ip).slice(0, 64),
        last_login_id: int(row.last_login_id) || null,
        created_at: created(row, ctx),
        updated_at: updated(row, ctx),
      };
    },
  },
  {
    name: 'user_profiles',
    into: 'user_profiles',
    source: 'user_profiles',
    total: 'select count(*) n from user_profiles',
    filtered: '已删除，或学员已不存在',
    select: 'select p.* from user_profiles p join users u on u.id = p.user_id',
    where: 'p.deleted_at is null',
    key: ['p.id'],
    convert: (row, ctx) => ({
      user_id: int(row.user_id),
      real_name: text(row.real_name).slice(0, 64),
      id_number: text(row.id_number),
      is_verify: flag(row.is_verify),
      verified_at: flag(row.is_verify) ? updated(row, ctx) : null,
      created_at: created(row, ctx),
      updated_at: updated(row, ctx),
    }),
  },
  {
    name: 'user_login_records',
    into: 'user_login_records',
    source: 'user_login_records',
    total: 'select count(*) n from user_login_records',
    filtered: 'jti 为空（2022-08 之前的登录），或学员已不存在',
    select: 'select r.* from user_login_records r join users u on u.id = r.user_id',
    where: "r.jti <> ''",
    key: ['r.id'],
    convert(row, ctx) {
      const at = created(row, ctx);
      return {
        id: int(row.id),
        user_id: int(row.user_id),
        jti: text(row.jti),
        platform: text(row.platform).slice(0, 16) || 'APP',
        ip: text(row.ip).slice(0, 64),
        ua: text(row.ua),
        iss: text(row.iss),
        expires_at: int(row.exp) > 0 ? new Date(int(row.exp) * 1000) : at,
        revoked_at: flag(row.is_logout) ? updated(row, ctx) : null,
        created_at: at,
      };
    },
  },
  {
    name: 'course_categories',
    into: 'course_categories',
    source: 'course_categories',
    total: 'select count(*) n from course_categories',
    filtered: '',
    select: 'select c.* from course_categories c',
    key: ['c.id'],
    convert(row, ctx) {
      ctx.note('slug 生成为 cat-<id>');
      return {
        id: int(row.id),
        slug: `cat-${row.id}`,
        name: text(row.name).slice(0, 64),
        parent_id: int(row.parent_id),
        sort: int(row.sort),
        created_at: created(row, ctx),
        updated_at: updated(row, ctx),
      };
    },
  },
  {
    name: 'courses',
    into: 'courses',
    source: 'courses',
    total: 'select count(*) n from courses',
    filtered: '',
    select:
      "select c.*, (select count(*) from courses d where d.slug = c.slug and c.slug <> '' and d.id < c.id) dup from courses c",
    key: ['c.id'],
    convert(row, ctx) {
      let slug = text(row.slug).trim();
      if (slug === '' || int(row.dup) > 0 || slug.length > 120 || /^course-\d+$/.test(slug)) {
        slug = `course-${row.id}`;
        ctx.note('slug 为空或重复：生成 course-<id>');
      }
      if (row.deleted_at) ctx.note('已删除的课程仍导入（已购记录、订单引用它）');
      return {
        id: int(row.id),
        title: text(row.title),
        slug,
        thumb: image(row.thumb, ctx, '封面'),
        charge: fen(row.charge),
        short_description: text(row.short_description),
        render_desc: sanitizeDescription(text(row.render_desc)),
        seo_keywords: text(row.seo_keywords),
        seo_description: text(row.seo_description),
        category_id: int(row.category_id),
        is_free: flag(row.is_free),
        is_show: hidden(row.is_show, ctx),
        is_rec: flag(row.is_rec),
        // 2024: an active VIP watched every course; 2026 asks the course.
        is_vip_free: ctx.generation === '2024' || !('is_vip_free' in row) ? 1 : flag(row.is_vip_free),
        is_allow_comment: 'is_allow_comment' in row ? flag(row.is_allow_comment) : 1,
        user_count: int(row.user_count),
        published_at: chinaTime(row.published_at),
        deleted_at: chinaTime(row.deleted_at),
        created_at: created(row, ctx),
        updated_at: updated(row, ctx),
      };
    },
  },
  {
    name: 'course_chapters',
    into: 'course_chapters',
    source: 'course_chapter',
    total: 'select count(*) n from course_chapter',
    filtered: '所属课程已不存在',
    select:
      'select ch.*, (select count(*) from course_chapter d where d.course_id = ch.course_id and d.title = ch.title and d.id < ch.id) dup from course_chapter ch join courses c on c.id = ch.course_id',
    key: ['ch.id'],
    convert(row, ctx) {
      let title = text(row.title);
      if (int(row.dup) > 0) {
        title = `${title} (${int(row.dup) + 1})`;
        ctx.note('同一课程内章节名重复：加 (n)');
      }
      return {
        id: int(row.id),
        course_id: int(row.course_id),
        title,
        sort: int(row.sort),
        created_at: created(row, ctx),
        updated_at: updated(row, ctx),
      };
    },
  },
  {
    name: 'videos',
    into: 'videos',
    source: 'videos',
    total: 'select count(*) n from videos',
    filtered: '所属课程已不存在',
    select:
      'select v.*, ch.id chapter_ok from videos v join courses c on c.id = v.course_id left join course_chapter ch on ch.id = v.chapter_id and ch.course_id = v.course_id',
    key: ['v.id'],
    convert(row, ctx) {
      const deleted = row.deleted_at !== null && row.deleted_at !== undefined;
      if (deleted) ctx.note('已删除的课时导入为隐藏');
      const url = text(row.url);
      if (url.startsWith('http://') || url.startsWith('https://')) ctx.note('课时地址照原样播放（未加密）');
      if (int(row.chapter_id) !== 0 && !row.chapter_ok) ctx.note('章节已删除：课时不属于任何章节');
      return {
        id: int(row.id),
        course_id: int(row.course_id),
        chapter_id: row.chapter_ok ? int(row.chapter_ok) : null,
        title: text(row.title),
        slug: `video-${row.id}`,
        url: absoluteUrl(url, ctx.oldHost).url,
        duration: int(row.duration),
        charge: fen(row.charge),
        free_seconds: int(row.free_seconds),
        ban_drag: flag(row.ban_drag),
        is_ban_sell: flag(row.is_ban_sell),
        is_show: deleted ? 0 : hidden(row.is_show, ctx),
        is_allow_comment: 'is_allow_comment' in row ? flag(row.is_allow_comment) : 1,
        view_num: int(row.view_num),
        seo_keywords: text(row.seo_keywords),
        seo_description: text(row.seo_description),
        published_at: chinaTime(row.published_at),
        created_at: created(row, ctx),
        updated_at: updated(row, ctx),
      };
    },
  },
  {
    // The lesson names its video in the school's Aliyun or Tencent VOD library (MeEdu kept both
    // columns; Aliyun wins when both are set, as MeEdu's player tried it first).
    name: 'video_vod_sources',
    into: 'video_vod_sources',
    source: 'videos',
    when: (source) => source.has('videos', 'aliyun_video_id') && source.has('videos', 'tencent_video_id'),
    total:
      "select count(*) n from videos where coalesce(aliyun_video_id, '') <> '' or coalesce(tencent_video_id, '') <> ''",
    filtered: '所属课程已不存在',
    select:
      'select v.id, v.aliyun_video_id, v.tencent_video_id, v.created_at, v.updated_at from videos v join courses c on c.id = v.course_id',
    where: "coalesce(v.aliyun_video_id, '') <> '' or coalesce(v.tencent_video_id, '') <> ''",
    key: ['v.id'],
    convert(row, ctx) {
      const aliyun = text(row.aliyun_video_id).trim();
      const mediaId = aliyun || text(row.tencent_video_id).trim();
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(mediaId)) {
        ctx.note('云点播视频 ID 格式不对：课时不关联云点播');
        return null;
      }
      ctx.note(aliyun ? '阿里云点播课时：关联云点播视频' : '腾讯云点播课时：关联云点播视频');
      return {
        video_id: int(row.id),
        provider: aliyun ? 'aliyun' : 'tencent',
        media_id: mediaId,
        created_at: created(row, ctx),
        updated_at: updated(row, ctx),
      };
    },
  },
  {
    name: 'user_courses',
    into: 'user_courses',
    source: 'user_course',
    total: 'select count(*) n from user_course',
    filtered: '学员或课程已不存在',
    select:
      'select uc.user_id, uc.course_id, max(uc.charge) charge, min(uc.created_at) created_at, count(*) n from user_course uc join users u on u.id = uc.user_id join courses c on c.id = uc.course_id',
    groupBy: 'uc.user_id, uc.course_id',
    key: ['uc.user_id', 'uc.course_id'],
    convert: (row, ctx) => ({
      user_id: int(row.user_id),
      course_id: int(row.course_id),
      charge: fen(row.charge),
      created_at: created(row, ctx),
    }),
  },
  {
    name: 'user_videos',
    into: 'user_videos',
    source: 'user_video',
    total: 'select count(*) n from user_video',
    filtered: '学员或课时已不存在',
    select:
      'select uv.user_id, uv.video_id, max(uv.charge) charge, min(uv.created_at) created_at, count(*) n from user_video uv join users u on u.id = uv.user_id join videos v on v.id = uv.video_id join courses c on c.id = v.course_id',
    groupBy: 'uv.user_id, uv.video_id',
    key: ['uv.user_id', 'uv.video_id'],
    convert: (row, ctx) => ({
      user_id: int(row.user_id),
      video_id: int(row.video_id),
      charge: fen(row.charge),
      created_at: created(row, ctx),
    }),
  },
  {
    name: 'promo_codes',
    into: 'promo_codes',
    source: 'promo_codes',
    total: 'select count(*) n from promo_codes',
    filtered: '',
    select: 'select p.* from promo_codes p',
    key: ['p.id'],
    convert(row, ctx) {
      if (row.deleted_at) ctx.note('已删除的优惠码导入为停用（订单仍引用它）');
      return {
        id: int(row.id),
        code: text(row.code),
        user_id: int(row.user_id) || null,
        invited_user_reward: Math.max(0, fen(row.invited_user_reward)),
        invite_user_reward: Math.max(0, fen(row.invite_user_reward)),
        use_times: Math.max(0, int(row.use_times)),
        used_times: Math.max(0, int(row.used_times)),
        expired_at: chinaTime(row.expired_at),
        is_enabled: row.deleted_at ? 0 : 1,
        created_at: created(row, ctx),
        updated_at: updated(row, ctx),
      };
    },
  },
  {
    name: 'orders',
    into: 'orders',
    source: 'orders',
    total: 'select count(*) n from orders',
    filtered: '',
    select: `select o.*,
      (select coalesce(sum(p.paid_total), 0) from order_paid_records p where p.order_id = o.id and p.paid_type = 0 and p.deleted_at is null) paid,
      (select min(p.created_at) from order_paid_records p where p.order_id = o.id and p.paid_type = 0 and p.deleted_at is null) paid_time,
      (select coalesce(sum(p.paid_total), 0) from order_paid_records p where p.order_id = o.id and p.paid_type <> 0 and p.deleted_at is null) covered,
      (select coalesce(sum(p.paid_total), 0) from order_paid_records p where p.order_id = o.id and p.paid_type = 2 and p.deleted_at is null) balance,
      (select max(pc.id) from order_paid_records p join promo_codes pc on pc.id = p.paid_type_id where p.order_id = o.id and p.paid_type = 1) promo_code_id,
      (select count(*) from order_paid_records p where p.order_id = o.id and p.paid_type = 1) promo_rows,
      (select coalesce(sum(r.amount), 0) from order_refund r where r.order_id = o.id and r.status = 5) refunded_fen,
      (select count(*) from orders d where d.order_id = o.order_id and d.id < o.id) dup
      from orders o`,
    key: ['o.id'],
    // A payment or a refund changes the order's amount and state without touching its row.
    since: {
      changed: `o.created_at >= ? or o.updated_at >= ?
        or exists (select 1 from order_paid_records p where p.order_id = o.id and (p.created_at >= ? or p.updated_at >= ? or p.deleted_at >= ?))
        or exists (select 1 from order_refund r where r.order_id = o.id and (r.created_at >= ? or r.updated_at >= ?))`,
    },
    convert(row, ctx) {
      const status = int(row.status);
      // MeEdu keeps orders and paid records in whole yuan and refunds in fen: all fen here.
      let charge = fen(row.charge);
      const paid = fen(row.paid);
      let amount: number;
      if (status === 9) {
        amount = paid;
        if (amount > charge) {
          charge = amount;
          ctx.note('实付超过标价：标价按实付');
        }
        if (fen(row.covered) > charge) ctx.note('优惠大于价格：优惠按价格截断');
      } else {
        amount = Math.max(charge - fen(row.covered), 0);
      }
      if (int(row.balance) > 0) ctx.note('邀请余额抵扣：计入优惠（余额流水无去处）');
      let orderNo = text(row.order_id);
      if (int(row.dup) > 0 || orderNo.length > 32 || orderNo === '') {
        orderNo = `${orderNo.slice(0, 20)}-${row.id}`;
        ctx.note('订单号重复（旧格式）：后来者加 -<id>');
      }
      if (int(row.promo_rows) > 0 && !row.promo_code_id) ctx.note('优惠码已被彻底删除：订单不再关联');
      const refunded = Math.min(amount, int(row.refunded_fen));
      if (int(row.refunded_fen) > amount) ctx.note('退款合计超过实付：按实付记');
      const fullyRefunded = status === 9 && amount > 0 && refunded === amount;
      if (fullyRefunded) ctx.note('全额退款：状态改为 11（已退款）');
      if (status === 9 && !text(row.payment)) ctx.note('已支付但无支付渠道（优惠码全免或后台标记）');
      return {
        id: int(row.id),
        order_id: orderNo,
        user_id: int(row.user_id),
        charge,
        discount: charge - amount,
        amount,
        status: fullyRefunded ? 11 : status,
        payment: text(row.payment).slice(0, 32),
        payment_method: text(row.payment_method).slice(0, 16),
        promo_code_id: row.promo_code_id ? int(row.promo_code_id) : null,
        paid_at: status === 9 ? (chinaTime(row.paid_time) ?? updated(row, ctx)) : null,
        cancelled_at: status === 7 ? updated(row, ctx) : null,
        refunded_amount: refunded,
        created_at: created(row, ctx),
        updated_at: updated(row, ctx),
      };
    },
  },
  {
    name: 'order_goods',
    into: 'order_goods',
    source: 'order_goods',
    total: 'select count(*) n from order_goods',
    filtered: '所属订单已不存在',
    select: `select g.*, c.title course_title, r.name role_name, r.expire_days, v.title video_title
      from order_goods g join orders o on o.id = g.oid
      left join courses c on g.goods_type = 'COURSE' and c.id = g.goods_id
      left join roles r on g.goods_type = 'ROLE' and r.id = g.goods_id
      left join videos v on g.goods_type = 'VIDEO' and v.id = g.goods_id`,
    key: ['g.id'],
    since: { changed: 'g.created_at >= ? or g.updated_at >= ? or o.created_at >= ?' },
    convert(row, ctx) {
      const type = text(row.goods_type);
      if (!['COURSE', 'ROLE', 'VIDEO'].includes(type)) {
        ctx.note(`未知商品类型 ${type}：丢弃`);
        return null;
      }
      const charge = fen(row.charge);
      if (int(row.goods_charge) === 0 && charge > 0) ctx.note('goods_charge 为 0：按 charge');
      let name = text(row.goods_name);
      if (name === '') {
        name = text(row.course_title ?? row.role_name ?? row.video_title) || `#${row.goods_id}`;
        ctx.note('商品名为空（2020-08 之前）：取当前名称');
      }
      if (type === 'ROLE') ctx.note('会员订单的天数取该计划当前的天数');
      return {
        id: int(row.id),
        order_id: int(row.oid),
        goods_type: type,
        goods_id: int(row.goods_id),
        goods_name: name.slice(0, 255),
        goods_thumb: image(row.goods_thumb, ctx, '商品图'),
        goods_charge: fen(row.goods_charge) || charge,
        goods_ori_charge: fen(row.goods_ori_charge) || charge,
        num: int(row.num) || 1,
        expire_days: type === 'ROLE' ? int(row.expire_days) : 0,
        created_at: created(row, ctx),
      };
    },
  },
  {
    name: 'promo_code_uses',
    into: 'promo_code_uses',
    source: 'order_paid_records',
    total: 'select count(*) n from order_paid_records where paid_type = 1',
    filtered: '优惠码或订单已不存在',
    select: `select p.order_id, max(p.user_id) user_id, max(p.paid_type_id) promo_code_id, min(p.created_at) created_at,
      case when sum(p.deleted_at is null) > 0 then null else max(p.deleted_at) end released_at, count(*) n
      from order_paid_records p join orders o on o.id = p.order_id join promo_codes pc on pc.id = p.paid_type_id`,
    where: 'p.paid_type = 1',
    groupBy: 'p.order_id',
    key: ['p.order_id'],
    since: { changed: 'max(p.created_at) >= ? or max(p.updated_at) >= ? or max(p.deleted_at) >= ?' },
    convert: (row, ctx) => ({
      promo_code_id: int(row.promo_code_id),
      user_id: int(row.user_id),
      order_id: int(row.order_id),
      released_at: chinaTime(row.released_at),
      created_at: created(row, ctx),
    }),
  },
  {
    name: 'refunds',
    into: 'refunds',
    source: 'order_refund',
    total: 'select count(*) n from order_refund',
    filtered: '所属订单已不存在',
    select: 'select r.* from order_refund r join orders o on o.id = r.order_id',
    key: ['r.id'],
    convert(row, ctx) {
      // MeEdu's refunds are already in fen, like Kezhan's: kept to the fen.
      const amount = int(row.amount);
      if (amount <= 0) {
        ctx.note('退款金额为 0：丢弃');
        return null;
      }
      const status = int(row.status);
      if (status === 13) ctx.note('退款状态 13（已关闭）记为失败');
      return {
        id: int(row.id),
        order_id: int(row.order_id),
        amount,
        reason: text(row.reason),
        status: status === 5 ? 'succeeded' : status === 1 ? 'processing' : 'failed',
        out_refund_no: text(row.refund_no),
        gateway: flag(row.is_local) ? 'manual' : text(row.payment).slice(0, 32),
        completed_at: chinaTime(row.success_at),
        created_at: created(row, ctx),
        updated_at: updated(row, ctx),
      };
    },
  },
  {
    name: 'video_watch_records',
    into: 'video_watch_records',
    source: 'user_video_watch_records',
    total: 'select count(*) n from user_video_watch_records',
    filtered: '已删除，或学员/课时已不存在',
    select: `select w.user_id, w.video_id, max(v.course_id) course_id, max(w.watch_seconds) watch_seconds,
      min(w.watched_at) watched_at, min(w.created_at) created_at, max(w.updated_at) updated_at, count(*) n
      from user_video_watch_records w join users u on u.id = w.user_id join videos v on v.id = w.video_id
      join courses c on c.id = v.course_id`,
    where: 'w.deleted_at is null',
    groupBy: 'w.user_id, w.video_id',
    key: ['w.user_id', 'w.video_id'],
    convert: (row, ctx) => ({
      user_id: int(row.user_id),
      course_id: int(row.course_id),
      video_id: int(row.video_id),
      watch_seconds: int(row.watch_seconds),
      watched_at: chinaTime(row.watched_at),
      created_at: created(row, ctx),
      updated_at: updated(row, ctx),
    }),
  },
  {
    name: 'course_learn_records',
    into: 'course_learn_records',
    source: 'course_user_records',
    total: 'select count(*) n from course_user_records',
    filtered: '已删除，或学员/课程已不存在',
    select: `select r.user_id, r.course_id, max(r.is_watched) is_watched, min(r.watched_at) watched_at,
      max(r.progress) progress, min(r.created_at) created_at, max(r.updated_at) updated_at, count(*) n
      from course_user_records r join users u on u.id = r.user_id join courses c on c.id = r.course_id`,
    where: 'r.deleted_at is null',
    groupBy: 'r.user_id, r.course_id',
    key: ['r.user_id', 'r.course_id'],
    convert: (row, ctx) => ({
      user_id: int(row.user_id),
      course_id: int(row.course_id),
      is_watched: flag(row.is_watched),
      watched_at: chinaTime(row.watched_at),
      progress: Math.min(100, Math.max(0, int(row.progress))),
      created_at: created(row, ctx),
      updated_at: updated(row, ctx),
    }),
  },
  {
    name: 'course_likes',
    into: 'course_likes',
    source: 'user_like_courses',
    total: 'select count(*) n from user_like_courses',
    filtered: '已取消收藏，或学员/课程已不存在',
    select:
      'select l.user_id, l.course_id, min(l.created_at) created_at, count(*) n from user_like_courses l join users u on u.id = l.user_id join courses c on c.id = l.course_id',
    where: 'l.deleted_at is null',
    groupBy: 'l.user_id, l.course_id',
    key: ['l.user_id', 'l.course_id'],
    convert: (row, ctx) => ({
      user_id: int(row.user_id),
      course_id: int(row.course_id),
      created_at: created(row, ctx),
    }),
  },
  {
    name: 'notifications',
    into: 'notifications',
    source: 'notifications',
    total: 'select count(*) n from notifications',
    filtered: '学员已不存在，或不是发给学员的消息',
    select: 'select n.* from notifications n join users u on u.id = n.notifiable_id',
    where: `n.notifiable_type in (${USER}, ${USER_V2})`,
    key: ["coalesce(n.created_at, '1970-01-01 00:00:00')", 'n.id'],
    // Reading a message touches updated_at; Kezhan gave the messages new ids.
    since: { matchBy: ['user_id', 'created_at', 'message'] },
    convert(row, ctx) {
      if (String(row.notifiable_type).includes('ServiceV2'))
        ctx.note('MeEdu 收件箱看不到的消息（实名认证等）：现在可见');
      return {
        user_id: int(row.notifiable_id),
        message: notificationText(row.data),
        read_at: chinaTime(row.read_at),
        created_at: created(row, ctx),
      };
    },
  },
  {
    name: 'user_credit1_records',
    into: 'user_credit1_records',
    source: 'user_credit_records',
    total: 'select count(*) n from user_credit_records',
    filtered: '已删除、不是 credit1（积分）或学员已不存在',
    select: 'select r.* from user_credit_records r join users u on u.id = r.user_id',
    where: "r.deleted_at is null and r.field = 'credit1'",
    key: ['r.id'],
    convert: (row, ctx) => ({
      id: int(row.id),
      user_id: int(row.user_id),
      sum: int(row.sum),
      remark: text(row.remark).slice(0, 255),
      created_at: created(row, ctx),
    }),
  },
  {
    name: 'comments',
    into: 'comments',
    source: 'comments',
    when: (source) => source.has('comments', 'parent_id'),
    total: 'select count(*) n from comments',
    filtered: '已删除，或学员已不存在',
    select: 'select c.* from comments c join users u on u.id = c.user_id',
    where: 'c.deleted_at is null',
    key: ['c.id'],
    convert(row, ctx) {
      if (!flag(row.is_check)) ctx.note('未审核的评论：待审核');
      return {
        id: int(row.id),
        rt: int(row.rt),
        rid: int(row.rid),
        user_id: int(row.user_id),
        content: text(row.content),
        ip: text(row.ip).slice(0, 64),
        ip_province: text(row.ip_province).slice(0, 64),
        parent_id: int(row.parent_id),
        reply_id: int(row.reply_id),
        status: flag(row.is_check) ? 'approved' : 'pending',
        check_reason: text(row.check_reason).slice(0, 255),
        created_at: created(row, ctx),
      };
    },
  },
  {
    name: 'course_comments',
    into: 'comments',
    source: 'course_comments',
    when: (source) => !source.has('comments', 'parent_id') && source.has('course_comments'),
    total: 'select count(*) n from course_comments',
    filtered: '已删除，或学员已不存在',
    select: 'select c.* from course_comments c join users u on u.id = c.user_id',
    where: 'c.deleted_at is null',
    key: ['c.id'],
    convert: (row, ctx) => ({
      id: int(row.id),
      rt: 1,
      rid: int(row.course_id),
      user_id: int(row.user_id),
      content: plainText(row.original_content),
      ip: text(row.ip).slice(0, 64),
      ip_province: text(row.ip_province).slice(0, 64),
      created_at: created(row, ctx),
    }),
  },
  {
    name: 'video_comments',
    into: 'comments',
    source: 'video_comments',
    when: (source) => !source.has('comments', 'parent_id') && source.has('video_comments'),
    total: 'select count(*) n from video_comments',
    filtered: '已删除，或学员已不存在',
    select: 'select c.* from video_comments c join users u on u.id = c.user_id',
    where: 'c.deleted_at is null',
    key: ['c.id'],
    since: { deletedKeys: (ctx) => ({ select: 'select c.id + ? id', params: [ctx.videoCommentOffset] }) },
    convert(row, ctx) {
      ctx.note('课时评论的编号排在课程评论之后');
      return {
        id: int(row.id) + ctx.videoCommentOffset,
        rt: 2,
        rid: int(row.video_id),
        user_id: int(row.user_id),
        content: plainText(row.original_content),
        ip: text(row.ip).slice(0, 64),
        ip_province: text(row.ip_province).slice(0, 64),
        created_at: created(row, ctx),
      };
    },
  },
  {
    name: 'sliders',
    into: 'sliders',
    source: 'sliders',
    when: (source) => source.has('sliders'),
    total: 'select count(*) n from sliders',
    filtered: '已删除',
    select: 'select s.* from sliders s',
    where: 's.deleted_at is null',
    key: ['s.id'],
    convert: (row, ctx) => ({
      id: int(row.id),
      thumb: image(row.thumb, ctx, '轮播图'),
      sort: int(row.sort),
      url: text(row.url),
      platform: text(row.platform).slice(0, 16) || 'PC',
      created_at: created(row, ctx),
      updated_at: updated(row, ctx),
    }),
  },
  {
    name: 'navs',
    into: 'navs',
    source: 'navs',
    when: (source) => source.has('navs'),
    total: 'select count(*) n from navs',
    filtered: '',
    select: 'select n.* from navs n',
    key: ['n.id'],
    convert: (row, ctx) => ({
      id: int(row.id),
      sort: int(row.sort),
      name: text(row.name).slice(0, 64),
      url: text(row.url),
      active_routes: text(row.active_routes),
      platform: text(row.platform).slice(0, 16) || 'PC',
      parent_id: int(row.parent_id),
      blank: flag(row.blank),
      created_at: created(row, ctx),
      updated_at: updated(row, ctx),
    }),
  },
  {
    name: 'links',
    into: 'links',
    source: 'links',
    when: (source) => source.has('links'),
    total: 'select count(*) n from links',
    filtered: '',
    select: 'select l.* from links l',
    key: ['l.id'],
    convert: (row, ctx) => ({
      id: int(row.id),
      sort: int(row.sort),
      name: text(row.name).slice(0, 64),
      url: text(row.url),
      created_at: created(row, ctx),
      updated_at: updated(row, ctx),
    }),
  },
  {
    name: 'announcements',
    into: 'announcements',
    source: 'announcements',
    when: (source) => source.has('announcements'),
    total: 'select count(*) n from announcements',
    filtered: '',
    select: 'select a.* from announcements a',
    key: ['a.id'],
    convert: (row, ctx) => ({
      id: int(row.id),
      admin_id: int(row.admin_id),
      title: text(row.title).slice(0, 255),
      announcement: sanitizeDescription(text(row.announcement)),
      view_times: int(row.view_times),
      created_at: created(row, ctx),
      updated_at: updated(row, ctx),
    }),
  },
  {
    name: 'view_blocks',
    into: 'view_blocks',
    source: 'view_blocks',
    when: (source) => source.has('view_blocks'),
    total: 'select count(*) n from view_blocks',
    filtered: '属于非默认的装修页（草稿）：课栈只有首页两页',
    select: 'select b.* from view_blocks b',
    key: ['b.id'],
    convert: (row, ctx) => ({
      id: int(row.id),
      platform: text(row.platform),
      page: text(row.page),
      sign: text(row.sign),
      sort: int(row.sort),
      config: text(row.config),
      created_at: created(row, ctx),
      updated_at: updated(row, ctx),
    }),
  },
];

/** 2026 pages: only the live (default) page of each key has a home. */
export function viewBlocksWhere(source: MeeduSource): string | undefined {
  if (!source.has('view_blocks', 'decoration_page_id') || !source.has('decoration_pages')) return undefined;
  return 'b.decoration_page_id is null or b.decoration_page_id in (select max(d.id) from decoration_pages d where d.is_default = 1 group by d.page_key)';
}

/** Kezhan tables whose serial ids were given explicitly, advanced past the highest. */
export const SERIAL_TABLES = [
  'roles',
  'users',
  'user_login_records',
  'course_categories',
  'courses',
  'course_chapters',
  'videos',
  'promo_codes',
  'orders',
  'order_goods',
  'refunds',
  'user_credit1_records',
  'comments',
  'sliders',
  'navs',
  'links',
  'announcements',
  'view_blocks',
];

/** The importer writes many tables from one loop: rows are checked by the database, not by types. */
export type AnyDb = Kysely<any>;
