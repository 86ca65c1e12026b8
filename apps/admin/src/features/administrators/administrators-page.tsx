import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import type { AdminAccount, AdminAccountBody } from '@kezhan/contract/admin/administrators';
import { Link } from 'react-router-dom';
import { api } from '@/shared/http';
import { useSession } from '@/shared/session';
import { useLoad } from '@/shared/use-load';
import { useAction } from '@/shared/use-action';
import { formatTime } from '@/shared/format';
import { FormModal } from '@/shared/form-modal';
import { LoadedTable } from '@/shared/loaded-table';
import { PageHeader } from '@/shared/page-header';
import { ActionLink, ConfirmLink, EnableToggle } from '@/shared/row-actions';
import { SessionsTable } from '@/shared/sessions-table';
import { listRoles } from './api';

const passwordRules = [
  { required: true, message: '请输入密码' },
  { min: 8, message: '密码至少 8 位' },
  { max: 128, message: '密码最多 128 位' },
];

type Editing =
  { kind: 'create' } | { kind: 'role'; account: AdminAccount } | { kind: 'password'; account: AdminAccount };

export default function AdministratorsPage() {
  const { session } = useSession();
  const selfId = session?.administrator.id;
  const accounts = useLoad(() => api<AdminAccount[]>('GET', '/api/admin/administrators'), 'administrators');
  // Roles are data (the 角色 page): the choices are read each time the page opens.
  const roles = useLoad(listRoles, 'roles');
  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.key, label: role.name }));
  const { run } = useAction(accounts.reload);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [viewingSessions, setViewingSessions] = useState<AdminAccount | null>(null);

  const save = async (values: AdminAccountBody) => {
    if (editing?.kind === 'create') await api('POST', '/api/admin/administrators', { body: values });
    if (editing?.kind === 'role') {
      await api('PUT', `/api/admin/administrators/${editing.account.id}/role`, {
        body: { role: values.role },
      });
    }
    if (editing?.kind === 'password') {
      await api('PUT', `/api/admin/administrators/${editing.account.id}/password`, {
        body: { password: values.password },
      });
    }
  };

  const setDisabled = (account: AdminAccount, disabled: boolean) =>
    run(
      () =>
        api('PUT', `/api/admin/administrators/${account.id}/status`, {
          body: { is_disabled: disabled ? 1 : 0 },
        }),
      disabled ? '已停用' : '已启用',
    );

  return (
    <>
      <PageHeader
        title="管理员"
        extra={
          <Space>
            <Link to="/roles">角色与权限</Link>
            <Button type="primary" onClick={() => setEditing({ kind: 'create' })}>
              新建管理员
            </Button>
          </Space>
        }
      />
      <LoadedTable<AdminAccount>
        loaded={accounts}
        locale={{ emptyText: '暂无管理员' }}
        columns={[
          {
            title: '账号',
            dataIndex: 'username',
            render: (username: string, account) => (account.id === selfId ? `${username}（我）` : username),
          },
          { title: '姓名', dataIndex: 'display_name' },
          { title: '角色', dataIndex: 'role_name', render: (name: string) => name || '未知角色' },
          {
            title: '状态',
            key: 'status',
            render: (_, account) =>
              account.is_disabled ? <Tag>已停用</Tag> : <Tag color="#1f6f1a">正常</Tag>,
          },
          {
            title: '两步验证',
            dataIndex: 'totp_enabled',
            render: (enabled: boolean) => (enabled ? <Tag color="blue">已开启</Tag> : <Tag>未开启</Tag>),
          },
          { title: '最近登录', dataIndex: 'last_login_at', render: formatTime },
          {
            title: '操作',
            key: 'actions',
            render: (_, account) => (
              <Space size={0}>
                <ActionLink onClick={() => setEditing({ kind: 'role', account })}>分配角色</ActionLink>
                <ActionLink onClick={() => setEditing({ kind: 'password', account })}>重置密码</ActionLink>
                <ActionLink onClick={() => setViewingSessions(account)}>登录会话</ActionLink>
                {account.totp_enabled && account.id !== selfId ? (
                  <ConfirmLink
                    title={`重置 ${account.username} 的两步验证？`}
                    description="重置后该管理员仅凭密码即可登录，可重新开启"
                    okText="重置"
                    onConfirm={() =>
                      run(
                        () => api('POST', `/api/admin/administrators/${account.id}/totp/reset`),
                        '已重置两步验证',
                      )
                    }
                  >
                    重置两步验证
                  </ConfirmLink>
                ) : null}
                {account.id === selfId ? null : (
                  <EnableToggle
                    enabled={!account.is_disabled}
                    name={account.username}
                    description="停用后其登录会话立即失效"
                    onChange={(enabled) => setDisabled(account, !enabled)}
                  />
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={viewingSessions ? `登录会话：${viewingSessions.username}` : ''}
        open={viewingSessions !== null}
        onCancel={() => setViewingSessions(null)}
        footer={null}
        width={860}
        destroyOnHidden
      >
        {viewingSessions ? (
          <SessionsTable
            path={`/api/admin/administrators/${viewingSessions.id}/sessions`}
            revokeAll={{
              method: 'DELETE',
              path: `/api/admin/administrators/${viewingSessions.id}/sessions`,
              label: viewingSessions.id === selfId ? '下线其他会话' : '全部下线',
            }}
          />
        ) : null}
      </Modal>
      <FormModal<AdminAccountBody>
        title={
          editing?.kind === 'create'
            ? '新建管理员'
            : editing?.kind === 'role'
              ? `分配角色：${editing.account.username}`
              : editing
                ? `重置密码：${editing.account.username}`
                : ''
        }
        open={editing !== null}
        initialValues={
          editing?.kind === 'create'
            ? { username: '', display_name: '', password: '', role: 'content' }
            : editing?.kind === 'role'
              ? { role: editing.account.role }
              : undefined
        }
        onSubmit={save}
        done="已保存"
        onDone={accounts.reload}
        onClose={() => setEditing(null)}
      >
        {editing?.kind === 'create' ? (
          <>
            <Form.Item
              label="账号"
              name="username"
              rules={[
                { required: true, whitespace: true, message: '请输入账号' },
                {
                  pattern: /^[A-Za-z0-9_.-]{3,32}$/,
                  message: '账号须为 3-32 位字母、数字、下划线、点或短横线',
                },
              ]}
            >
              <Input autoComplete="off" maxLength={32} />
            </Form.Item>
            <Form.Item label="姓名" name="display_name">
              <Input maxLength={32} />
            </Form.Item>
          </>
        ) : null}
        {editing?.kind === 'create' || editing?.kind === 'password' ? (
          <Form.Item
            label={editing.kind === 'create' ? '初始密码' : '新密码'}
            name="password"
            rules={passwordRules}
          >
            <Input.Password autoComplete="new-password" maxLength={128} />
          </Form.Item>
        ) : null}
        {editing?.kind === 'create' || editing?.kind === 'role' ? (
          <Form.Item label="角色" name="role" rules={[{ required: true, message: '请选择角色' }]}>
            <Select options={roleOptions} loading={roles.loading} />
          </Form.Item>
        ) : null}
        {editing?.kind === 'password' ? (
          <Typography.Paragraph>保存后该管理员的其他登录会话立即失效。</Typography.Paragraph>
        ) : null}
      </FormModal>
    </>
  );
}
