/**
 * The verification table at the end of a move: each entity counted again in MeEdu (by a query of
 * its own, applying the same rules as the move: rows whose member is gone, soft-deleted rows,
 * merged duplicates) and in Kezhan, side by side; paid money and refunds compared to the fen.
 */
import { sql } from 'kysely';
import type { Db } from '../../shared/db/database';
import { wholeYuanToFen } from '../../shared/money';
import { AGREEMENT_SETTINGS } from '../agreements/agreements-service';
import { int } from './convert';
import type { MeeduSource } from './source';
import { viewBlocksWhere } from './steps';

export interface Check {
  label: string;
  /** Money: both figures in fen, shown as yuan. */
  money?: boolean;
  meedu: number;
  kezhan: number;
  note?: string;
}

interface Entity {
  label: string;
  /** The MeEdu tables (or `table.column`) the count needs: the check is left out without one. */
  needs?: string[];
  meedu: (source: MeeduSource) => string;
  /** Kezhan's table (counted whole) or a query giving `n`. */
  kezhan: string | ReturnType<typeof sql<{ n: string | number | null }>>;
  money?: boolean;
  /** MeEdu's figure is whole yuan (its paid records): compared in fen. */
  meeduInYuan?: boolean;
}

const MEMBER_TYPES = `'App\\\\Services\\\\Member\\\\Models\\\\User', 'App\\\\Meedu\\\\ServiceV2\\\\Models\\\\User'`;
const AGREEMENT_TYPES = Object.keys(AGREEMENT_SETTINGS)
  .map((type) => `'${type}'`)
  .join(', ');

const ENTITIES: Entity[] = [
  { label: '学员', meedu: () => 'select count(*) n from users', kezhan: 'users' },
  {
    label: '学员资料',
    needs: ['user_profiles'],
    meedu: () =>
      'select count(*) n from user_profiles p join users u on u.id = p.user_id where p.deleted_at is null',
    kezhan: 'user_profiles',
  },
  {
    label: '登录记录',
    meedu: () =>
      "select count(*) n from user_login_records r join users u on u.id = r.user_id where r.jti <> ''",
    kezhan: 'user_login_records',
  },
  { label: '会员计划', meedu: () => 'select count(*) n from roles', kezhan: 'roles' },
  {
    label: '课程分类',
    needs: ['course_categories'],
    meedu: () => 'select count(*) n from course_categories',
    kezhan: 'course_categories',
  },
  { label: '课程', meedu: () => 'select count(*) n from courses', kezhan: 'courses' },
  {
    label: '章节',
    needs: ['course_chapter'],
    meedu: () => 'select count(*) n from course_chapter ch join courses c on c.id = ch.course_id',
    kezhan: 'course_chapters',
  },
  {
    label: '课时',
    meedu: () => 'select count(*) n from videos v join courses c on c.id = v.course_id',
    kezhan: 'videos',
  },
  {
    label: '云点播课时',
    needs: ['videos.aliyun_video_id', 'videos.tencent_video_id'],
    meedu: () =>
      "select count(*) n from videos v join courses c on c.id = v.course_id where coalesce(nullif(trim(v.aliyun_video_id), ''), trim(v.tencent_video_id), '') regexp '^[A-Za-z0-9_-]{1,64}$'",
    kezhan: 'video_vod_sources',
  },
  {
    label: '已购课程（去重）',
    meedu: () =>
      'select count(distinct uc.user_id, uc.course_id) n from user_course uc join users u on u.id = uc.user_id join courses c on c.id = uc.course_id',
    kezhan: 'user_courses',
  },
  {
    label: '单独购买的课时（去重）',
    meedu: () =>
      'select count(distinct uv.user_id, uv.video_id) n from user_video uv join users u on u.id = uv.user_id join videos v on v.id = uv.video_id join courses c on c.id = v.course_id',
    kezhan: 'user_videos',
  },
  { label: '优惠码', meedu: () => 'select count(*) n from promo_codes', kezhan: 'promo_codes' },
  { label: '订单', meedu: () => 'select count(*) n from orders', kezhan: 'orders' },
  {
    label: '订单商品',
    meedu: () =>
      "select count(*) n from order_goods g join orders o on o.id = g.oid where g.goods_type in ('COURSE', 'ROLE', 'VIDEO')",
    kezhan: 'order_goods',
  },
  {
    label: '优惠码使用',
    meedu: () =>
      'select count(distinct p.order_id) n from order_paid_records p join orders o on o.id = p.order_id join promo_codes pc on pc.id = p.paid_type_id where p.paid_type = 1',
    kezhan: 'promo_code_uses',
  },
  {
    // Both sides in fen, compared exactly: MeEdu's paid records are whole yuan, its refunds fen.
    label: '已支付订单实收（元）',
    money: true,
    meeduInYuan: true,
    meedu: () =>
      'select coalesce(sum(p.paid_total), 0) n from order_paid_records p join orders o on o.id = p.order_id where o.status = 9 and p.paid_type = 0 and p.deleted_at is null',
    kezhan: sql`select coalesce(sum(amount), 0) n from orders where status in (9, 11)`,
  },
  {
    label: '退款记录',
    meedu: () =>
      'select count(*) n from order_refund r join orders o on o.id = r.order_id where r.amount > 0',
    kezhan: 'refunds',
  },
  {
    label: '成功退款（元）',
    money: true,
    meedu: () =>
      'select coalesce(sum(r.amount), 0) n from order_refund r join orders o on o.id = r.order_id where r.status = 5',
    kezhan: sql`select coalesce(sum(amount), 0) n from refunds where status = 'succeeded'`,
  },
  {
    label: '观看记录（每人每课时）',
    meedu: () =>
      'select count(distinct w.user_id, w.video_id) n from user_video_watch_records w join users u on u.id = w.user_id join videos v on v.id = w.video_id join courses c on c.id = v.course_id where w.deleted_at is null',
    kezhan: 'video_watch_records',
  },
  {
    label: '课程学习记录（每人每课程）',
    meedu: () =>
      'select count(distinct r.user_id, r.course_id) n from course_user_records r join users u on u.id = r.user_id join courses c on c.id = r.course_id where r.deleted_at is null',
    kezhan: 'course_learn_records',
  },
  {
    label: '收藏课程',
    needs: ['user_like_courses'],
    meedu: () =>
      'select count(distinct l.user_id, l.course_id) n from user_like_courses l join users u on u.id = l.user_id join courses c on c.id = l.course_id where l.deleted_at is null',
    kezhan: 'course_likes',
  },
  {
    label: '站内消息',
    meedu: () =>
      `select count(*) n from notifications n join users u on u.id = n.notifiable_id where n.notifiable_type in (${MEMBER_TYPES})`,
    kezhan: 'notifications',
  },
  {
    label: '积分记录',
    needs: ['user_credit_records'],
    meedu: () =>
      "select count(*) n from user_credit_records r join users u on u.id = r.user_id where r.deleted_at is null and r.field = 'credit1'",
    kezhan: 'user_credit1_records',
  },
  {
    label: '评论',
    meedu: (source) =>
      source.has('comments', 'parent_id')
        ? 'select count(*) n from comments c join users u on u.id = c.user_id where c.deleted_at is null'
        : `select (select count(*) from course_comments c join users u on u.id = c.user_id where c.deleted_at is null)${
            source.has('video_comments')
              ? ' + (select count(*) from video_comments c join users u on u.id = c.user_id where c.deleted_at is null)'
              : ''
          } n`,
    kezhan: 'comments',
  },
  {
    label: '轮播图',
    needs: ['sliders'],
    meedu: () => 'select count(*) n from sliders where deleted_at is null',
    kezhan: 'sliders',
  },
  { label: '导航', needs: ['navs'], meedu: () => 'select count(*) n from navs', kezhan: 'navs' },
  { label: '友情链接', needs: ['links'], meedu: () => 'select count(*) n from links', kezhan: 'links' },
  {
    label: '公告',
    needs: ['announcements'],
    meedu: () => 'select count(*) n from announcements',
    kezhan: 'announcements',
  },
  {
    label: '装修区块',
    needs: ['view_blocks'],
    meedu: (source) => {
      const where = viewBlocksWhere(source);
      return `select count(*) n from view_blocks b${where ? ` where ${where}` : ''}`;
    },
    kezhan: 'view_blocks',
  },
  {
    label: 'QQ/微信绑定',
    needs: ['socialite'],
    // The first binding of an openid and of a member per app, as the move keeps.
    meedu: () => `select count(*) n from socialite s join users u on u.id = s.user_id
      where s.app in ('qq', 'wechat') and s.app_user_id <> '' and not exists (select 1 from socialite d join users du on du.id = d.user_id
        where d.id < s.id and ((d.app = s.app and d.app_user_id = s.app_user_id) or (d.user_id = s.user_id and d.app = s.app)))`,
    kezhan: 'socialites',
  },
  {
    label: '协议同意记录',
    needs: ['agreement_user_records', 'agreements'],
    // One consent per member and text of a kind, as the move merges them.
    meedu:
      () => `select count(*) n from agreement_user_records r join users u on u.id = r.user_id join agreements a on a.id = r.agreement_id
      where a.type in (${AGREEMENT_TYPES}) and not exists (select 1 from agreement_user_records d join agreements da on da.id = d.agreement_id
        where d.user_id = r.user_id and da.type = a.type and da.content = a.content and d.id < r.id)`,
    kezhan: 'agreement_user_records',
  },
  {
    label: '注销申请',
    needs: ['user_delete_jobs'],
    meedu: () =>
      'select count(*) n from user_delete_jobs j left join users u on u.id = j.user_id where j.is_handle = 1 or u.id is not null',
    kezhan: 'user_delete_jobs',
  },
  {
    label: '人脸核验记录',
    needs: ['user_face_verify_tencent_records'],
    meedu: () =>
      "select count(*) n from user_face_verify_tencent_records f join users u on u.id = f.user_id where f.biz_token <> ''",
    kezhan: 'face_verify_records',
  },
  {
    label: '课程附件',
    needs: ['course_attach'],
    meedu: () =>
      'select count(*) n from course_attach a join courses c on c.id = a.course_id where a.deleted_at is null',
    kezhan: 'course_attachments',
  },
];

export async function verify(db: Db, source: MeeduSource): Promise<Check[]> {
  const checks: Check[] = [];
  for (const entity of ENTITIES) {
    if (entity.needs?.some((need) => !source.has(...(need.split('.') as [string, string?])))) continue;
    const [row] = await source.query(entity.meedu(source));
    const meedu = int(row?.n);
    const query =
      typeof entity.kezhan === 'string'
        ? sql<{ n: string }>`select count(*) n from ${sql.table(entity.kezhan)}`
        : entity.kezhan;
    const kezhan = Number((await query.execute(db)).rows[0]?.n ?? 0);
    checks.push({
      label: entity.label,
      money: entity.money,
      meedu: entity.meeduInYuan ? wholeYuanToFen(meedu) : meedu,
      kezhan,
    });
  }
  return checks;
}
