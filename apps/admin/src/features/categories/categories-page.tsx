import { useState } from 'react';
import {
  App,
  Button,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import type { AdminCategory, AdminCategoryBody } from '@kezhan/contract/admin/courses';
import { api } from '@/shared/http';
import { useSession } from '@/shared/session';
import { LoadError } from '@/shared/states';
import { useLoad } from '@/shared/use-load';
// eslint-disable-next-line kezhan/import-boundaries -- to move into src/shared with the course pages' other lists
import { listCategories } from '@/features/courses/api';

export default function CategoriesPage() {
  const canEdit = useSession().can('course.edit');
  const { message } = App.useApp();
  const categories = useLoad(listCategories, 'categories');
  const [editing, setEditing] = useState<AdminCategory | 'new' | null>(null);
  const [form] = Form.useForm<AdminCategoryBody>();

  const open = (category: AdminCategory | 'new') => {
    setEditing(category);
    form.setFieldsValue(category === 'new' ? { name: '', slug: '', parent_id: 0, sort: 0 } : category);
  };

  const save = async () => {
    const values = await form.validateFields();
    try {
      if (editing === 'new') await api('POST', '/api/admin/categories', { body: values });
      else if (editing) await api('PUT', `/api/admin/categories/${editing.id}`, { body: values });
      message.success('已保存');
      setEditing(null);
      categories.reload();
    } catch (error) {
      message.error((error as Error).message);
    }
  };

  const remove = async (category: AdminCategory) => {
    try {
      await api('DELETE', `/api/admin/categories/${category.id}`);
      message.success('已删除');
      categories.reload();
    } catch (error) {
      message.error((error as Error).message);
    }
  };

  const names = new Map((categories.data ?? []).map((category) => [category.id, category.name]));
  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
          课程分类
        </Typography.Title>
        {canEdit && (
          <Button type="primary" onClick={() => open('new')}>
            新建分类
          </Button>
        )}
      </Flex>
      {categories.error ? (
        <LoadError error={categories.error} onRetry={categories.reload} />
      ) : (
        <Table<AdminCategory>
          rowKey="id"
          loading={categories.loading}
          dataSource={categories.data}
          pagination={false}
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
                        <Button type="link" size="small" onClick={() => open(category)}>
                          编辑
                        </Button>
                        <Popconfirm
                          title={`删除分类「${category.name}」？`}
                          okText="删除"
                          cancelText="取消"
                          onConfirm={() => remove(category)}
                        >
                          <Button type="link" size="small" danger>
                            删除
                          </Button>
                        </Popconfirm>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      <Modal
        title={editing === 'new' ? '新建分类' : '编辑分类'}
        open={editing !== null}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        okText="保存"
        cancelText="取消"
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
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
        </Form>
      </Modal>
    </>
  );
}
