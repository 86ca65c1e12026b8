import { useState } from 'react';
import { Button, DatePicker, Flex, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { Link } from 'react-router-dom';
import type { AdminOrder, AdminOrderListQuery } from '@kezhan/contract/admin/orders';
import { useSession } from '@/shared/session';
import { LoadError } from '@/shared/states';
import { useLoad } from '@/shared/use-load';
import {
  exportUrl,
  formatTime,
  GOODS_TYPE_TEXT,
  listOrders,
  MUTED,
  ORDER_STATUS_COLOR,
  ORDER_STATUS_OPTIONS,
  PAYMENT_OPTIONS,
} from './api';

export default function OrderListPage() {
  const { can } = useSession();
  const [query, setQuery] = useState<AdminOrderListQuery>({ page: 1, page_size: 20 });
  const orders = useLoad(() => listOrders(query), JSON.stringify(query));
  const change = (patch: Partial<AdminOrderListQuery>) =>
    setQuery((current) => ({ ...current, page: 1, ...patch }));

  const changeDates = (dates: [Dayjs | null, Dayjs | null] | null) =>
    change({
      created_from: dates?.[0]?.format('YYYY-MM-DD'),
      created_to: dates?.[1]?.format('YYYY-MM-DD'),
    });

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
          订单管理
        </Typography.Title>
        {can('order.manage') && (
          <Button href={exportUrl(query)} download>
            导出 CSV
          </Button>
        )}
      </Flex>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="订单号或学员手机号"
          aria-label="搜索订单"
          allowClear
          onSearch={(keyword) => change({ keyword })}
          style={{ width: 260 }}
        />
        <Select
          aria-label="订单状态"
          placeholder="全部状态"
          allowClear
          style={{ width: 120 }}
          options={ORDER_STATUS_OPTIONS}
          onChange={(status?: number) => change({ status: status as AdminOrderListQuery['status'] })}
        />
        <Select
          aria-label="支付方式"
          placeholder="全部支付方式"
          allowClear
          style={{ width: 150 }}
          options={PAYMENT_OPTIONS}
          onChange={(payment?: string) => change({ payment })}
        />
        <Select
          aria-label="商品类型"
          placeholder="全部商品"
          allowClear
          style={{ width: 120 }}
          options={[
            { value: 'COURSE', label: '课程' },
            { value: 'ROLE', label: '会员' },
          ]}
          onChange={(goodsType?: string) => change({ goods_type: goodsType })}
        />
        <DatePicker.RangePicker
          aria-label="下单日期"
          placeholder={['开始日期', '结束日期']}
          onChange={(dates) => changeDates(dates)}
        />
      </Space>
      {orders.error ? (
        <LoadError error={orders.error} onRetry={orders.reload} />
      ) : (
        <Table<AdminOrder>
          rowKey="id"
          loading={orders.loading}
          dataSource={orders.data?.data}
          locale={{ emptyText: <span style={{ color: MUTED }}>暂无订单</span> }}
          scroll={{ x: 1100 }}
          pagination={{
            current: Number(query.page),
            pageSize: Number(query.page_size),
            total: orders.data?.total ?? 0,
            showTotal: (total) => `共 ${total} 个订单`,
            onChange: (page, pageSize) => setQuery((current) => ({ ...current, page, page_size: pageSize })),
          }}
          columns={[
            {
              title: '订单号',
              dataIndex: 'order_id',
              width: 210,
              render: (orderNo: string) => <Link to={`/orders/${orderNo}`}>{orderNo}</Link>,
            },
            {
              title: '学员',
              key: 'member',
              width: 160,
              render: (_, order) => (
                <>
                  <div>{order.nick_name || `#${order.user_id}`}</div>
                  <span style={{ color: MUTED }}>{order.mobile}</span>
                </>
              ),
            },
            {
              title: '商品',
              key: 'goods',
              render: (_, order) => (
                <>
                  <Tag>{GOODS_TYPE_TEXT[order.goods_type] ?? order.goods_type}</Tag>
                  {order.goods_name}
                </>
              ),
            },
            {
              title: '实付',
              dataIndex: 'amount',
              width: 110,
              render: (amount: number, order) =>
                order.refunded_amount > 0 ? (
                  <>
                    ¥{amount}
                    <div>
                      <span style={{ color: '#8a4b00' }}>已退 ¥{order.refunded_amount}</span>
                    </div>
                  </>
                ) : (
                  `¥${amount}`
                ),
            },
            {
              title: '支付方式',
              dataIndex: 'payment_name',
              width: 120,
              render: (name: string) => name || '—',
            },
            {
              title: '状态',
              dataIndex: 'status_text',
              width: 90,
              render: (text: string, order) => <Tag color={ORDER_STATUS_COLOR[order.status]}>{text}</Tag>,
            },
            { title: '下单时间', dataIndex: 'created_at', width: 170, render: formatTime },
            {
              title: '操作',
              key: 'actions',
              width: 80,
              render: (_, order) => <Link to={`/orders/${order.order_id}`}>详情</Link>,
            },
          ]}
        />
      )}
    </>
  );
}
