import { useState } from 'react';
import { Button, Form, Input, Space, Tag, Typography } from 'antd';
import { ADMIN_PERMISSIONS, isAdminPermission, SUPER_ROLE } from '@kezhan/contract/admin/permissions';
import type { AdminRole, AdminRoleBody } from '@kezhan/contract/admin/roles';
import { useLoad } from '@/shared/use-load';
import { useAction } from '@/shared/use-action';
import { formatTime } from '@/shared/format';
import { FormModal } from '@/shared/form-modal';
import { LoadedTable } from '@/shared/loaded-table';
import { PageHeader } from '@/shared/page-header';
import { ActionLink, ConfirmLink } from '@/shared/row-actions';
import { createRole, deleteRole, listRoles, updateRole } from './api';
import { PermissionPicker } from './permission-picker';

type Editing = { kind: 'create' } | { kind: 'edit'; role: AdminRole };

const permissionLabel = (key: string) => (isAdminPermission(key) ? ADMIN_PERMISSIONS[key].label : key);
const sensitiveCount = (role: AdminRole) =>
  role.permissions.filter((key) => isAdminPermission(key) && 'sensitive' in ADMIN_PERMISSIONS[key]).length;

/** 角色: what each role may do; 超级管理员 creates, edits and deletes them. */
export default function RolesPage() {
  const roles = useLoad(listRoles, 'roles');
  const { run } = useAction(roles.reload);
  const [editing, setEditing] = useState<Editing | null>(null);

  const save = (values: AdminRoleBody) =>
    editing?.kind === 'edit' ? updateRole(editing.role.key, values) : createRole(values);

  return (
    <>
      <PageHeader
        title="角色"
        extra={
          <Button type="primary" onClick={() => setEditing({ kind: 'create' })}>
            新建角色
          </Button>
        }
      />
      <Typography.Paragraph type="secondary">
        角色决定管理员能看到的菜单和能执行的操作；修改后，该角色管理员的下一次操作即按新权限执行。
      </Typography.Paragraph>
      <LoadedTable<AdminRole>
        loaded={roles}
        rowKey="key"
        locale={{ emptyText: '暂无角色' }}
        columns={[
          {
            title: '角色',
            dataIndex: 'name',
            render: (name: string, role) => (
              <Space size={4}>
                {name}
                {role.is_preset ? <Tag>预设</Tag> : null}
              </Space>
            ),
          },
          { title: '说明', dataIndex: 'description', render: (text: string) => text || '—' },
          {
            title: '权限',
            key: 'permissions',
            render: (_, role) => (
              <span title={role.permissions.map(permissionLabel).join('、')}>
                {role.permissions.length} 项
                {sensitiveCount(role) ? `（含敏感 ${sensitiveCount(role)} 项）` : ''}
              </span>
            ),
          },
          { title: '管理员', dataIndex: 'administrators', render: (count: number) => `${count} 人` },
          { title: '更新时间', dataIndex: 'updated_at', render: formatTime },
          {
            title: '操作',
            key: 'actions',
            render: (_, role) => (
              <Space size={0}>
                <ActionLink onClick={() => setEditing({ kind: 'edit', role })}>编辑</ActionLink>
                {role.key === SUPER_ROLE ? null : (
                  <ConfirmLink
                    title={`删除角色「${role.name}」？`}
                    description={
                      role.administrators > 0 ? '仍有管理员在用该角色，需先为他们更换角色' : '删除后不可恢复'
                    }
                    okText="删除"
                    label={`删除角色 ${role.name}`}
                    onConfirm={() => run(() => deleteRole(role.key), '已删除')}
                  >
                    删除
                  </ConfirmLink>
                )}
              </Space>
            ),
          },
        ]}
      />
      <FormModal<AdminRoleBody>
        title={editing?.kind === 'edit' ? `编辑角色：${editing.role.name}` : '新建角色'}
        open={editing !== null}
        name="role"
        initialValues={
          editing?.kind === 'edit'
            ? {
                name: editing.role.name,
                description: editing.role.description,
                permissions: editing.role.permissions,
              }
            : { name: '', description: '', permissions: ['console.use'] }
        }
        onSubmit={save}
        done="已保存"
        onDone={roles.reload}
        onClose={() => setEditing(null)}
      >
        <Form.Item
          label="角色名称"
          name="name"
          rules={[{ required: true, whitespace: true, message: '请输入角色名称（20 字以内）' }]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item label="说明" name="description">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          label="权限"
          name="permissions"
          rules={[
            { required: true, type: 'array', min: 1, message: '请至少选择一项权限' },
            {
              validator: (_, value: string[] | undefined) =>
                value?.includes('console.use')
                  ? Promise.resolve()
                  : Promise.reject(new Error('角色须包含「登录后台」权限')),
            },
          ]}
        >
          <PermissionPicker
            locked={editing?.kind === 'edit' && editing.role.key === SUPER_ROLE ? ['admin.manage'] : []}
          />
        </Form.Item>
      </FormModal>
    </>
  );
}
