import type { AdminPermission } from '@kezhan/contract/admin/permissions';

export interface MenuEntry {
  path: string;
  label: string;
  permission: AdminPermission;
  /** Entries of one group are shown together under its name. */
  group?: string;
}

/**
 * The console's sections; an administrator sees those their role grants, and lands on the first
 * (数据概览 for the roles that may see it).
 */
export const MENU: MenuEntry[] = [
  { path: '/dashboard', label: '数据概览', permission: 'dashboard.view' },
  { path: '/statistics/transactions', label: '交易统计', permission: 'dashboard.view', group: '统计' },
  { path: '/statistics/members', label: '学员统计', permission: 'dashboard.view', group: '统计' },
  { path: '/statistics/content', label: '内容统计', permission: 'dashboard.view', group: '统计' },
  { path: '/courses', label: '课程管理', permission: 'course.view' },
  { path: '/categories', label: '课程分类', permission: 'course.view' },
  { path: '/comments', label: '评论审核', permission: 'course.edit' },
  { path: '/vip-plans', label: '会员计划', permission: 'vip.manage' },
  { path: '/home', label: '首页装修', permission: 'home.edit' },
  { path: '/site', label: 'PC 站点', permission: 'home.edit' },
  { path: '/content', label: '导入导出', permission: 'course.edit' },
  { path: '/settings', label: '站点设置', permission: 'settings.manage' },
  { path: '/agreements', label: '协议管理', permission: 'settings.manage' },
  { path: '/audit-logs', label: '操作日志', permission: 'audit.view' },
  { path: '/members', label: '学员管理', permission: 'member.view' },
  { path: '/messages', label: '站内消息', permission: 'message.send' },
  { path: '/promo-codes', label: '优惠码', permission: 'promo.manage' },
  { path: '/administrators', label: '管理员', permission: 'admin.manage' },
  { path: '/roles', label: '角色', permission: 'admin.manage' },
  { path: '/orders', label: '订单管理', permission: 'order.view' },
  { path: '/refunds', label: '退款管理', permission: 'order.view' },
];
