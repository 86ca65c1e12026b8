import { App, Button, DatePicker, Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { Link } from 'react-router-dom';
import type { AdminRefundListItem, AdminRefundListQuery } from '@kezhan/contract/admin/refunds';
import { useSession } from '@/shared/session';
import { usePagedList } from '@/shared/use-paged-list';
import { formatTime } from '@/shared/format';
import { PagedTable } from '@/shared/loaded-table';
import { PageHeader } from '@/shared/page-header';
import { FilterBar, SearchFilter, SelectFilter } from '@/shared/filter-bar';
import { ConfirmLink } from '@/shared/row-actions';
import {
  listRefunds,
  MUTED,
  REFUND_GATEWAY_OPTIONS,
  REFUND_STATUS,
  REFUND_STATUS_OPTIONS,
  refundExportUrl,
  resendRefund,
} from './api';

/**
 * Every refund across orders. A refund stuck in 处理中 (the gateway could not be reached, or its
 * notification never came) can be sent again: the gateway sees the same refund number, so the
 * member is never refunded twice.
 */
export default function RefundListPage() {
  const { can } = useSession();
  const { message } = App.useApp();
  const refunds = usePagedList(listRefunds);
  const { query, filter, reload } = refunds;

  const changeDates = (dates: [Dayjs | null, Dayjs | null] | null) =>
    filter({
      created_from: dates?.[0]?.format('YYYY-MM-DD'),
      created_to: dates?.[1]?.format('YYYY-MM-DD'),
    });

  const resend = async (refund: AdminRefundListItem) => {
    try {
      const answer = await resendRefund(refund.id);
      if (answer.status === 'succeeded') message.success(`退款 ${answer.out_refund_no} 已成功`);
      else if (answer.status === 'failed') message.error(`退款失败：${answer.failure_reason}`);
      else if (answer.failure_reason)
        message.warning(`支付渠道暂未确认：${answer.failure_reason}。可稍后再次发送，不会重复退款。`);
      else message.info('已重新发送，等待支付渠道确认');
    } catch (error) {
      if (error instanceof Error) message.error(error.message);
    }
    reload();
  };

  return (
    <>
      <PageHeader
        title="退款管理"
        extra={
          <Button href={refundExportUrl(query)} download>
            导出 CSV
          </Button>
        }
      />
      <FilterBar>
        <SearchFilter
          label="搜索退款"
          placeholder="订单号、退款单号或学员手机号"
          width={280}
          onSearch={(keyword) => filter({ keyword })}
        />
        <SelectFilter
          label="退款状态"
          placeholder="全部状态"
          width={120}
          options={REFUND_STATUS_OPTIONS}
          onChange={(status?: string) => filter({ status: status as AdminRefundListQuery['status'] })}
        />
        <SelectFilter
          label="退款渠道"
          placeholder="全部渠道"
          width={130}
          options={REFUND_GATEWAY_OPTIONS}
          onChange={(gateway?: string) => filter({ gateway: gateway as AdminRefundListQuery['gateway'] })}
        />
        <DatePicker.RangePicker
          aria-label="申请日期"
          placeholder={['开始日期', '结束日期']}
          onChange={(dates) => changeDates(dates)}
        />
      </FilterBar>
      <PagedTable<AdminRefundListItem>
        list={refunds}
        locale={{ emptyText: <span style={{ color: MUTED }}>暂无退款</span> }}
        scroll={{ x: 1300 }}
        showTotal={(total) => `共 ${total} 笔退款`}
        columns={[
          { title: '退款单号', dataIndex: 'out_refund_no', width: 230 },
          {
            title: '订单号',
            dataIndex: 'order_no',
            width: 210,
            render: (orderNo: string) => <Link to={`/orders/${orderNo}`}>{orderNo}</Link>,
          },
          {
            title: '学员',
            key: 'member',
            width: 150,
            render: (_, refund) => (
              <>
                <div>{refund.nick_name || `#${refund.user_id}`}</div>
                <span style={{ color: MUTED }}>{refund.mobile}</span>
              </>
            ),
          },
          {
            title: '退款金额',
            dataIndex: 'amount',
            width: 110,
            render: (amount: number, refund) => (
              <>
                ¥{amount}
                <div style={{ color: MUTED, fontSize: 12 }}>实付 ¥{refund.order_amount}</div>
              </>
            ),
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 150,
            render: (status: string, refund) => (
              <Space direction="vertical" size={0}>
                <Tag color={REFUND_STATUS[status]?.color}>{refund.status_text}</Tag>
                {refund.failure_reason && (
                  <span style={{ fontSize: 12, color: MUTED }}>{refund.failure_reason}</span>
                )}
              </Space>
            ),
          },
          { title: '渠道', dataIndex: 'gateway_name', width: 100 },
          { title: '操作人', dataIndex: 'operator_name', width: 130 },
          { title: '原因', dataIndex: 'reason', ellipsis: true },
          { title: '申请时间', dataIndex: 'created_at', width: 170, render: formatTime },
          { title: '完成时间', dataIndex: 'completed_at', width: 170, render: formatTime },
          {
            title: '操作',
            key: 'actions',
            width: 100,
            fixed: 'right',
            render: (_, refund) =>
              refund.status === 'processing' && can('order.refund') ? (
                <ConfirmLink
                  title={`重新发送退款 ${refund.out_refund_no}？`}
                  description="以同一退款单号再次请求支付渠道，渠道只会退款一次。"
                  okText="重新发送"
                  label={`重新发送退款 ${refund.out_refund_no}`}
                  onConfirm={() => resend(refund)}
                >
                  重新发送
                </ConfirmLink>
              ) : null,
          },
        ]}
      />
    </>
  );
}
