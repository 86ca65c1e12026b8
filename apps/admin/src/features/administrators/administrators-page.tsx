import { useState } from 'react';
import {
  App,
  Button,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { AdminAccount, AdminAccountBody } from '@kezhan/contract/admin/administrators';
import { ADMIN_ROLE_KEYS, ADMIN_ROLES } from '@kezhan/contract/admin/permissions';
import { api } from '@/shared/http';
import { useSession } from '@/shared/session';
import { LoadError } from '@/shared/states';
import { useLoad } from '@/shared/use-load';
import { SessionsTable } from '@/shared/sessions-table';

const ROLE_OPTIONS = ADMIN_ROLE_KEYS.map((role) => ({ value: role, label: ADMIN_ROLES[role].name }));

const formatTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '—';

const passwordRules = [
  { required: true, message: '请输入密码' },
  { min: 8, message: '密码至少 8 位' },
  { max: 128, message: '密码最多 128 位' },
];

type Editing =
  { kind: 'create' } | { kind: 'role'; account: AdminAccount } | { kind: 'password'; account: AdminAccount };

export default function AdministratorsPage() {
  const { message } = App.useApp();
  const { session } = useSession();
  const selfId = session?.administrator.id;
  const accounts = useLoad(() => api<AdminAccount[]>('GET', '/api/admin/administrators'), 'administrators');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [viewingSessions, setViewingSessions] = useState<AdminAccount | null>(null);
  const [form] = Form.useForm<AdminAccountBody>();

  const open = (next: Editing) => {
    setEditing(next);
    form.resetFields();
    if (next.kind === 'create')
      form.setFieldsValue({ username: '', display_name: '', password: '', role: 'content' });
    if (next.kind === 'role') form.setFieldsValue({ role: next.account.role });
  };

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      message.success(done);
      setEditing(null);
      accounts.reload();
    } catch (error) {
      if (error instanceof Error) message.error(error.message);
    }
  };

  const save = () =>
    run(async () => {
      const values = await form.validateFields();
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
    }, '已保存');

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
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
          管理员
        </Typography.Title>
        <Button type="primary" onClick={() => open({ kind: 'create' })}>
          新建管理员
        </Button>
      </Flex>
      {accounts.error ? (
        <LoadError error={accounts.error} onRetry={accounts.reload} />
      ) : (
        <Table<AdminAccount>
          rowKey="id"
          loading={accounts.loading}
          dataSource={accounts.data}
          pagination={false}
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
                account.is_disabled ? (
                  <Tag>已停用</Tag>
                ) : account.locked_until ? (
                  <Tag color="orange">已锁定至 {formatTime(account.locked_until)}</Tag>
                ) : (
                  <Tag color="#1f6f1a">正常</Tag>
                ),
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
                  <Button type="link" size="small" onClick={() => open({ kind: 'role', account })}>
                    分配角色
                  </Button>
                  <Button type="link" size="small" onClick={() => open({ kind: 'password', account })}>
                    重置密码
                  </Button>
                  <Button type="link" size="small" onClick={() => setViewingSessions(account)}>
                    登录会话
                  </Button>
                  {account.totp_enabled && account.id !== selfId ? (
                    <Popconfirm
                      title={`重置 ${account.username} 的两步验证？`}
                      description="重置后该管理员仅凭密码即可登录，可重新开启"
                      okText="重置"
                      cancelText="取消"
                      onConfirm={() =>
                        run(
                          () => api('POST', `/api/admin/administrators/${account.id}/totp/reset`),
                          '已重置两步验证',
                        )
                      }
                    >
                      <Button type="link" size="small" danger>
                        重置两步验证
                      </Button>
                    </Popconfirm>
                  ) : null}
                  {account.id === selfId ? null : account.is_disabled ? (
                    <Button type="link" size="small" onClick={() => void setDisabled(account, false)}>
                      启用
                    </Button>
                  ) : (
                    <Popconfirm
                      title={`停用 ${account.username}？`}
                      description="停用后其登录会话立即失效"
                      okText="停用"
                      cancelText="取消"
                      onConfirm={() => setDisabled(account, true)}
                    >
                      <Button type="link" size="small" danger>
                        停用
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
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
      <Modal
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
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        okText="保存"
        cancelText="取消"
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
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
              <Select options={ROLE_OPTIONS} />
            </Form.Item>
          ) : null}
          {editing?.kind === 'password' ? (
            <Typography.Paragraph>保存后该管理员的其他登录会话立即失效。</Typography.Paragraph>
          ) : null}
        </Form>
      </Modal>
    </>
  );
}
