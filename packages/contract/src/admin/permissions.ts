/**
 * What an administrator may do. Every operator-console route declares one permission; a role is a
 * fixed set of them. The console builds its menu from the same list, so what an administrator
 * sees matches what the server lets them do.
 */
export const ADMIN_PERMISSIONS = {
  'console.use': '登录后台',
  'course.view': '查看课程',
  'course.edit': '编辑课程、章节、视频和分类',
  'vip.manage': '管理会员计划',
  'home.edit': '装修首页',
  'settings.manage': '修改站点设置',
  'audit.view': '查看操作日志',
  'order.view': '查看订单',
  'order.manage': '确认收款、导出订单',
  'order.refund': '退款',
  'member.view': '查看学员',
  'member.edit': '锁定学员、赠送课程和会员、修改手机号',
  'message.send': '发送站内消息',
  'promo.manage': '管理优惠码',
  'dashboard.view': '查看数据概览',
  'admin.manage': '管理管理员和角色',
} as const;

export type AdminPermission = keyof typeof ADMIN_PERMISSIONS;

export const ADMIN_ROLES = {
  super: {
    name: '超级管理员',
    permissions: Object.keys(ADMIN_PERMISSIONS) as AdminPermission[],
  },
  content: {
    name: '内容运营',
    permissions: [
      'console.use',
      'course.view',
      'course.edit',
      'vip.manage',
      'home.edit',
      'promo.manage',
      'message.send',
      'dashboard.view',
    ] as AdminPermission[],
  },
  support: {
    name: '客服',
    permissions: [
      'console.use',
      'course.view',
      'order.view',
      'member.view',
      'member.edit',
      'message.send',
    ] as AdminPermission[],
  },
  finance: {
    name: '财务',
    permissions: [
      'console.use',
      'order.view',
      'order.manage',
      'order.refund',
      'promo.manage',
      'dashboard.view',
    ] as AdminPermission[],
  },
} as const;

export type AdminRole = keyof typeof ADMIN_ROLES;
export const ADMIN_ROLE_KEYS = Object.keys(ADMIN_ROLES) as AdminRole[];

export const isAdminRole = (value: string): value is AdminRole => Object.hasOwn(ADMIN_ROLES, value);

export const roleGrants = (role: AdminRole, permission: AdminPermission): boolean =>
  (ADMIN_ROLES[role].permissions as readonly string[]).includes(permission);

/** The header that carries the session's CSRF token on every change (POST, PUT, DELETE). */
export const ADMIN_CSRF_HEADER = 'x-csrf-token';
/** The HttpOnly cookie that carries the administrator's session. */
export const ADMIN_SESSION_COOKIE = 'kezhan_admin';
