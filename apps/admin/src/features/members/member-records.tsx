import { useState } from 'react';
import { Button, Input, List, Popconfirm, Space, Table, Typography } from 'antd';
import type { AdminMemberDetail } from '@kezhan/contract/admin/members';
import { formatTime } from '@/shared/format';
import { LoadError } from '@/shared/states';
import { useAction } from '@/shared/use-action';
import { useLoad } from '@/shared/use-load';
import { addRemark, listCredits, removeRemark } from './api';

/** Operators' notes on a member, newest first: add one, remove one. */
export function RemarkList({
  memberId,
  remarks,
  canEdit,
  onChanged,
}: {
  memberId: number;
  remarks: AdminMemberDetail['remarks'];
  canEdit: boolean;
  onChanged: () => void;
}) {
  const [text, setText] = useState('');
  const { run, busy } = useAction(onChanged);
  const add = async () => {
    if (await run(() => addRemark(memberId, text.trim()), '备注已添加')) setText('');
  };
  return (
    <>
      {canEdit && (
        <Space.Compact block style={{ marginBottom: 16 }}>
          <Input.TextArea
            aria-label="新备注"
            placeholder="记录回访情况、学员诉求等（500 字以内，仅后台可见）"
            maxLength={500}
            autoSize={{ minRows: 2, maxRows: 6 }}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="primary" loading={busy} disabled={!text.trim()} onClick={() => void add()}>
            添加备注
          </Button>
        </Space.Compact>
      )}
      <List
        dataSource={remarks}
        locale={{ emptyText: '暂无备注' }}
        renderItem={(remark) => (
          <List.Item
            actions={
              canEdit
                ? [
                    <Popconfirm
                      key="remove"
                      title="删除这条备注？"
                      okText="删除"
                      cancelText="取消"
                      onConfirm={() => run(() => removeRemark(memberId, remark.id), '备注已删除')}
                    >
                      <Button type="link" danger size="small">
                        删除
                      </Button>
                    </Popconfirm>,
                  ]
                : undefined
            }
          >
            <List.Item.Meta
              title={<Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{remark.content}</Typography.Text>}
              description={`${remark.administrator_name} · ${formatTime(remark.created_at)}`}
            />
          </List.Item>
        )}
      />
    </>
  );
}

/** The member's points history (积分明细), paged; `version` reloads it after an adjustment. */
export function CreditHistory({ memberId, version }: { memberId: number; version: number }) {
  const [page, setPage] = useState(1);
  const credits = useLoad(() => listCredits(memberId, page), `${memberId}:${page}:${version}`);
  if (credits.error) return <LoadError error={credits.error} onRetry={credits.reload} />;
  return (
    <Table
      rowKey={(record) => `${record.created_at}:${record.sum}:${record.remark}`}
      size="small"
      loading={credits.loading}
      dataSource={credits.data?.data ?? []}
      locale={{ emptyText: '暂无积分记录' }}
      pagination={{ current: page, pageSize: 20, total: credits.data?.total ?? 0, onChange: setPage }}
      columns={[
        { title: '时间', dataIndex: 'created_at', width: 180, render: formatTime },
        {
          title: '变动',
          dataIndex: 'sum',
          width: 100,
          render: (sum: number) => (sum > 0 ? `+${sum}` : String(sum)),
        },
        { title: '说明', dataIndex: 'remark' },
      ]}
    />
  );
}
