import { useState } from 'react';
import { App, Button, Flex, Form, Input, InputNumber, Modal, Switch, Table, Tag, Typography } from 'antd';
import type { AdminVipPlan, AdminVipPlanBody } from '@kezhan/contract/admin/site';
import { api } from '@/shared/http';
import { LoadError } from '@/shared/states';
import { useLoad } from '@/shared/use-load';

type PlanForm = Omit<AdminVipPlanBody, 'is_show'> & { is_show: boolean };

export default function VipPlansPage() {
  const { message } = App.useApp();
  const plans = useLoad(() => api<AdminVipPlan[]>('GET', '/api/admin/vip-plans'), 'plans');
  const [editing, setEditing] = useState<AdminVipPlan | 'new' | null>(null);
  const [form] = Form.useForm<PlanForm>();

  const open = (plan: AdminVipPlan | 'new') => {
    setEditing(plan);
    form.setFieldsValue(
      plan === 'new'
        ? { name: '', charge: 99, expire_days: 30, weight: 0, description: '', is_show: true }
        : { ...plan, is_show: plan.is_show === 1 },
    );
  };

  const save = async () => {
    const values = await form.validateFields();
    const body = { ...values, is_show: values.is_show ? 1 : 0 };
    try {
      if (editing === 'new') await api('POST', '/api/admin/vip-plans', { body });
      else if (editing) await api('PUT', `/api/admin/vip-plans/${editing.id}`, { body });
      message.success('已保存');
      setEditing(null);
      plans.reload();
    } catch (error) {
      message.error((error as Error).message);
    }
  };

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
          会员计划
        </Typography.Title>
        <Button type="primary" onClick={() => open('new')}>
          新建会员计划
        </Button>
      </Flex>
      {plans.error ? (
        <LoadError error={plans.error} onRetry={plans.reload} />
      ) : (
        <Table<AdminVipPlan>
          rowKey="id"
          loading={plans.loading}
          dataSource={plans.data}
          pagination={false}
          locale={{ emptyText: '暂无会员计划' }}
          columns={[
            { title: '名称', dataIndex: 'name' },
            { title: '价格', dataIndex: 'charge', render: (charge: number) => `¥${charge}` },
            { title: '天数', dataIndex: 'expire_days' },
            { title: '排序', dataIndex: 'weight', width: 80 },
            {
              title: '状态',
              dataIndex: 'is_show',
              render: (isShow: number) => (isShow ? <Tag color="#1f6f1a">在售</Tag> : <Tag>已下架</Tag>),
            },
            {
              title: '操作',
              key: 'actions',
              width: 100,
              render: (_, plan) => (
                <Button type="link" size="small" onClick={() => open(plan)}>
                  编辑
                </Button>
              ),
            },
          ]}
        />
      )}
      <Modal
        title={editing === 'new' ? '新建会员计划' : '编辑会员计划'}
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
            rules={[{ required: true, whitespace: true, message: '请输入会员名称' }]}
          >
            <Input />
          </Form.Item>
          <Flex gap={16}>
            <Form.Item label="价格（元）" name="charge" rules={[{ required: true, message: '请输入价格' }]}>
              <InputNumber min={1} max={1_000_000} precision={0} />
            </Form.Item>
            <Form.Item label="天数" name="expire_days" rules={[{ required: true, message: '请输入天数' }]}>
              <InputNumber min={1} max={36_500} precision={0} />
            </Form.Item>
            <Form.Item label="排序（小的在前）" name="weight">
              <InputNumber min={0} max={9999} precision={0} />
            </Form.Item>
            <Form.Item label="在售" name="is_show" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Flex>
          <Form.Item label="权益描述（每行一条）" name="description">
            <Input.TextArea rows={4} maxLength={2000} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
