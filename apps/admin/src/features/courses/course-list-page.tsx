import { useState } from 'react';
import { App, Button, Flex, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import type { AdminCourse, AdminCourseListQuery } from '@kezhan/contract/admin/courses';
import { useSession } from '@/shared/session';
import { LoadError } from '@/shared/states';
import { useLoad } from '@/shared/use-load';
import { deleteCourse, listCategories, listCourses, setShelf } from './api';

const formatTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '—';

export default function CourseListPage() {
  const { can } = useSession();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const canEdit = can('course.edit');
  const [query, setQuery] = useState<AdminCourseListQuery>({ page: 1, page_size: 20, sort: 'latest' });
  const courses = useLoad(() => listCourses(query), JSON.stringify(query));
  const categories = useLoad(listCategories, 'categories');
  const change = (patch: Partial<AdminCourseListQuery>) =>
    setQuery((current) => ({ ...current, page: 1, ...patch }));

  const act = async (work: Promise<unknown>, done: string) => {
    try {
      await work;
      message.success(done);
      courses.reload();
    } catch (error) {
      message.error((error as Error).message);
    }
  };

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
          课程管理
        </Typography.Title>
        {canEdit && (
          <Button type="primary" onClick={() => navigate('/courses/new')}>
            新建课程
          </Button>
        )}
      </Flex>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="搜索课程名称或链接标识"
          aria-label="搜索课程"
          allowClear
          onSearch={(keyword) => change({ keyword })}
          style={{ width: 260 }}
        />
        <Select
          aria-label="分类"
          placeholder="全部分类"
          allowClear
          style={{ width: 160 }}
          options={(categories.data ?? []).map((category) => ({ value: category.id, label: category.name }))}
          onChange={(value?: number) => change({ category_id: value })}
        />
        <Select
          aria-label="上架状态"
          placeholder="全部状态"
          allowClear
          style={{ width: 120 }}
          options={[
            { value: 1, label: '已上架' },
            { value: 0, label: '已下架' },
          ]}
          onChange={(value?: number) => change({ is_show: value })}
        />
        <Select
          aria-label="收费"
          placeholder="免费和付费"
          allowClear
          style={{ width: 130 }}
          options={[
            { value: 'free', label: '免费' },
            { value: 'paid', label: '付费' },
          ]}
          onChange={(value?: 'free' | 'paid') => change({ charge: value })}
        />
        <Select
          aria-label="排序"
          value={query.sort}
          style={{ width: 140 }}
          options={[
            { value: 'latest', label: '最新创建' },
            { value: 'oldest', label: '最早创建' },
            { value: 'price_desc', label: '价格从高到低' },
            { value: 'price_asc', label: '价格从低到高' },
          ]}
          onChange={(sort: AdminCourseListQuery['sort']) => change({ sort })}
        />
      </Space>
      {courses.error ? (
        <LoadError error={courses.error} onRetry={courses.reload} />
      ) : (
        <Table<AdminCourse>
          rowKey="id"
          loading={courses.loading}
          dataSource={courses.data?.data}
          locale={{ emptyText: '暂无课程' }}
          pagination={{
            current: Number(query.page),
            pageSize: Number(query.page_size),
            total: courses.data?.total ?? 0,
            showTotal: (total) => `共 ${total} 门课程`,
            onChange: (page, pageSize) => setQuery((current) => ({ ...current, page, page_size: pageSize })),
          }}
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
                    <Button
                      type="link"
                      size="small"
                      onClick={() =>
                        void act(
                          setShelf(course.id, course.is_show ? 0 : 1),
                          course.is_show ? '已下架' : '已上架',
                        )
                      }
                    >
                      {course.is_show ? '下架' : '上架'}
                    </Button>
                    <Popconfirm
                      title={`删除课程「${course.title}」？`}
                      description="删除后学员看不到此课程，已有订单不受影响。"
                      okText="删除"
                      cancelText="取消"
                      onConfirm={() => act(deleteCourse(course.id), '已删除')}
                    >
                      <Button type="link" size="small" danger>
                        删除
                      </Button>
                    </Popconfirm>
                  </Space>
                ) : (
                  <Link to={`/courses/${course.id}`}>查看</Link>
                ),
            },
          ]}
        />
      )}
    </>
  );
}
