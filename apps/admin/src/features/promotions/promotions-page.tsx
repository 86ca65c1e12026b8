import { useState } from 'react';
import { Button, Flex, Form, Input, InputNumber, Modal, Select, Space, Tag, Typography } from 'antd';
import type {
  AdminPromoBatchBody,
  AdminPromoCode,
  AdminPromoCodeBody,
  AdminPromoListQuery,
} from '@kezhan/contract/admin/promotions';
import { api } from '@/shared/http';
import { useAction } from '@/shared/use-action';
import { fetchPage, usePagedList, type Page } from '@/shared/use-paged-list';
import { formatTime } from '@/shared/format';
import { FormModal } from '@/shared/form-modal';
import { PagedTable } from '@/shared/loaded-table';
import { PageHeader } from '@/shared/page-header';
import { ActionLink, EnableToggle } from '@/shared/row-actions';
import { FilterBar, SearchFilter } from '@/shared/filter-bar';
import { HintText } from './hint-text';
import { DEFAULT_RULES, PromoRulesFields, rulesBody, type PromoRulesForm } from './promo-rules-fields';
import { PromoUsesDrawer } from './promo-uses-drawer';

type SingleForm = PromoRulesForm & { code: string };
type BatchForm = PromoRulesForm & { prefix: string; count: number };

const listPromoCodes = (query: AdminPromoListQuery) =>
  fetchPage<Page<AdminPromoCode>>('/api/admin/promo-codes', query);

const discountText = (promo: AdminPromoCode) =>
  promo.discount_type === 'percent' ? `减 ${promo.percent_off}%` : `减 ¥${promo.amount}`;

function windowText(promo: AdminPromoCode) {
  const start = promo.starts_at ? formatTime(promo.starts_at) : null;
  const end = promo.expired_at ? formatTime(promo.expired_at) : null;
  if (!start && !end) return '长期有效';
  return `${start ?? '立即'} 至 ${end ?? '不限'}`;
}

export default function PromotionsPage() {
  const codes = usePagedList(listPromoCodes);
  const { query, filter } = codes;
  const { run } = useAction(codes.reload);
  const [creating, setCreating] = useState<'single' | 'batch' | null>(null);
  const [generated, setGenerated] = useState<{ batch: string; codes: string[] } | null>(null);
  const [usesOf, setUsesOf] = useState<AdminPromoCode | null>(null);

  const createOne = (values: SingleForm) => {
    const body: AdminPromoCodeBody = { code: values.code, ...rulesBody(values) };
    return api('POST', '/api/admin/promo-codes', { body });
  };

  const createBatch = async (values: BatchForm) => {
    const body: AdminPromoBatchBody = { prefix: values.prefix, count: values.count, ...rulesBody(values) };
    setGenerated(
      await api<{ batch: string; codes: string[] }>('POST', '/api/admin/promo-codes/batch', { body }),
    );
  };

  const setEnabled = (promo: AdminPromoCode, enabled: boolean) =>
    run(
      () =>
        api('PUT', `/api/admin/promo-codes/${promo.id}/status`, { body: { is_enabled: enabled ? 1 : 0 } }),
      enabled ? '已启用' : '已停用',
    );

  return (
    <>
      <PageHeader
        title="优惠码"
        extra={
          <Space>
            <Button onClick={() => setCreating('batch')}>批量生成</Button>
            <Button type="primary" onClick={() => setCreating('single')}>
              新建优惠码
            </Button>
          </Space>
        }
      />
      <FilterBar>
        <SearchFilter label="搜索优惠码" placeholder="优惠码" onSearch={(keyword) => filter({ keyword })} />
        <SearchFilter label="按批次筛选" placeholder="批次" onSearch={(batch) => filter({ batch })} />
        <Select
          aria-label="按状态筛选"
          style={{ width: 120 }}
          value={query.is_enabled === undefined ? '' : String(query.is_enabled)}
          onChange={(value) => filter({ is_enabled: value === '' ? undefined : Number(value) })}
          options={[
            { value: '', label: '全部状态' },
            { value: '1', label: '启用中' },
            { value: '0', label: '已停用' },
          ]}
        />
      </FilterBar>
      <PagedTable<AdminPromoCode>
        list={codes}
        locale={{ emptyText: <HintText>暂无优惠码</HintText> }}
        columns={[
          {
            title: '优惠码',
            dataIndex: 'code',
            render: (code: string, promo) => (
              <Space direction="vertical" size={0}>
                <Typography.Text copyable>{code}</Typography.Text>
                {promo.user_id ? <HintText>学员 #{promo.user_id} 的邀请码</HintText> : null}
                {promo.remark ? <HintText>{promo.remark}</HintText> : null}
              </Space>
            ),
          },
          { title: '优惠', key: 'discount', render: (_, promo) => discountText(promo) },
          {
            title: '已用 / 总数',
            key: 'uses',
            render: (_, promo) =>
              `${promo.used_times} / ${promo.use_times || '不限'}（已支付 ${promo.paid_count}）`,
          },
          {
            title: '每人限用',
            dataIndex: 'per_user_limit',
            render: (limit: number) => (limit ? `${limit} 次` : '不限'),
          },
          { title: '有效期', key: 'window', render: (_, promo) => windowText(promo) },
          { title: '批次', dataIndex: 'batch', render: (value: string) => value || '—' },
          {
            title: '状态',
            dataIndex: 'is_enabled',
            render: (enabled: number) => (enabled ? <Tag color="#1f6f1a">启用中</Tag> : <Tag>已停用</Tag>),
          },
          {
            title: '操作',
            key: 'actions',
            render: (_, promo) => (
              <Space size={0}>
                <ActionLink onClick={() => setUsesOf(promo)}>使用记录</ActionLink>
                <EnableToggle
                  enabled={Boolean(promo.is_enabled)}
                  name={promo.code}
                  description="停用后下单不再使用此优惠码"
                  onChange={(enabled) => setEnabled(promo, enabled)}
                />
              </Space>
            ),
          },
        ]}
      />
      <FormModal<SingleForm>
        title="新建优惠码"
        open={creating === 'single'}
        initialValues={{ ...DEFAULT_RULES, code: '' }}
        onSubmit={createOne}
        done="已创建"
        onDone={codes.reload}
        onClose={() => setCreating(null)}
      >
        <Form.Item
          label="优惠码"
          name="code"
          rules={[
            { required: true, whitespace: true, message: '请输入优惠码' },
            { pattern: /^[A-Za-z0-9_-]{4,64}$/, message: '优惠码须为 4-64 位字母、数字、下划线或短横线' },
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <PromoRulesFields />
      </FormModal>
      <FormModal<BatchForm>
        title="批量生成优惠码"
        okText="生成"
        open={creating === 'batch'}
        initialValues={{ ...DEFAULT_RULES, prefix: '', count: 10, use_times: 1 }}
        onSubmit={createBatch}
        onDone={codes.reload}
        onClose={() => setCreating(null)}
      >
        <Flex gap={16}>
          <Form.Item
            label="前缀（可选）"
            name="prefix"
            rules={[{ pattern: /^[A-Za-z0-9]{0,16}$/, message: '前缀只能包含字母和数字，最多 16 位' }]}
          >
            <Input maxLength={16} />
          </Form.Item>
          <Form.Item label="生成数量" name="count" rules={[{ required: true, message: '请输入生成数量' }]}>
            <InputNumber min={1} max={1000} precision={0} />
          </Form.Item>
        </Flex>
        <Typography.Paragraph>
          <HintText>每个优惠码为前缀加 10 位随机字符（不含 0、O、1、I、L 等易混字符）。</HintText>
        </Typography.Paragraph>
        <PromoRulesFields />
      </FormModal>
      <Modal
        title={`已生成 ${generated?.codes.length ?? 0} 个优惠码`}
        open={generated !== null}
        onOk={() => setGenerated(null)}
        onCancel={() => setGenerated(null)}
        okText="完成"
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <Typography.Paragraph>
          批次 <Typography.Text copyable>{generated?.batch}</Typography.Text>
        </Typography.Paragraph>
        <Input.TextArea aria-label="生成的优惠码" readOnly rows={10} value={generated?.codes.join('\n')} />
      </Modal>
      {usesOf ? <PromoUsesDrawer key={usesOf.id} promo={usesOf} onClose={() => setUsesOf(null)} /> : null}
    </>
  );
}
