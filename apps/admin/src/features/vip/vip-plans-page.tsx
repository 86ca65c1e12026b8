import { useState } from 'react';
import { Button, Flex, Form, Input, InputNumber, Switch, Tag } from 'antd';
import type { AdminVipPlan, AdminVipPlanBody } from '@kezhan/contract/admin/site';
import { api } from '@/shared/http';
import { useLoad } from '@/shared/use-load';
import { FormModal } from '@/shared/form-modal';
import { LoadedTable } from '@/shared/loaded-table';
import { PageHeader } from '@/shared/page-header';
import { ActionLink } from '@/shared/row-actions';
import { yuanRule } from '@/shared/money-rule';

type PlanForm = Omit<AdminVipPlanBody, 'is_show'> & { is_show: boolean };

const NEW_PLAN: PlanForm = {
  name: '',
  charge: 99,
  expire_days: 30,
  weight: 0,
  description: '',
  is_show: true,
};

export default function VipPlansPage() {
  const plans = useLoad(() => api<AdminVipPlan[]>('GET', '/api/admin/vip-plans'), 'plans');
  const [editing, setEditing] = useState<AdminVipPlan | 'new' | null>(null);

  const save = (values: PlanForm) => {
    const body = { ...values, is_show: values.is_show ? 1 : 0 };
    return editing === 'new'
      ? api('POST', '/api/admin/vip-plans', { body })
      : api('PUT', `/api/admin/vip-plans/${editing?.id}`, { body });
  };

  return (
    <>
      <PageHeader
        title="会员计划"
        extra={
          <Button type="primary" onClick={() => setEditing('new')}>
            新建会员计划
          </Button>
        }
      />
      <LoadedTable<AdminVipPlan>
        loaded={plans}
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
            render: (_, plan) => <ActionLink onClick={() => setEditing(plan)}>编辑</ActionLink>,
          },
        ]}
      />
      <FormModal<PlanForm>
        title={editing === 'new' ? '新建会员计划' : '编辑会员计划'}
        open={editing !== null}
        initialValues={
          editing === 'new' || !editing ? NEW_PLAN : { ...editing, is_show: editing.is_show === 1 }
        }
        onSubmit={save}
        done="已保存"
        onDone={plans.reload}
        onClose={() => setEditing(null)}
      >
        <Form.Item
          label="名称"
          name="name"
          rules={[{ required: true, whitespace: true, message: '请输入会员名称' }]}
        >
          <Input />
        </Form.Item>
        <Flex gap={16}>
          <Form.Item
            label="价格（元）"
            name="charge"
            rules={[{ required: true, message: '请输入价格' }, yuanRule('价格')]}
          >
            <InputNumber min={0.01} max={1_000_000} />
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
      </FormModal>
    </>
  );
}
