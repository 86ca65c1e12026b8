import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import mysql from 'mysql2/promise';

/**
 * MeEdu-shaped databases on the machine's MariaDB (MEEDU_TEST_MYSQL, default root@127.0.0.1:3306)
 * for the migration tests: the tables and columns a MeEdu of 2024 or 2026 has, filled with a small
 * school and the data quirks real ones carry. Each fixture is a fresh `meedu_test_<random>`
 * database, dropped by `drop()`.
 */
export type FixtureGeneration = '2024' | '2026';

export const MEEDU_PASSWORD = 'meedu-pass 密码';
export const MEEDU_ROOT = process.env.MEEDU_TEST_MYSQL ?? 'mysql://root@127.0.0.1:3306';

export interface MeeduFixture {
  url: string;
  name: string;
  query(sql: string, params?: unknown[]): Promise<unknown>;
  drop(): Promise<void>;
}

const TS = 'created_at timestamp null, updated_at timestamp null';
const TABLES_BOTH = [
  `create table users (id int unsigned auto_increment primary key, avatar varchar(191) not null default '', nick_name varchar(24) not null,
    mobile varchar(20) not null unique, password varchar(191) not null, credit1 int not null default 0, credit2 int not null default 0,
    credit3 int not null default 0, is_active tinyint not null, is_lock tinyint not null default -1, remember_token varchar(100) null, ${TS},
    role_id int not null default 0, role_expired_at timestamp null, invite_balance int not null default 0, invite_user_id int not null default 0,
    invite_user_expired_at timestamp null, is_password_set tinyint not null default 0, is_set_nickname tinyint not null default 0,
    register_ip varchar(64) not null default '', register_area varchar(64) not null default '', last_login_id int not null default 0)`,
  `create table user_profiles (id bigint unsigned auto_increment primary key, user_id bigint not null default 0 unique, real_name varchar(32) not null default '',
    id_number varchar(32) not null default '', is_verify tinyint not null default 0, ${TS}, deleted_at timestamp null)`,
  `create table user_login_records (id bigint unsigned auto_increment primary key, user_id int not null, ip varchar(191) not null default '',
    platform varchar(191) not null default '', ${TS}, ua varchar(255) not null default '', token varchar(1024) not null default '',
    iss varchar(255) not null default '', exp int not null default 0, jti varchar(32) not null default '', is_logout tinyint not null default 0)`,
  `create table roles (id int unsigned auto_increment primary key, name varchar(32) not null, charge int not null default 0,
    expire_days int not null default 0, weight int not null default 0, description varchar(191) not null default '', ${TS}, is_show tinyint not null default 1)`,
  `create table course_categories (id int unsigned auto_increment primary key, name varchar(32) not null, parent_id int not null default 0,
    parent_chain varchar(191) not null default '', is_show tinyint not null default 1, sort int not null default 0, ${TS}, deleted_at timestamp null)`,
  `create table course_chapter (id int unsigned auto_increment primary key, course_id int not null, title varchar(191) not null, ${TS}, sort int not null default 0)`,
  `create table user_course (user_id int not null, course_id int not null, created_at timestamp null, charge int not null default 0)`,
  `create table user_video (user_id int not null, video_id int not null, charge int not null default 0, created_at timestamp null)`,
  `create table promo_codes (id int unsigned auto_increment primary key, user_id int not null default 0, code varchar(24) not null unique,
    expired_at timestamp null, invite_user_reward int not null default 0, invited_user_reward int not null default 0, use_times int not null default 0,
    used_times int not null default 0, ${TS}, deleted_at timestamp null)`,
  `create table orders (id int unsigned auto_increment primary key, user_id int not null, charge int not null, status tinyint not null default 1, ${TS},
    deleted_at timestamp null, order_id varchar(18) not null, payment varchar(191) not null default '', payment_method varchar(191) not null default '',
    is_refund tinyint not null default 0, last_refund_at timestamp null)`,
  `create table order_goods (id int unsigned auto_increment primary key, oid int unsigned not null, user_id int not null, order_id varchar(18) not null,
    goods_id int not null, goods_type varchar(191) not null, num int not null default 1, charge int not null, ${TS}, goods_name varchar(255) not null default '',
    goods_thumb varchar(255) not null default '', goods_charge int not null default 0, goods_ori_charge int not null default 0)`,
  `create table order_paid_records (id int unsigned auto_increment primary key, user_id int not null default 0, order_id int not null default 0,
    paid_total int not null default 0, paid_type tinyint not null default 0, paid_type_id int not null default 0, ${TS}, deleted_at timestamp null)`,
  `create table order_refund (id bigint unsigned auto_increment primary key, order_id bigint not null default 0, user_id bigint not null default 0,
    payment varchar(32) not null default '', total_amount int not null default 0, refund_no varchar(32) not null unique, amount int not null default 0,
    reason varchar(64) not null default '', is_local tinyint not null default 0, status tinyint not null default 0, success_at timestamp null, ${TS})`,
  `create table user_video_watch_records (id bigint unsigned auto_increment primary key, user_id int not null, course_id int not null, video_id int not null,
    watch_seconds int not null default 0, watched_at timestamp null, ${TS}, deleted_at timestamp null)`,
  `create table course_user_records (id int unsigned auto_increment primary key, course_id int not null, user_id int not null, ${TS}, deleted_at timestamp null,
    is_watched tinyint not null default 0, watched_at timestamp null, progress tinyint not null default 0)`,
  `create table user_like_courses (id bigint unsigned auto_increment primary key, user_id int not null, course_id int not null, ${TS}, deleted_at timestamp null)`,
  `create table notifications (id char(36) primary key, type varchar(191) not null, notifiable_type varchar(191) not null, notifiable_id bigint unsigned not null,
    data text not null, read_at timestamp null, ${TS})`,
  `create table user_credit_records (id bigint unsigned auto_increment primary key, user_id int not null, field varchar(191) not null default '',
    sum int not null default 0, remark varchar(191) not null default '', ${TS}, deleted_at timestamp null)`,
  `create table course_comments (id int unsigned auto_increment primary key, user_id int not null, course_id int not null, original_content text not null,
    render_content text not null, ${TS}, deleted_at timestamp null, ip varchar(45) not null default '', ip_province varchar(32) not null default '')`,
  `create table video_comments (id int unsigned auto_increment primary key, user_id int not null, video_id int not null, original_content text not null,
    render_content text not null, ${TS}, deleted_at timestamp null, ip varchar(45) not null default '', ip_province varchar(32) not null default '')`,
  `create table sliders (id int unsigned auto_increment primary key, thumb varchar(191) not null, sort int not null default 0, url varchar(191) not null, ${TS},
    deleted_at timestamp null, platform varchar(191) not null default '')`,
  `create table navs (id int unsigned auto_increment primary key, sort int not null default 0, name varchar(191) not null, url varchar(191) not null, ${TS},
    active_routes varchar(191) not null default '', platform varchar(24) not null default '', parent_id int not null default 0, blank tinyint not null default 0)`,
  `create table links (id int unsigned auto_increment primary key, sort int not null default 0, name varchar(191) not null, url varchar(191) not null, ${TS})`,
  `create table announcements (id int unsigned auto_increment primary key, admin_id int not null default 0, announcement text not null,
    view_times int not null default 0, ${TS}, title varchar(191) not null default '')`,
  `create table app_config (id bigint unsigned auto_increment primary key, \`group\` varchar(24) not null default '', name varchar(24) not null default '',
    sort int not null default 0, field_type varchar(24) not null default '字段类型', \`key\` varchar(188) not null unique, value longtext null, ${TS})`,
  `create table migrations (id int unsigned auto_increment primary key, migration varchar(191) not null, batch int not null)`,
  `create table user_tags (id bigint unsigned auto_increment primary key, name varchar(24) not null unique, ${TS})`,
  `create table socialite (id int unsigned auto_increment primary key, user_id int not null default 0, app varchar(191) not null default '',
    app_user_id varchar(128) not null default '', data varchar(2222) not null default '', ${TS}, union_id varchar(256) null)`,
  `create table course_attach (id bigint unsigned auto_increment primary key, course_id int not null, name varchar(191) not null default '',
    path varchar(191) not null default '', disk varchar(12) not null default '', size int not null default 0, extension varchar(12) not null default '',
    only_buyer tinyint not null default 1, download_times int not null default 0, ${TS}, deleted_at timestamp null)`,
  `create table user_delete_jobs (id bigint unsigned auto_increment primary key, user_id bigint not null default 0 unique,
    mobile varchar(24) not null default '', is_handle tinyint not null default 0, submit_at timestamp null, expired_at timestamp null)`,
  `create table user_face_verify_tencent_records (id bigint unsigned auto_increment primary key, user_id bigint not null default 0,
    rule_id varchar(32) not null default '', request_id varchar(128) not null default '', url varchar(2550) not null default '',
    biz_token varchar(128) not null unique, status tinyint not null default 0, verify_image_url varchar(255) not null default '',
    verify_video_url varchar(255) not null default '', ${TS})`,
];

const COURSES = (generation: FixtureGeneration) =>
  `create table courses (id int unsigned auto_increment primary key, user_id int not null, title varchar(191) not null, slug varchar(191) not null,
    thumb varchar(191) not null, charge int not null default 0, short_description varchar(191) not null default '', original_desc text not null,
    render_desc text not null, seo_keywords varchar(191) not null default '', seo_description varchar(191) not null default '',
    published_at timestamp null, is_show tinyint not null, ${TS}, deleted_at timestamp null, category_id int not null default 0,
    is_rec tinyint not null default 0, user_count int not null default 0, is_free tinyint not null default 0
    ${generation === '2026' ? ', is_allow_comment tinyint not null default 0, is_vip_free tinyint not null default 0' : ''})`;
const VIDEOS = (generation: FixtureGeneration) =>
  `create table videos (id int unsigned auto_increment primary key, user_id int not null, course_id int not null, title varchar(191) not null,
    slug varchar(191) not null, url varchar(191) not null default '', charge int not null default 0, view_num int not null default 0,
    short_description varchar(191) not null default '', original_desc text not null, render_desc text not null,
    seo_keywords varchar(191) not null default '', seo_description varchar(191) not null default '', published_at timestamp null,
    is_show tinyint not null, deleted_at timestamp null, ${TS}, aliyun_video_id varchar(191) null default '', chapter_id int not null default 0,
    duration int not null default 0, tencent_video_id varchar(191) null, is_ban_sell tinyint not null default 0, free_seconds mediumint not null default 0,
    ban_drag tinyint not null default 0 ${generation === '2026' ? ', is_allow_comment tinyint not null default 0' : ''})`;
const TABLES_2026 = [
  `create table comments (id int unsigned auto_increment primary key, parent_id int not null default 0, reply_id int not null default 0,
    user_id int not null default 0, rt int not null default 0, rid int not null default 0, content text null, ip varchar(15) not null default '',
    ip_province varchar(32) not null default '', is_check tinyint not null default 0, check_reason varchar(32) not null default '', ${TS}, deleted_at timestamp null)`,
  `create table decoration_pages (id bigint unsigned auto_increment primary key, name varchar(64) not null default '', page_key varchar(64) not null default '',
    is_default tinyint not null default 0, ${TS})`,
  `create table view_blocks (id bigint unsigned auto_increment primary key, decoration_page_id bigint unsigned null, platform varchar(32) not null default '',
    page varchar(32) not null default '', sign varchar(64) not null default '', sort int not null default 0, config mediumtext null, ${TS})`,
];
const AGREEMENTS_2026 = [
  `create table agreements (id bigint unsigned auto_increment primary key, type varchar(50) not null, title varchar(191) not null,
    content longtext not null, version varchar(50) not null, is_active tinyint not null default 0, effective_at timestamp null, ${TS},
    deleted_at timestamp null)`,
  `create table agreement_user_records (id bigint unsigned auto_increment primary key, user_id bigint not null, agreement_id bigint not null,
    agreement_type varchar(50) not null, agreement_version varchar(50) not null, agreed_at timestamp null, ip varchar(64) not null default '',
    user_agent text null, platform varchar(20) not null default '', ${TS}, unique (user_id, agreement_id))`,
];
const VIEW_BLOCKS_2024 = `create table view_blocks (id bigint unsigned auto_increment primary key, platform varchar(32) not null default '',
    page varchar(32) not null default '', sign varchar(64) not null default '', sort int not null default 0, config mediumtext null, ${TS})`;

/** A PHP-style bcrypt hash ($2y$) of the members' password. */
const phpHash = () => `$2y$${bcrypt.hashSync(MEEDU_PASSWORD, 4).slice(4)}`;

/** A naive PRC wall-clock string, as MeEdu writes, of an instant. */
const prcWallClock = (at: Date) =>
  new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** What the generated school holds; the tests check the member's view against it. */
export const SCHOOL = {
  /** The lesson buyer asked yesterday to delete their account (still within the seven days). */
  deletionSubmittedAt: prcWallClock(new Date(Date.now() - 24 * 3600_000)),
  qqOpenId: 'A1B2C3D4E5F60718293A4B5C6D7E8F90',
  passedFaceToken: 'BIZ-TOKEN-PASSED-3',
  activeUserAgreement: '<p>用户协议（2025 版）</p>',
  member: { id: 3, mobile: '13800000001' },
  lessonBuyer: { id: 5, mobile: '13800000002' },
  paidOrderNo: '202405011200001234',
  vipExpiry: '2030-01-01 08:00:00',
};

async function fill(db: mysql.Connection, generation: FixtureGeneration): Promise<void> {
  const insert = async (table: string, rows: Record<string, unknown>[]) => {
    for (const row of rows) {
      const columns = Object.keys(row);
      await db.query(
        `insert into \`${table}\` (${columns.map((c) => `\`${c}\``).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
        Object.values(row),
      );
    }
  };
  const at = '2024-05-01 12:00:00';
  const hash = phpHash();
  await insert('roles', [
    { id: 1, name: '月度会员', charge: 30, expire_days: 30, description: '全站课程\n免费看', created_at: at },
  ]);
  await insert('users', [
    // Quirks: is_lock -1, relative avatar, a VIP, the same nickname twice, an empty nickname, a placeholder mobile.
    {
      id: 3,
      nick_name: '小明',
      mobile: '13800000001',
      password: hash,
      is_active: 1,
      is_lock: -1,
      avatar: '/storage/avatar/3.png',
      role_id: 1,
      role_expired_at: SCHOOL.vipExpiry,
      is_password_set: 1,
      credit1: 15,
      last_login_id: 70,
      created_at: at,
      updated_at: at,
    },
    {
      id: 5,
      nick_name: '小明',
      mobile: '13800000002',
      password: hash,
      is_active: 1,
      is_lock: 0,
      role_id: 0,
      role_expired_at: at,
      is_password_set: 1,
      created_at: at,
      updated_at: at,
    },
    { id: 7, nick_name: '', mobile: '234567891', password: hash, is_active: -1, is_lock: 1, created_at: at },
  ]);
  await insert('user_profiles', [
    { user_id: 3, real_name: '王小明', id_number: '110101199001011234', is_verify: 1, created_at: at },
  ]);
  await insert('user_login_records', [
    {
      id: 70,
      user_id: 3,
      ip: '1.2.3.4',
      platform: 'H5',
      jti: 'a'.repeat(32),
      exp: 1_900_000_000,
      created_at: at,
    },
    {
      id: 71,
      user_id: 3,
      ip: '1.2.3.4',
      platform: 'PC',
      jti: '',
      exp: 1_600_000_000,
      created_at: '2021-01-01 00:00:00',
    },
  ]);
  await insert('course_categories', [{ id: 2, name: '后端', created_at: at }]);
  const course = (id: number, extra: Record<string, unknown>) => ({
    id,
    user_id: 0,
    title: `课程${id}`,
    slug: '',
    thumb: `/storage/course/${id}.png`,
    charge: 99,
    original_desc: '',
    render_desc: '<p>介绍</p><script>x()</script>',
    published_at: '2024-01-01 00:00:00',
    is_show: 1,
    category_id: 2,
    created_at: at,
    ...(generation === '2026' ? { is_vip_free: 1, is_allow_comment: 1 } : {}),
    ...extra,
  });
  await insert('courses', [
    course(10, {}),
    course(11, { slug: 'same', charge: 50 }),
    course(12, { slug: 'same', is_show: -1, category_id: 77 }),
    course(13, { deleted_at: at }),
  ]);
  await insert('course_chapter', [
    { id: 20, course_id: 10, title: '第一章', sort: 1 },
    { id: 21, course_id: 10, title: '第一章', sort: 2 },
    { id: 22, course_id: 404, title: '孤儿章节' },
  ]);
  const video = (id: number, courseId: number, extra: Record<string, unknown>) => ({
    id,
    user_id: 0,
    course_id: courseId,
    title: `课时${id}`,
    slug: '',
    url: '',
    original_desc: '',
    render_desc: '',
    published_at: '2024-01-02 00:00:00',
    is_show: 1,
    duration: 600,
    created_at: at,
    ...(generation === '2026' ? { is_allow_comment: 1 } : {}),
    ...extra,
  });
  await insert('videos', [
    video(30, 10, { chapter_id: 20, url: '/storage/v/30.mp4' }),
    video(31, 10, { chapter_id: 21, url: 'https://cdn.example.com/31.m3u8', charge: 5 }),
    video(32, 11, { aliyun_video_id: 'f'.repeat(32) }),
    video(33, 404, { url: 'https://cdn.example.com/33.mp4' }),
    video(34, 10, { chapter_id: 999, url: 'https://cdn.example.com/34.mp4', is_show: -1 }),
  ]);
  await insert('user_course', [
    { user_id: 3, course_id: 10, charge: 89, created_at: at },
    { user_id: 3, course_id: 10, charge: 89, created_at: at },
    { user_id: 3, course_id: 13, charge: 0, created_at: at },
    { user_id: 999, course_id: 10, charge: 0, created_at: at },
  ]);
  await insert('user_video', [
    { user_id: 5, video_id: 31, charge: 5, created_at: at },
    { user_id: 5, video_id: 31, charge: 5, created_at: at },
  ]);
  await insert('promo_codes', [
    { id: 40, code: 'SAVE10', invited_user_reward: 10, used_times: 1, deleted_at: at, created_at: at },
  ]);
  await insert('orders', [
    {
      id: 50,
      user_id: 3,
      charge: 99,
      status: 9,
      order_id: SCHOOL.paidOrderNo,
      payment: 'alipay',
      payment_method: 'wap',
      created_at: at,
      updated_at: at,
    },
    {
      id: 51,
      user_id: 5,
      charge: 5,
      status: 9,
      order_id: '5120000',
      payment: '',
      created_at: '2019-06-01 10:00:00',
      updated_at: '2019-06-01 10:05:00',
    },
    {
      id: 52,
      user_id: 5,
      charge: 5,
      status: 7,
      order_id: '5120000',
      created_at: '2019-06-01 10:00:01',
      updated_at: at,
    },
    {
      id: 53,
      user_id: 999,
      charge: 30,
      status: 9,
      order_id: '202403011200005678',
      payment: 'wechat',
      created_at: at,
      updated_at: at,
    },
    {
      id: 55,
      user_id: 3,
      charge: 50,
      status: 9,
      order_id: '202405021200001111',
      payment: 'handPay',
      created_at: at,
      updated_at: at,
    },
  ]);
  await insert('order_goods', [
    {
      oid: 50,
      user_id: 3,
      order_id: '0',
      goods_id: 10,
      goods_type: 'COURSE',
      charge: 99,
      goods_name: '课程10',
      created_at: at,
    },
    {
      oid: 51,
      user_id: 5,
      order_id: '5120000',
      goods_id: 31,
      goods_type: 'VIDEO',
      charge: 5,
      created_at: at,
    },
    {
      oid: 52,
      user_id: 5,
      order_id: '5120000',
      goods_id: 31,
      goods_type: 'VIDEO',
      charge: 5,
      created_at: at,
    },
    {
      oid: 53,
      user_id: 999,
      order_id: '0',
      goods_id: 1,
      goods_type: 'ROLE',
      charge: 30,
      goods_name: '月度会员',
      created_at: at,
    },
    {
      oid: 55,
      user_id: 3,
      order_id: '0',
      goods_id: 11,
      goods_type: 'COURSE',
      charge: 50,
      goods_name: '课程11',
      created_at: at,
    },
  ]);
  await insert('order_paid_records', [
    { user_id: 3, order_id: 50, paid_total: 10, paid_type: 1, paid_type_id: 40, created_at: at },
    { user_id: 3, order_id: 50, paid_total: 89, paid_type: 0, created_at: '2024-05-01 12:01:00' },
    { user_id: 5, order_id: 51, paid_total: 5, paid_type: 0, created_at: at },
    { user_id: 999, order_id: 53, paid_total: 30, paid_type: 0, created_at: at },
    { user_id: 3, order_id: 55, paid_total: 50, paid_type: 0, created_at: at },
  ]);
  await insert('order_refund', [
    {
      order_id: 50,
      user_id: 3,
      payment: 'alipay',
      total_amount: 8900,
      refund_no: 'REFUND202405031200001',
      amount: 1234,
      status: 5,
      success_at: at,
      created_at: at,
    },
    {
      order_id: 50,
      user_id: 3,
      payment: 'alipay',
      total_amount: 8900,
      refund_no: 'REFUND202405031200002',
      amount: 500,
      status: 13,
      created_at: at,
    },
    {
      order_id: 55,
      user_id: 3,
      payment: 'handPay',
      total_amount: 5000,
      refund_no: 'REFUND202405031200003',
      amount: 5000,
      is_local: 1,
      status: 5,
      success_at: at,
      created_at: at,
    },
  ]);
  await insert('user_video_watch_records', [
    { user_id: 3, course_id: 10, video_id: 30, watch_seconds: 100, created_at: at, updated_at: at },
    {
      user_id: 3,
      course_id: 10,
      video_id: 30,
      watch_seconds: 200,
      created_at: at,
      updated_at: '2024-05-02 12:00:00',
    },
    { user_id: 3, course_id: 10, video_id: 31, watch_seconds: 50, created_at: at, deleted_at: at },
    { user_id: 999, course_id: 10, video_id: 30, watch_seconds: 10, created_at: at },
  ]);
  await insert('course_user_records', [{ course_id: 10, user_id: 3, progress: 50, created_at: at }]);
  await insert('user_like_courses', [{ user_id: 3, course_id: 10, created_at: at }]);
  const member = 'App\\Services\\Member\\Models\\User';
  const notification = (
    id: string,
    userId: number,
    message: string,
    extra: Record<string, unknown> = {},
  ) => ({
    id,
    type: 'App\\Services\\Member\\Notifications\\SimpleMessageNotification',
    notifiable_type: member,
    notifiable_id: userId,
    data: JSON.stringify({ message })
      .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .replace(/\//g, '\\/'),
    created_at: at,
    ...extra,
  });
  await insert('notifications', [
    notification('00000000-0000-0000-0000-000000000001', 3, '用户注册成功', {
      read_at: at,
      created_at: '2024-04-01 00:00:00',
    }),
    notification('00000000-0000-0000-0000-000000000002', 3, `订单:${SCHOOL.paidOrderNo}已支付`),
    notification('00000000-0000-0000-0000-000000000003', 3, '您已通过实名认证', {
      notifiable_type: 'App\\Meedu\\ServiceV2\\Models\\User',
      created_at: '2024-05-01 12:00:01',
    }),
    notification('00000000-0000-0000-0000-000000000004', 999, '已注销的学员'),
  ]);
  await insert('user_credit_records', [
    { user_id: 3, field: 'credit1', sum: 15, remark: '注册送积分', created_at: at },
    { user_id: 3, field: 'credit2', sum: 3, remark: '旧积分', created_at: at },
  ]);
  await insert('course_comments', [
    { id: 1, user_id: 3, course_id: 10, original_content: '<p>好课</p>', render_content: '', created_at: at },
  ]);
  await insert('video_comments', [
    { id: 1, user_id: 5, video_id: 30, original_content: '讲得清楚', render_content: '', created_at: at },
  ]);
  if (generation === '2026') {
    await insert('comments', [
      { id: 60, user_id: 3, rt: 1, rid: 10, content: '好课', is_check: 1, created_at: at },
      { id: 61, parent_id: 60, user_id: 5, rt: 1, rid: 10, content: '同意', is_check: 1, created_at: at },
      { id: 62, user_id: 5, rt: 1, rid: 10, content: '删掉的', is_check: 1, created_at: at, deleted_at: at },
    ]);
    await insert('decoration_pages', [
      { id: 1, name: 'PC首页', page_key: 'pc-page-index', is_default: 1 },
      { id: 2, name: 'H5首页', page_key: 'h5-page-index', is_default: 1 },
      { id: 3, name: 'H5草稿', page_key: 'h5-page-index', is_default: 0 },
    ]);
  }
  await insert('view_blocks', [
    {
      id: 80,
      platform: 'h5',
      page: 'h5-page-index',
      sign: 'h5-vod-v1',
      sort: 1,
      config: '{"title":"推荐","items":[{"id":10}]}',
      ...(generation === '2026' ? { decoration_page_id: 2 } : {}),
    },
    ...(generation === '2026'
      ? [
          {
            id: 81,
            decoration_page_id: 3,
            platform: 'h5',
            page: 'h5-page-index',
            sign: 'blank',
            config: '{}',
          },
        ]
      : []),
  ]);
  await insert('sliders', [
    { thumb: '/storage/slider.png', url: '/course/10', platform: 'PC', created_at: at },
  ]);
  await insert('navs', [{ name: '首页', url: '/', platform: 'PC' }]);
  await insert('links', [{ name: '友情链接', url: 'https://example.com' }]);
  await insert('announcements', [{ title: '开课了', announcement: '<p>欢迎</p>', created_at: at }]);
  await insert('app_config', [
    { key: 'app.url', value: 'https://old.school.test' },
    { key: generation === '2026' ? 'meedu.system.name' : 'app.name', value: '老学校' },
    ...(generation === '2024' ? [{ key: 'meedu.system.name', value: '' }] : []),
  ]);
  await insert('user_tags', [{ name: 'VIP客户' }]);
  await insert('socialite', [
    // PHP-serialized profile (no home); a mini-program binding; a second WeChat of one member; an
    // openid bound twice; a binding of a deleted member.
    {
      id: 90,
      user_id: 3,
      app: 'qq',
      app_user_id: SCHOOL.qqOpenId,
      data: 'a:1:{s:8:"nickname";s:6:"小明";}',
      created_at: at,
    },
    {
      id: 91,
      user_id: 5,
      app: 'wechat',
      app_user_id: 'oWX00000000000000000000005',
      union_id: 'UNION-5',
      created_at: at,
    },
    {
      id: 92,
      user_id: 5,
      app: 'wechat',
      app_user_id: 'oWX0000000000000000000005b',
      union_id: '',
      created_at: at,
    },
    { id: 93, user_id: 7, app: 'qq', app_user_id: SCHOOL.qqOpenId, created_at: at },
    { id: 94, user_id: 3, app: 'WECHAT-MINI', app_user_id: 'oMINI000000000000000000003', created_at: at },
    { id: 95, user_id: 999, app: 'qq', app_user_id: 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', created_at: at },
  ]);
  // The same name twice in a course (the second on 2026's private S3), a deleted file, an orphan.
  await insert('course_attach', [
    {
      id: 100,
      course_id: 10,
      name: '课件.pdf',
      path: 'course/abc.pdf',
      disk: 'attach',
      size: 4,
      extension: 'pdf',
      download_times: 7,
      created_at: at,
    },
    {
      id: 101,
      course_id: 10,
      name: '课件.pdf',
      path: 'course/def.pdf',
      disk: 's3-private',
      size: 9,
      extension: 'pdf',
      created_at: at,
    },
    {
      id: 102,
      course_id: 10,
      name: '旧资料.zip',
      path: 'course/old.zip',
      disk: 'attach',
      extension: 'zip',
      created_at: at,
      deleted_at: at,
    },
    {
      id: 103,
      course_id: 404,
      name: '孤儿.pdf',
      path: 'course/x.pdf',
      disk: 'attach',
      extension: 'pdf',
      created_at: at,
    },
  ]);
  const inSevenDays = prcWallClock(new Date(Date.now() + 6 * 24 * 3600_000));
  await insert('user_delete_jobs', [
    {
      id: 1,
      user_id: 5,
      mobile: '13800000002',
      submit_at: SCHOOL.deletionSubmittedAt,
      expired_at: inSevenDays,
    },
    {
      id: 2,
      user_id: 999,
      mobile: '13800000999',
      is_handle: 1,
      submit_at: '2024-03-01 10:00:00',
      expired_at: '2024-03-08 10:00:00',
    },
    { id: 3, user_id: 998, mobile: '13800000998', submit_at: at, expired_at: '2024-05-08 12:00:00' },
  ]);
  await insert('user_face_verify_tencent_records', [
    {
      id: 1,
      user_id: 3,
      rule_id: '1',
      request_id: 'req-1',
      url: 'https://faceid.example/1',
      biz_token: SCHOOL.passedFaceToken,
      status: 9,
      verify_image_url: 'https://faceid.example/1.jpg',
      created_at: at,
    },
    {
      id: 2,
      user_id: 3,
      rule_id: '1',
      request_id: 'req-2',
      biz_token: 'BIZ-TOKEN-FAILED-3',
      status: 5,
      created_at: at,
    },
    { id: 3, user_id: 999, rule_id: '1', biz_token: 'BIZ-TOKEN-GONE', status: 9, created_at: at },
  ]);
  // 2024 texts in settings (2026 keeps these rows hidden and superseded by `agreements`).
  await insert('app_config', [
    { key: 'meedu.member.protocol', value: '<p>老用户协议</p>' },
    { key: 'meedu.member.private_protocol', value: '<p>老隐私政策</p>' },
  ]);
  if (generation === '2026') {
    await insert('agreements', [
      {
        id: 1,
        type: 'user_agreement',
        title: '用户协议',
        content: '<p>用户协议（旧）</p>',
        version: '1.0',
        created_at: at,
      },
      {
        id: 2,
        type: 'user_agreement',
        title: '用户协议',
        content: SCHOOL.activeUserAgreement,
        version: 'v2',
        is_active: 1,
        created_at: at,
      },
      {
        id: 3,
        type: 'privacy_policy',
        title: '隐私政策',
        content: '<p>隐私政策</p>',
        version: '2025.07',
        is_active: 1,
        created_at: at,
      },
      {
        id: 4,
        type: 'vip_service_agreement',
        title: '会员协议',
        content: '<p>会员协议</p>',
        version: '1',
        is_active: 1,
        created_at: at,
      },
    ]);
    const consent = (id: number, userId: number, agreementId: number, type: string, platform: string) => ({
      id,
      user_id: userId,
      agreement_id: agreementId,
      agreement_type: type,
      agreement_version: 'x',
      agreed_at: at,
      ip: '1.2.3.4',
      user_agent: 'Mozilla/5.0',
      platform,
      created_at: at,
    });
    // The member accepted both live texts; the lesson buyer only the old user agreement.
    await insert('agreement_user_records', [
      consent(1, 3, 2, 'user_agreement', 'H5'),
      consent(2, 3, 3, 'privacy_policy', 'iOS'),
      consent(3, 5, 1, 'user_agreement', 'PC'),
      consent(4, 5, 3, 'privacy_policy', 'Android'),
      consent(5, 999, 2, 'user_agreement', 'H5'),
    ]);
  }
}

export async function createMeeduFixture(
  generation: FixtureGeneration,
  options: { fill?: boolean } = {},
): Promise<MeeduFixture> {
  const name = `meedu_test_${randomBytes(5).toString('hex')}`;
  const admin = await mysql.createConnection(`${MEEDU_ROOT}/?charset=utf8mb4`);
  await admin.query(`create database ${name} character set utf8mb4 collate utf8mb4_unicode_ci`);
  await admin.end();
  const url = `${MEEDU_ROOT}/${name}`;
  const db = await mysql.createConnection({ uri: url, charset: 'utf8mb4', multipleStatements: false });
  // MeEdu runs in PRC; the fixture writes wall-clock strings as it does.
  if (options.fill !== false) {
    for (const ddl of [...TABLES_BOTH, COURSES(generation), VIDEOS(generation)]) await db.query(ddl);
    for (const ddl of generation === '2026' ? [...TABLES_2026, ...AGREEMENTS_2026] : [VIEW_BLOCKS_2024])
      await db.query(ddl);
    await fill(db, generation);
  }
  return {
    url,
    name,
    query: async (sql, params) => (await db.query(sql, params))[0],
    async drop() {
      await db.query(`drop database ${name}`);
      await db.end();
    },
  };
}
