import { useState } from 'react';
import { Avatar, Button, Space, Tag } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import type { AdminMember } from '@kezhan/contract/admin/members';
import { useSession } from '@/shared/session';
import { useLoad } from '@/shared/use-load';
import { usePagedList } from '@/shared/use-paged-list';
import { formatTime } from '@/shared/format';
import { PagedTable } from '@/shared/loaded-table';
import { PageHeader } from '@/shared/page-header';
import { FilterBar, SearchFilter, SelectFilter } from '@/shared/filter-bar';
import { exportUrl, listMembers, listTags } from './api';
import { CreateMemberDialog, TagManagerDialog } from './member-account-dialogs';

export default function MemberListPage() {
  const members = usePagedList(listMembers);
  const { filter, query } = members;
  const { can } = useSession();
  const navigate = useNavigate();
  const tags = useLoad(listTags, 'member-tags');
  const [dialog, setDialog] = useState<'create' | 'tags' | null>(null);
  const canEdit = can('member.edit');

  return (
    <>
      <PageHeader
        title="学员管理"
        extra={
          <Space wrap>
            {canEdit && (
              <>
                <Button type="primary" onClick={() => setDialog('create')}>
                  新建学员
                </Button>
                <Button onClick={() => navigate('/members/import')}>批量导入</Button>
                <Button onClick={() => setDialog('tags')}>管理标签</Button>
              </>
            )}
            <Button href={exportUrl(query)} download>
              导出 CSV
            </Button>
          </Space>
        }
      />
      <FilterBar>
        <SearchFilter
          label="搜索学员"
          placeholder="学员 ID、手机号或昵称"
          width={280}
          onSearch={(keyword) => filter({ keyword })}
        />
        <SelectFilter
          label="锁定状态"
          placeholder="全部状态"
          width={130}
          options={[
            { value: 0, label: '正常' },
            { value: 1, label: '已锁定' },
          ]}
          onChange={(value?: number) => filter({ is_lock: value })}
        />
        <SelectFilter
          label="标签"
          placeholder={tags.error ? '标签加载失败' : '全部标签'}
          width={160}
          options={(tags.data ?? []).map((tag) => ({
            value: tag.id,
            label: `${tag.name}（${tag.members}）`,
          }))}
          onChange={(value?: number) => filter({ tag_id: value })}
        />
      </FilterBar>
      <PagedTable<AdminMember>
        list={members}
        locale={{ emptyText: '没有找到学员' }}
        showTotal={(total) => `共 ${total} 名学员`}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          {
            title: '学员',
            dataIndex: 'nick_name',
            render: (name: string, member) => (
              <Space wrap>
                <Avatar src={member.avatar || undefined} alt="" size="small" />
                <Link to={`/members/${member.id}`}>{name}</Link>
                {member.tags.map((tag) => (
                  <Tag key={tag.id} color="blue">
                    {tag.name}
                  </Tag>
                ))}
              </Space>
            ),
          },
          {
            title: '手机号',
            dataIndex: 'mobile',
            width: 140,
            render: (mobile: string, member) => (member.is_bind_mobile ? mobile : <Tag>未绑定</Tag>),
          },
          {
            title: '会员',
            dataIndex: 'role_name',
            width: 180,
            render: (name: string, member) =>
              name ? `${name}（至 ${formatTime(member.role_expired_at)}）` : '—',
          },
          {
            title: '状态',
            dataIndex: 'is_lock',
            width: 90,
            render: (isLock: number) => (isLock ? <Tag color="#a8071a">已锁定</Tag> : <Tag>正常</Tag>),
          },
          { title: '注册时间', dataIndex: 'created_at', width: 180, render: formatTime },
          {
            title: '操作',
            key: 'actions',
            width: 90,
            render: (_, member) => <Link to={`/members/${member.id}`}>详情</Link>,
          },
        ]}
      />
      {dialog === 'create' && <CreateMemberDialog onClose={() => setDialog(null)} onDone={members.reload} />}
      {dialog === 'tags' && (
        <TagManagerDialog
          onClose={() => setDialog(null)}
          onDone={() => {
            tags.reload();
            members.reload();
          }}
        />
      )}
    </>
  );
}
