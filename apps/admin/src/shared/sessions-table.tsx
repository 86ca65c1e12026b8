import { Button, Flex, Popconfirm, Table, Tag } from 'antd';
import type { AdminSessionEntry } from '@kezhan/contract/admin/security';
import { api } from '@/shared/http';
import { LoadError } from '@/shared/states';
import { useLoad } from '@/shared/use-load';
import { useAction } from '@/shared/use-action';
import { formatTime } from '@/shared/format';
import { ConfirmLink } from '@/shared/row-actions';

/**
 * The live sessions behind `path` (mine, or an administrator's for a 超级管理员), each revocable,
 * plus ending all the others (or all of them) at once.
 */
export function SessionsTable({
  path,
  revokeAll,
}: {
  path: string;
  revokeAll: { method: 'POST' | 'DELETE'; path: string; label: string };
}) {
  const sessions = useLoad(() => api<AdminSessionEntry[]>('GET', path), path);
  const { run } = useAction(sessions.reload);

  if (sessions.error) return <LoadError error={sessions.error} onRetry={sessions.reload} />;
  const others = (sessions.data ?? []).filter((entry) => !entry.current).length;
  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <Popconfirm
          title={`${revokeAll.label}？`}
          description="被下线的会话需要重新登录"
          okText="确定"
          cancelText="取消"
          onConfirm={() => run(() => api(revokeAll.method, revokeAll.path), '已下线')}
          disabled={others === 0}
        >
          <Button danger disabled={others === 0}>
            {revokeAll.label}
          </Button>
        </Popconfirm>
      </Flex>
      <Table<AdminSessionEntry>
        rowKey="id"
        size="small"
        loading={sessions.loading}
        dataSource={sessions.data}
        pagination={false}
        locale={{ emptyText: '暂无登录会话' }}
        columns={[
          { title: '登录时间', dataIndex: 'created_at', render: formatTime },
          { title: '最近活动', dataIndex: 'last_seen_at', render: formatTime },
          { title: 'IP', dataIndex: 'ip' },
          {
            title: '设备',
            dataIndex: 'user_agent',
            ellipsis: true,
            render: (agent: string) => agent || '未知',
          },
          {
            title: '操作',
            key: 'actions',
            render: (_, entry) =>
              entry.current ? (
                <Tag color="blue">当前会话</Tag>
              ) : (
                <ConfirmLink
                  title="下线该会话？"
                  okText="下线"
                  onConfirm={() => run(() => api('DELETE', `${path}/${entry.id}`), '已下线')}
                >
                  下线
                </ConfirmLink>
              ),
          },
        ]}
      />
    </>
  );
}
