import { Button, Space, Tag } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import type { AdminCourse, AdminCourseListQuery } from '@kezhan/contract/admin/courses';
import { useSession } from '@/shared/session';
import { categoryOptions, useCategories } from '@/shared/categories';
import { usePagedList } from '@/shared/use-paged-list';
import { useAction } from '@/shared/use-action';
import { formatTime } from '@/shared/format';
import { PagedTable } from '@/shared/loaded-table';
import { PageHeader } from '@/shared/page-header';
import { FilterBar, SearchFilter, SelectFilter } from '@/shared/filter-bar';
import { ActionLink, ConfirmLink } from '@/shared/row-actions';
import { deleteCourse, listCourses, setShelf } from './api';

export default function CourseListPage() {
  const { can } = useSession();
  const navigate = useNavigate();
  const canEdit = can('course.edit');
  const courses = usePagedList(listCourses, 20, { sort: 'latest' });
  const { query, filter } = courses;
  const categories = useCategories();
  const { run } = useAction(courses.reload);

  return (
    <>
      <PageHeader
        title="课程管理"
        extra={
          canEdit && (
            <Button type="primary" onClick={() => navigate('/courses/new')}>
              新建课程
            </Button>
          )
        }
      />
      <FilterBar>
        <SearchFilter
          label="搜索课程"
          placeholder="搜索课程名称或链接标识"
          width={260}
          onSearch={(keyword) => filter({ keyword })}
        />
        <SelectFilter
          label="分类"
          placeholder="全部分类"
          width={160}
          options={categoryOptions(categories)}
          onChange={(value?: number) => filter({ category_id: value })}
        />
        <SelectFilter
          label="上架状态"
          placeholder="全部状态"
          width={120}
          options={[
            { value: 1, label: '已上架' },
            { value: 0, label: '已下架' },
          ]}
          onChange={(value?: number) => filter({ is_show: value })}
        />
        <SelectFilter
          label="收费"
          placeholder="免费和付费"
          width={130}
          options={[
            { value: 'free', label: '免费' },
            { value: 'paid', label: '付费' },
          ]}
          onChange={(value?: 'free' | 'paid') => filter({ charge: value })}
        />
        <SelectFilter
          label="排序"
          allowClear={false}
          value={query.sort}
          width={140}
          options={[
            { value: 'latest', label: '最新创建' },
            { value: 'oldest', label: '最早创建' },
            { value: 'price_desc', label: '价格从高到低' },
            { value: 'price_asc', label: '价格从低到高' },
          ]}
          onChange={(sort: AdminCourseListQuery['sort']) => filter({ sort })}
        />
      </FilterBar>
      <PagedTable<AdminCourse>
        list={courses}
        locale={{ emptyText: '暂无课程' }}
        showTotal={(total) => `共 ${total} 门课程`}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          {
            title: '课程名称',
            dataIndex: 'title',
            render: (title: string, course) => <Link to={`/courses/${course.id}`}>{title}</Link>,
          },
          { title: '分类', dataIndex: 'category_name', width: 120 },
          {
            title: '价格',
            dataIndex: 'charge',
            width: 100,
            render: (charge: number) => (charge === 0 ? '免费' : `¥${charge}`),
          },
          {
            title: '状态',
            dataIndex: 'is_show',
            width: 90,
            render: (isShow: number) => (isShow ? <Tag color="#1f6f1a">已上架</Tag> : <Tag>已下架</Tag>),
          },
          { title: '学员', dataIndex: 'user_count', width: 80 },
          { title: '上架时间', dataIndex: 'published_at', width: 180, render: formatTime },
          {
            title: '操作',
            key: 'actions',
            width: 200,
            render: (_, course) =>
              canEdit ? (
                <Space>
                  <Link to={`/courses/${course.id}`}>编辑</Link>
                  <ActionLink
                    onClick={() =>
                      void run(
                        () => setShelf(course.id, course.is_show ? 0 : 1),
                        course.is_show ? '已下架' : '已上架',
                      )
                    }
                  >
                    {course.is_show ? '下架' : '上架'}
                  </ActionLink>
                  <ConfirmLink
                    title={`删除课程「${course.title}」？`}
                    description="删除后学员看不到此课程，已有订单不受影响。"
                    okText="删除"
                    onConfirm={() => run(() => deleteCourse(course.id), '已删除')}
                  >
                    删除
                  </ConfirmLink>
                </Space>
              ) : (
                <Link to={`/courses/${course.id}`}>查看</Link>
              ),
          },
        ]}
      />
    </>
  );
}
