-- Console roles become data: a 超级管理员 creates, edits and deletes them on the 角色 page. The
-- four fixed roles of before are written here with the same keys, so every administrator keeps
-- the rights they had; `member.edit` (lock, grant, change mobile) is split, and granting goods and
-- changing a member's mobile or password (member.grant, member.credentials) are given to 超级管理员
-- only: 客服 keeps locking.
create table admin_roles (
  key text primary key,
  name text not null unique,
  description text not null default '',
  -- a JSON array of permission keys (packages/contract/src/admin/permissions.ts)
  permissions jsonb not null default '[]',
  is_preset smallint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

insert into admin_roles (key, name, description, permissions, is_preset) values
  ('super', '超级管理员', '拥有全部权限', '["console.use","dashboard.view","course.view","course.edit","vip.manage","home.edit","member.view","member.edit","member.grant","member.credentials","message.send","order.view","order.manage","order.refund","promo.manage","settings.manage","audit.view","admin.manage"]', 1),
  ('content', '内容运营', '课程、分类、会员计划、首页、优惠码和站内消息', '["console.use","course.view","course.edit","vip.manage","home.edit","promo.manage","message.send","dashboard.view"]', 1),
  ('support', '客服', '查看课程、订单和学员，锁定学员，发送站内消息', '["console.use","course.view","order.view","member.view","member.edit","message.send"]', 1),
  ('finance', '财务', '订单、退款、优惠码和数据概览', '["console.use","order.view","order.manage","order.refund","promo.manage","dashboard.view"]', 1);

-- A role still held by an administrator cannot be deleted, even by two requests racing (the
-- console refuses it first with a message). NOT VALID: a row whose role was edited by hand to an
-- unknown key stays as it is (it grants nothing) instead of failing the migration.
alter table administrators
  add constraint administrators_role_fkey foreign key (role) references admin_roles (key) not valid;
