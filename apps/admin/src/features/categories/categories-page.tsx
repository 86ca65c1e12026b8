import { useState } from 'react';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import type { AdminCategory, AdminCategoryBody } from '@kezhan/contract/admin/courses';
import { api } from '@/shared/http';
import { useSession } from '@/shared/session';
import { useAction } from '@/shared/use-action';
import { FormModal } from '@/shared/form-modal';
import { LoadedTable } from '@/shared/loaded-table';
import { PageHeader } from '@/shared/page-header';
import { ActionLink, ConfirmLink } from '@/shared/row-actions';
import { useCategories } from '@/shared/categories';

export default function CategoriesPage() {
  const canEdit = useSession().can('course.edit');
  const categories = useCategories();
  const { run } = useAction(categories.reload);
  const [editing, setEditing] = useState<AdminCategory | 'new' | null>(null);

  const save = (values: AdminCategoryBody) =>
    editing === 'new'
      ? api('POST', '/api/admin/categories', { body: values })
      : api('PUT', `/api/admin/categories/${editing?.id}`, { body: values });

  const remove = (category: AdminCategory) =>
    run(() => api('DELETE', `/api/admin/categories/${category.id}`), '已删除');

  const names = new Map((categories.data ?? []).map((category) => [category.id, category.name]));
  return (
    <>
      <PageHeader
        title="课程分类"
        extra={
          canEdit && (
            <Button type="primary" onClick={() => setEditing('new')}>
              新建分类
            </Button>
          )
        }
      />
      <LoadedTable<AdminCategory>
        loaded={categories}
        locale={{ emptyText: '暂无分类' }}
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '链接标识', dataIndex: 'slug' },
          { title: '上级分类', dataIndex: 'parent_id', render: (id: number) => (id ? names.get(id) : '—') },
          { title: '排序', dataIndex: 'sort', width: 80 },
          { title: '课程数', dataIndex: 'course_count', width: 90 },
          ...(canEdit
            ? [
                {
                  title: '操作',
                  key: 'actions',
                  width: 160,
                  render: (_: unknown, category: AdminCategory) => (
                    <Space>
                      <ActionLink onClick={() => setEditing(category)}>编辑</ActionLink>
                      <ConfirmLink
                        title={`删除分类「${category.name}」？`}
                        okText="删除"
                        onConfirm={() => remove(category)}
                      >
                        删除
                      </ConfirmLink>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <FormModal<AdminCategoryBody>
        title={editing === 'new' ? '新建分类' : '编辑分类'}
        open={editing !== null}
        initialValues={editing === 'new' ? { name: '', slug: '', parent_id: 0, sort: 0 } : (editing ?? {})}
        onSubmit={save}
        done="已保存"
        onDone={categories.reload}
        onClose={() => setEditing(null)}
      >
        <Form.Item
          label="名称"
          name="name"
          rules={[{ required: true, whitespace: true, message: '请输入分类名称' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label="链接标识"
          name="slug"
          rules={[
            { required: true, message: '请输入链接标识' },
            { pattern: /^[a-z0-9][a-z0-9-]{0,118}$/, message: '链接标识只能包含小写字母、数字和短横线' },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item label="上级分类" name="parent_id">
          <Select
            options={[
              { value: 0, label: '无（顶级分类）' },
              ...(categories.data ?? [])
                .filter((category) => editing === 'new' || category.id !== editing?.id)
                .map((category) => ({ value: category.id, label: category.name })),
            ]}
          />
        </Form.Item>
        <Form.Item label="排序（小的在前）" name="sort">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </FormModal>
    </>
  );
}
