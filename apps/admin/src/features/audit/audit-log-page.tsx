import { DatePicker, Space, Typography } from 'antd';
import type { AuditLogEntry, AuditLogQuery } from '@kezhan/contract/admin/session';
import { fetchPage, usePagedList, type Page } from '@/shared/use-paged-list';
import { formatTime } from '@/shared/format';
import { PagedTable } from '@/shared/loaded-table';
import { PageHeader } from '@/shared/page-header';
import { FilterBar, SearchFilter, SelectFilter } from '@/shared/filter-bar';
import { AUDIT_ACTION_LABELS, auditActionLabel } from '@kezhan/contract/admin/audit-actions';

// One table of names for every action the server writes (a server test checks it is complete).
const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS).map(([value, name]) => ({
  value,
  label: `${name}（${value}）`,
}));

/** The target of an action in words: 学员 #12 rather than member #12. */
const TARGET_NAMES: Record<string, string> = {
  administrator: '管理员',
  role: '角色',
  course: '课程',
  category: '分类',
  chapter: '章节',
  video: '视频',
  course_attachment: '课件',
  image: '图片',
  settings: '站点设置',
  vip_plan: '会员计划',
  home_page: '首页',
  nav: '导航',
  link: '友情链接',
  slider: '轮播图',
  comment: '评论',
  setting: '设置',
  statistics: '统计数据',
  content: '内容',
  member: '学员',
  member_tag: '学员标签',
  member_import: '学员导入',
  refund: '退款',
  agreement: '协议',
  broadcast: '站内消息',
  order: '订单',
  promo_code: '优惠码',
  promo_batch: '优惠码批次',
};

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const json = (value: unknown) => (value === null ? '—' : JSON.stringify(value, null, 2));

const listAuditLogs = (query: AuditLogQuery) =>
  fetchPage<Page<AuditLogEntry>>('/api/admin/audit-logs', query);

export default function AuditLogPage() {
  const logs = usePagedList(listAuditLogs);
  const { query, filter } = logs;
  return (
    <>
      <PageHeader title="操作日志" />
      <FilterBar>
        <SelectFilter
          label="按操作筛选"
          placeholder="全部操作"
          showSearch
          width={260}
          options={ACTION_OPTIONS}
          value={typeof query.action === 'string' && query.action ? query.action : undefined}
          onChange={(action?: string) => filter({ action })}
        />
        <SearchFilter
          label="按管理员筛选"
          placeholder="管理员账号"
          onSearch={(administrator) => filter({ administrator })}
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
      <PagedTable<AuditLogEntry>
        list={logs}
        locale={{ emptyText: '暂无记录' }}
        expandable={{
          // The expand buttons' column needs a header name for screen readers; it shows none.
          columnTitle: <span style={VISUALLY_HIDDEN}>详情</span>,
          expandedRowRender: (entry) => (
            <Space align="start" size="large">
              <div>
                <Typography.Text strong>修改前</Typography.Text>
                <pre style={{ maxWidth: 420, overflow: 'auto' }}>{json(entry.before)}</pre>
              </div>
              <div>
                <Typography.Text strong>修改后</Typography.Text>
                <pre style={{ maxWidth: 420, overflow: 'auto' }}>{json(entry.after)}</pre>
              </div>
            </Space>
          ),
        }}
        columns={[
          {
            title: '时间',
            dataIndex: 'created_at',
            width: 180,
            render: formatTime,
          },
          { title: '管理员', dataIndex: 'administrator_name', width: 120 },
          {
            title: '操作',
            dataIndex: 'action',
            render: (action: string) => auditActionLabel(action),
          },
          {
            title: '对象',
            key: 'target',
            render: (_, entry) =>
              entry.target_type
                ? `${TARGET_NAMES[entry.target_type] ?? entry.target_type}${entry.target_id ? ` #${entry.target_id}` : ''}`
                : '—',
          },
          { title: 'IP', dataIndex: 'ip', width: 140 },
        ]}
      />
    </>
  );
}
