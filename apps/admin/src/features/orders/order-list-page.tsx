import { Button, DatePicker, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { Link } from 'react-router-dom';
import type { AdminOrder, AdminOrderListQuery } from '@kezhan/contract/admin/orders';
import { useSession } from '@/shared/session';
import { usePagedList } from '@/shared/use-paged-list';
import { formatTime } from '@/shared/format';
import { PagedTable } from '@/shared/loaded-table';
import { PageHeader } from '@/shared/page-header';
import { FilterBar, SearchFilter, SelectFilter } from '@/shared/filter-bar';
import {
  GOODS_TYPE_TEXT,
  listOrders,
  MUTED,
  orderExportUrl,
  ORDER_STATUS_COLOR,
  ORDER_STATUS_OPTIONS,
  PAYMENT_OPTIONS,
} from './api';

export default function OrderListPage() {
  const { can } = useSession();
  const orders = usePagedList(listOrders);
  const { query, filter } = orders;

  const changeDates = (dates: [Dayjs | null, Dayjs | null] | null) =>
    filter({
      created_from: dates?.[0]?.format('YYYY-MM-DD'),
      created_to: dates?.[1]?.format('YYYY-MM-DD'),
    });

  return (
    <>
      <PageHeader
        title="订单管理"
        extra={
          can('order.manage') && (
            <Button href={orderExportUrl(query)} download>
              导出 CSV
            </Button>
          )
        }
      />
      <FilterBar>
        <SearchFilter
          label="搜索订单"
          placeholder="订单号或学员手机号"
          width={260}
          onSearch={(keyword) => filter({ keyword })}
        />
        <SelectFilter
          label="订单状态"
          placeholder="全部状态"
          width={120}
          options={ORDER_STATUS_OPTIONS}
          onChange={(status?: number) => filter({ status: status as AdminOrderListQuery['status'] })}
        />
        <SelectFilter
          label="支付方式"
          placeholder="全部支付方式"
          width={150}
          options={PAYMENT_OPTIONS}
          onChange={(payment?: string) => filter({ payment })}
        />
        <SelectFilter
          label="商品类型"
          placeholder="全部商品"
          width={120}
          options={[
            { value: 'COURSE', label: '课程' },
            { value: 'ROLE', label: '会员' },
          ]}
          onChange={(goodsType?: string) => filter({ goods_type: goodsType })}
        />
        <DatePicker.RangePicker
          aria-label="下单日期"
          placeholder={['开始日期', '结束日期']}
          onChange={(dates) => changeDates(dates)}
        />
      </FilterBar>
      <PagedTable<AdminOrder>
        list={orders}
        locale={{ emptyText: <span style={{ color: MUTED }}>暂无订单</span> }}
        scroll={{ x: 1100 }}
        showTotal={(total) => `共 ${total} 个订单`}
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
    </>
  );
}
