import { useState } from 'react';
import { Alert, Button, DatePicker, Input, Modal, Space, Switch, Tag, Typography } from 'antd';
import {
  COMMENT_STATE_NAMES,
  COMMENT_STATES,
  type AdminComment,
  type AdminCommentQuery,
  type AdminCommentSettings,
  type CommentState,
} from '@kezhan/contract/admin/comments';
import { CourseSelect } from '@/shared/course-select';
import { FilterBar, SearchFilter, SelectFilter } from '@/shared/filter-bar';
import { formatTime } from '@/shared/format';
import { api } from '@/shared/http';
import { PagedTable } from '@/shared/loaded-table';
import { PageHeader } from '@/shared/page-header';
import { useAction } from '@/shared/use-action';
import { useLoad } from '@/shared/use-load';
import { fetchPage, usePagedList, type Page } from '@/shared/use-paged-list';

const STATE_COLOURS: Record<CommentState, string | undefined> = {
  pending: 'orange',
  approved: 'green',
  rejected: undefined,
};

const listComments = (query: AdminCommentQuery) =>
  fetchPage<Page<AdminComment>>('/api/admin/comments', query);
const moderate = (ids: number[], action: 'approve' | 'reject' | 'delete', reason?: string) =>
  api<{ count: number }>('POST', '/api/admin/comments/moderate', { body: { ids, action, reason } });

/** 审核: when on, new comments wait in this queue and members see them only once approved. */
function ApprovalSwitch() {
  const settings = useLoad(
    () => api<AdminCommentSettings>('GET', '/api/admin/comment-settings'),
    'comment-settings',
  );
  const { run, busy } = useAction(settings.reload);
  const on = settings.data?.need_approval === 1;
  return (
    <Space>
      <Switch
        aria-label="评论需审核后显示"
        checked={on}
        loading={settings.loading || busy}
        onChange={(checked) =>
          void run(
            () => api('PUT', '/api/admin/comment-settings', { body: { need_approval: checked ? 1 : 0 } }),
            checked ? '已开启评论审核' : '已关闭评论审核',
          )
        }
      />
      <Typography.Text>评论需审核后显示</Typography.Text>
    </Space>
  );
}

/** 评论审核: pending comments across courses and lessons, decided one by one or in bulk. */
export default function CommentsPage() {
  const comments = usePagedList(listComments, 20, { status: 'pending' });
  const { query, filter } = comments;
  const [selected, setSelected] = useState<number[]>([]);
  const [rejecting, setRejecting] = useState<number[] | null>(null);
  const [reason, setReason] = useState('');
  const reload = () => {
    setSelected([]);
    comments.reload();
  };
  const { run, busy } = useAction(reload);

  const decide = (ids: number[], action: 'approve' | 'delete') =>
    run(
      () => moderate(ids, action),
      action === 'approve' ? `已通过 ${ids.length} 条评论` : `已删除 ${ids.length} 条评论`,
    );
  const confirmDelete = (ids: number[]) =>
    Modal.confirm({
      title: `删除 ${ids.length} 条评论？`,
      content: '评论下的回复会一起删除，且不能恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => decide(ids, 'delete'),
    });
  const reject = async () => {
    if (!rejecting) return;
    const ids = rejecting;
    if (await run(() => moderate(ids, 'reject', reason.trim()), `已拒绝 ${ids.length} 条评论`)) {
      setRejecting(null);
      setReason('');
    }
  };

  return (
    <>
      <PageHeader title="评论审核" extra={<ApprovalSwitch />} />
      <FilterBar>
        <SelectFilter<CommentState>
          label="按状态筛选"
          placeholder="全部状态"
          width={140}
          options={COMMENT_STATES.map((value) => ({ value, label: COMMENT_STATE_NAMES[value] }))}
          value={typeof query.status === 'string' ? (query.status as CommentState) : undefined}
          onChange={(status) => filter({ status })}
        />
        <div style={{ width: 220 }}>
          <CourseSelect
            value={typeof query.course_id === 'number' ? query.course_id : undefined}
            onChange={(courseId) => filter({ course_id: courseId })}
          />
        </div>
        {query.course_id ? <Button onClick={() => filter({ course_id: undefined })}>全部课程</Button> : null}
        <SearchFilter
          label="按内容或昵称搜索"
          placeholder="评论内容或学员昵称"
          onSearch={(keyword) => filter({ keyword })}
        />
        <DatePicker.RangePicker
          aria-label="按日期筛选"
          allowEmpty={[true, true]}
          placeholder={['开始日期', '结束日期']}
          onChange={(days) =>
            filter({ from: days?.[0]?.format('YYYY-MM-DD'), to: days?.[1]?.format('YYYY-MM-DD') })
          }
        />
      </FilterBar>
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Text>已选 {selected.length} 条</Typography.Text>
        <Button
          type="primary"
          disabled={selected.length === 0}
          loading={busy}
          onClick={() => void decide(selected, 'approve')}
        >
          批量通过
        </Button>
        <Button disabled={selected.length === 0} onClick={() => setRejecting(selected)}>
          批量拒绝
        </Button>
        <Button danger disabled={selected.length === 0} onClick={() => confirmDelete(selected)}>
          批量删除
        </Button>
      </Space>
      <PagedTable<AdminComment>
        list={comments}
        locale={{ emptyText: '暂无评论' }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (row) => ({ 'aria-label': `选择评论 ${row.id}` }),
        }}
        columns={[
          {
            title: '评论',
            dataIndex: 'content',
            render: (content: string, row) => (
              <Space direction="vertical" size={0}>
                <Typography.Paragraph
                  style={{ margin: 0, maxWidth: 420 }}
                  ellipsis={{ rows: 3, expandable: true, symbol: '展开' }}
                >
                  {row.parent_id ? <Tag>回复</Tag> : null}
                  {content}
                </Typography.Paragraph>
                {row.check_reason ? (
                  <Typography.Text type="secondary">拒绝原因：{row.check_reason}</Typography.Text>
                ) : null}
              </Space>
            ),
          },
          {
            title: '课程 / 课时',
            key: 'course',
            width: 220,
            render: (_, row) => (
              <Space direction="vertical" size={0}>
                <span>{row.course_title || '（课程已删除）'}</span>
                {row.video_title ? (
                  <Typography.Text type="secondary">课时：{row.video_title}</Typography.Text>
                ) : null}
              </Space>
            ),
          },
          {
            title: '学员',
            dataIndex: 'nick_name',
            width: 120,
            render: (name: string) => name || '（已注销）',
          },
          { title: '时间', dataIndex: 'created_at', width: 170, render: formatTime },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (status: CommentState) => (
              <Tag color={STATE_COLOURS[status]}>{COMMENT_STATE_NAMES[status]}</Tag>
            ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 170,
            render: (_, row) => (
              <Space size={0}>
                {row.status !== 'approved' ? (
                  <Button
                    type="link"
                    size="small"
                    aria-label={`通过评论 ${row.id}`}
                    onClick={() => void decide([row.id], 'approve')}
                  >
                    通过
                  </Button>
                ) : null}
                {row.status !== 'rejected' ? (
                  <Button
                    type="link"
                    size="small"
                    aria-label={`拒绝评论 ${row.id}`}
                    onClick={() => setRejecting([row.id])}
                  >
                    拒绝
                  </Button>
                ) : null}
                <Button
                  type="link"
                  size="small"
                  danger
                  aria-label={`删除评论 ${row.id}`}
                  onClick={() => confirmDelete([row.id])}
                >
                  删除
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={`拒绝 ${rejecting?.length ?? 0} 条评论`}
        open={rejecting !== null}
        okText="拒绝"
        cancelText="取消"
        confirmLoading={busy}
        onOk={() => void reject()}
        onCancel={() => setRejecting(null)}
        destroyOnHidden
      >
        <Alert
          type="info"
          showIcon
          message="被拒绝的评论及其回复不再向学员显示。"
          style={{ marginBottom: 12 }}
        />
        <Input.TextArea
          aria-label="拒绝原因"
          placeholder="拒绝原因（可不填，仅管理员可见）"
          maxLength={255}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Modal>
    </>
  );
}
