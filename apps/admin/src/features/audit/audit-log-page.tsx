import { DatePicker, Space, Typography } from 'antd';
import type { AuditLogEntry, AuditLogQuery } from '@kezhan/contract/admin/session';
import { fetchPage, usePagedList, type Page } from '@/shared/use-paged-list';
import { formatTime } from '@/shared/format';
import { PagedTable } from '@/shared/loaded-table';
import { PageHeader } from '@/shared/page-header';
import { FilterBar, SearchFilter, SelectFilter } from '@/shared/filter-bar';

const ACTION_NAMES: Record<string, string> = {
  'statistics.export': '导出统计',
  'session.login': '登录',
  'administrator.login_backoff': '登录失败过多（该地址暂停尝试）',
  'administrator.create': '创建管理员',
  'course.create': '新建课程',
  'course.update': '编辑课程',
  'course.publish': '上架课程',
  'course.unpublish': '下架课程',
  'course.delete': '删除课程',
  'course.cover': '上传课程封面',
  'category.create': '新建分类',
  'category.update': '编辑分类',
  'category.delete': '删除分类',
  'settings.update': '修改设置',
  'vip_plan.create': '新建会员计划',
  'vip_plan.update': '编辑会员计划',
  'home.update': '装修首页',
  'content.import': '导入内容',
  'chapter.create': '新建章节',
  'chapter.update': '编辑章节',
  'chapter.delete': '删除章节',
  'video.create': '新建视频',
  'video.update': '编辑视频',
  'video.upload': '上传视频',
  'member.lock': '锁定学员',
  'member.unlock': '解锁学员',
  'member.grant_course': '赠送课程',
  'member.revoke_course': '撤销课程',
  'member.grant_vip': '赠送会员天数',
  'member.revoke_vip': '撤销会员天数',
  'member.mobile': '修改学员手机号',
  'member.message': '发送消息给学员',
  'member.create': '新建学员',
  'member.delete': '删除学员',
  'member.export': '导出学员',
  'member.remark.create': '添加学员备注',
  'member.remark.delete': '删除学员备注',
  'member.tags': '设置学员标签',
  'member.credit': '调整学员积分',
  'member.import': '导入学员',
  'member_tag.create': '新建学员标签',
  'member_tag.delete': '删除学员标签',
  'broadcast.create': '群发站内消息',
  'administrator.disable': '停用管理员',
  'administrator.enable': '启用管理员',
  'administrator.role': '分配角色',
  'administrator.password_reset': '重置管理员密码',
  'promo.create': '新建优惠码',
  'promo.batch_create': '批量生成优惠码',
  'promo.disable': '停用优惠码',
  'promo.enable': '启用优惠码',
  'refund.resend': '重新发送退款',
  'refund.export': '导出退款记录',
  'nav.create': '新建导航',
  'nav.update': '编辑导航',
  'nav.delete': '删除导航',
  'nav.reorder': '调整导航顺序',
  'link.create': '新建友情链接',
  'link.update': '编辑友情链接',
  'link.delete': '删除友情链接',
  'link.reorder': '调整友情链接顺序',
  'slider.create': '新建轮播图',
  'slider.update': '编辑轮播图',
  'slider.delete': '删除轮播图',
  'slider.reorder': '调整轮播图顺序',
  'slider.image': '上传轮播图图片',
  'comment.approve': '通过评论',
  'comment.reject': '拒绝评论',
  'comment.delete': '删除评论',
  'comment.settings': '修改评论审核开关',
  'agreement.publish': '发布协议新版本',
};

const ACTION_OPTIONS = Object.entries(ACTION_NAMES).map(([value, name]) => ({
  value,
  label: `${name}（${value}）`,
}));

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
            render: (action: string) => ACTION_NAMES[action] ?? action,
          },
          {
            title: '对象',
            key: 'target',
            render: (_, entry) => (entry.target_type ? `${entry.target_type} #${entry.target_id}` : '—'),
          },
          { title: 'IP', dataIndex: 'ip', width: 140 },
        ]}
      />
    </>
  );
}
