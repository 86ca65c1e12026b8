/**
 * What an administrator may do. Every operator-console route declares one permission; a role is a
 * set of them, kept in the database (`admin_roles`) and edited by a 超级管理员 on the 角色 page.
 * The console builds its menu from the session's permissions, so what an administrator sees
 * matches what the server lets them do.
 *
 * A new permission needs: a line here (with its area and Chinese description), a migration that
 * gives it to the `super` role (a test checks that role holds every permission), and the presets
 * below if a preset should have it.
 */
export const ADMIN_PERMISSION_AREAS = {
  console: '后台',
  content: '课程与内容',
  members: '学员',
  orders: '订单与营销',
  system: '系统',
} as const;

export type AdminPermissionArea = keyof typeof ADMIN_PERMISSION_AREAS;

interface PermissionDefinition {
  area: AdminPermissionArea;
  /** Short name, shown beside its checkbox. */
  label: string;
  /** What it lets an administrator do, in a sentence. */
  description: string;
  /**
   * Lets an administrator move money or goods, take over a member's account, or change who may
   * do what: shown apart on the 角色 page, and in no preset but 超级管理员 (finance refunds).
   */
  sensitive?: true;
}

export const ADMIN_PERMISSIONS = {
  'console.use': {
    area: 'console',
    label: '登录后台',
    description: '登录运营后台，查看和管理自己的登录会话、两步验证',
  },
  'dashboard.view': { area: 'console', label: '查看数据概览', description: '查看收入、订单和学员的数据概览' },
  'course.view': { area: 'content', label: '查看课程', description: '查看课程、章节、视频、课件和分类' },
  'course.edit': {
    area: 'content',
    label: '编辑课程',
    description: '新建、编辑、上下架和删除课程、章节、视频、课件和分类，导入导出内容',
  },
  'vip.manage': { area: 'content', label: '管理会员计划', description: '新建和编辑会员计划及其价格' },
  'home.edit': { area: 'content', label: '装修首页', description: '编辑首页的板块和推荐内容' },
  'member.view': {
    area: 'members',
    label: '查看学员',
    description: '搜索学员，查看学员的资料、订单、课程进度和登录记录',
  },
  'member.edit': { area: 'members', label: '锁定学员', description: '锁定学员（所有设备立即退出）或解锁' },
  'member.grant': {
    area: 'members',
    label: '赠送课程和会员',
    description: '不经付款给学员开通课程或会员天数，或撤销已开通的',
    sensitive: true,
  },
  'member.credentials': {
    area: 'members',
    label: '修改学员手机号和密码',
    description: '修改学员的登录手机号或重置其密码（学员所有设备退出登录并收到通知）',
    sensitive: true,
  },
  'message.send': { area: 'members', label: '发送站内消息', description: '给单个学员或一群学员发送站内消息' },
  'order.view': { area: 'orders', label: '查看订单', description: '查看订单列表和订单详情' },
  'order.manage': { area: 'orders', label: '处理订单', description: '确认线下收款、导出订单' },
  'order.refund': {
    area: 'orders',
    label: '退款',
    description: '给已支付的订单退款（原路退回）',
    sensitive: true,
  },
  'promo.manage': { area: 'orders', label: '管理优惠码', description: '新建、批量生成、停用和启用优惠码' },
  'settings.manage': {
    area: 'system',
    label: '修改站点设置',
    description: '修改站点设置，包括支付、短信、登录方式等配置',
    sensitive: true,
  },
  'audit.view': { area: 'system', label: '查看操作日志', description: '查看所有管理员的操作记录' },
  'admin.manage': {
    area: 'system',
    label: '管理管理员和角色',
    description: '新建、停用管理员，分配角色，新建、编辑和删除角色（等同超级管理员的权力）',
    sensitive: true,
  },
} as const satisfies Record<string, PermissionDefinition>;

export type AdminPermission = keyof typeof ADMIN_PERMISSIONS;
export const ADMIN_PERMISSION_KEYS = Object.keys(ADMIN_PERMISSIONS) as AdminPermission[];

export const isAdminPermission = (value: string): value is AdminPermission =>
  Object.hasOwn(ADMIN_PERMISSIONS, value);

/** The role that always holds `admin.manage` and cannot be deleted. */
export const SUPER_ROLE = 'super';

/**
 * The roles a new site starts with (migration 0240 writes them into `admin_roles` with these keys);
 * afterwards they are ordinary roles a 超级管理员 may edit. None but 超级管理员 and 财务 (refunds)
 * holds a sensitive permission.
 */
export const ADMIN_ROLE_PRESETS = {
  super: {
    name: '超级管理员',
    description: '拥有全部权限',
    permissions: ADMIN_PERMISSION_KEYS,
  },
  content: {
    name: '内容运营',
    description: '课程、分类、会员计划、首页、优惠码和站内消息',
    permissions: [
      'console.use',
      'course.view',
      'course.edit',
      'vip.manage',
      'home.edit',
      'promo.manage',
      'message.send',
      'dashboard.view',
    ],
  },
  support: {
    name: '客服',
    description: '查看课程、订单和学员，锁定学员，发送站内消息',
    permissions: ['console.use', 'course.view', 'order.view', 'member.view', 'member.edit', 'message.send'],
  },
  finance: {
    name: '财务',
    description: '订单、退款、优惠码和数据概览',
    permissions: [
      'console.use',
      'order.view',
      'order.manage',
      'order.refund',
      'promo.manage',
      'dashboard.view',
    ],
  },
} as const satisfies Record<
  string,
  { name: string; description: string; permissions: readonly AdminPermission[] }
>;

export type AdminRolePreset = keyof typeof ADMIN_ROLE_PRESETS;
export const ADMIN_ROLE_PRESET_KEYS = Object.keys(ADMIN_ROLE_PRESETS) as AdminRolePreset[];

/** Whether a preset grants a permission (tests and the first start; live roles are in the database). */
export const presetGrants = (role: AdminRolePreset, permission: AdminPermission): boolean =>
  (ADMIN_ROLE_PRESETS[role].permissions as readonly string[]).includes(permission);

/** The header that carries the session's CSRF token on every change (POST, PUT, DELETE). */
export const ADMIN_CSRF_HEADER = 'x-csrf-token';
/** The HttpOnly cookie that carries the administrator's session. */
export const ADMIN_SESSION_COOKIE = 'kezhan_admin';
