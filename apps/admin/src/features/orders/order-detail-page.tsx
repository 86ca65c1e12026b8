import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { Link, useParams } from 'react-router-dom';
import { fenToYuanText, yuanFormatMessage, yuanToFen } from '@kezhan/contract/money';
import { ORDER_STATUS_TEXT, type OrderStatus } from '@kezhan/contract/order-status';
import { useSession } from '@/shared/session';
import { LoadError, PageLoading } from '@/shared/states';
import { useLoad } from '@/shared/use-load';
import { useAction } from '@/shared/use-action';
import { formatTime } from '@/shared/format';
import { isYuanAmount } from '@/shared/money-rule';
import {
  getOrder,
  GOODS_TYPE_TEXT,
  markPaid,
  MUTED,
  ORDER_STATUS_COLOR,
  refundOrder,
  REFUND_GATEWAY_TEXT,
  REFUND_STATUS,
  type OrderDetail,
} from './api';

const statusName = (status: number) => ORDER_STATUS_TEXT[status as OrderStatus] ?? String(status);

const EVENT_TEXT: Record<string, string> = {
  start: '发起支付',
  pay: '支付成功',
  cancel: '取消',
  refund: '全额退款',
};

const OUTCOME_TEXT: Record<string, string> = {
  started: '发起支付',
  paid: '支付成功',
  duplicate: '重复通知',
  rejected: '已拒绝',
  ignored: '已忽略',
};

function RefundDialog({
  detail,
  open,
  onClose,
  onDone,
}: {
  detail: OrderDetail;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const { order, refundable } = detail;
  const [amount, setAmount] = useState<number | null>(refundable);
  const [reason, setReason] = useState('');
  const [revoke, setRevoke] = useState(false);
  const [busy, setBusy] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState('');
  // One key per dialog: a double click or a retry never refunds twice.
  const [requestKey] = useState(() => crypto.randomUUID());
  // Compared in fen: 9.7 + 10.2 is not 19.9 in floating point.
  const full =
    amount !== null &&
    yuanToFen(order.refunded_amount) + yuanToFen(amount) === yuanToFen(order.amount) &&
    amount === refundable;
  // A third decimal is refused here in the server's words, before anything is sent.
  const amountError = isYuanAmount(amount) ? undefined : yuanFormatMessage('退款金额');
  const ready = Boolean(amount) && !amountError && Boolean(reason.trim());

  const submit = async () => {
    setBusy(true);
    try {
      const refund = await refundOrder(order.order_id, {
        amount: amount ?? '',
        reason,
        revoke: full || revoke,
        request_key: requestKey,
      });
      if (refund.status === 'processing' && refund.failure_reason) {
        // Outcome unknown (gateway unreachable): the dialog stays, and submitting again sends the
        // same request key, which the server turns into the same refund number.
        setUnconfirmed(refund.failure_reason);
        return;
      }
      if (refund.status === 'succeeded') message.success('退款成功');
      else if (refund.status === 'processing') message.info('退款已提交，等待支付渠道确认');
      else message.error(`退款失败：${refund.failure_reason}`);
      onDone();
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={`退款：订单 ${order.order_id}`}
      open={open}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Popconfirm
          key="ok"
          title={`确认退款 ¥${amount ?? 0}？`}
          description={`款项将原路退回（${order.payment_name || '线下'}），提交后不能撤回。`}
          okText="确认退款"
          cancelText="再想想"
          onConfirm={submit}
          disabled={!ready}
        >
          <Button type="primary" danger loading={busy} disabled={!ready}>
            提交退款
          </Button>
        </Popconfirm>,
      ]}
    >
      {unconfirmed && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="支付渠道暂未确认这笔退款"
          description={`${unconfirmed}。可稍后再次提交，同一笔退款不会重复退给学员。`}
        />
      )}
      <Form layout="vertical">
        <Form.Item
          label={`退款金额（元，最多 ${refundable} 元）`}
          htmlFor="refund-amount"
          validateStatus={amountError ? 'error' : undefined}
          help={amountError}
        >
          <InputNumber
            id="refund-amount"
            min={0.01}
            max={refundable}
            disabled={Boolean(unconfirmed)}
            value={amount}
            onChange={(value) => setAmount(value)}
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item label="退款原因" htmlFor="refund-reason">
          <Input.TextArea
            id="refund-reason"
            maxLength={200}
            rows={3}
            disabled={Boolean(unconfirmed)}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </Form.Item>
        <Checkbox
          checked={full || revoke}
          disabled={full || Boolean(unconfirmed)}
          onChange={(event) => setRevoke(event.target.checked)}
        >
          收回课程或会员权益{full ? '（全额退款必定收回）' : ''}
        </Checkbox>
      </Form>
    </Modal>
  );
}

function MarkPaidButton({ orderNo, onDone }: { orderNo: string; onDone: () => void }) {
  const { run } = useAction(onDone);
  const [reference, setReference] = useState('');
  const confirm = () => run(() => markPaid(orderNo, reference), '已确认收款');
  return (
    <Popconfirm
      title="确认已收到这笔手动打款？"
      description={
        <Input
          aria-label="转账流水号"
          placeholder="转账流水号（选填）"
          maxLength={128}
          value={reference}
          onChange={(event) => setReference(event.target.value)}
        />
      }
      okText="确认收款"
      cancelText="取消"
      onConfirm={confirm}
    >
      <Button type="primary">确认收款</Button>
    </Popconfirm>
  );
}

export default function OrderDetailPage() {
  const { orderNo = '' } = useParams();
  const { can } = useSession();
  const detail = useLoad(() => getOrder(orderNo), orderNo);
  const [refunding, setRefunding] = useState(false);

  if (detail.error) return <LoadError error={detail.error} onRetry={detail.reload} />;
  if (!detail.data) return <PageLoading />;
  const { order, goods, payments, history, refunds, refundable } = detail.data;
  const processing = refunds.some((refund) => refund.status === 'processing');

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Flex justify="space-between" align="center">
        <Space size="middle" align="baseline">
          <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
            订单 {order.order_id}
          </Typography.Title>
          <Link to="/orders">返回订单列表</Link>
        </Space>
        <Space>
          {detail.data.can_mark_paid && can('order.manage') && (
            <MarkPaidButton orderNo={order.order_id} onDone={detail.reload} />
          )}
          {refundable > 0 && can('order.refund') && (
            <Button danger onClick={() => setRefunding(true)}>
              退款
            </Button>
          )}
        </Space>
      </Flex>
      {processing && <Alert type="info" showIcon message="有退款正在处理中，支付渠道确认后会自动完成。" />}
      <Card title="订单信息">
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} styles={{ label: { color: MUTED } }}>
          <Descriptions.Item label="订单号">{order.order_id}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <Tag color={ORDER_STATUS_COLOR[order.status]}>{order.status_text}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="学员">
            {order.nick_name || `#${order.user_id}`} {order.mobile}
          </Descriptions.Item>
          <Descriptions.Item label="原价">¥{order.charge}</Descriptions.Item>
          <Descriptions.Item label="优惠">¥{order.discount}</Descriptions.Item>
          <Descriptions.Item label="实付">¥{order.amount}</Descriptions.Item>
          <Descriptions.Item label="已退款">¥{order.refunded_amount}</Descriptions.Item>
          <Descriptions.Item label="可退金额">¥{refundable}</Descriptions.Item>
          <Descriptions.Item label="支付方式">{order.payment_name || '—'}</Descriptions.Item>
          <Descriptions.Item label="支付渠道交易号">{order.trade_no || '—'}</Descriptions.Item>
          <Descriptions.Item label="下单时间">{formatTime(order.created_at)}</Descriptions.Item>
          <Descriptions.Item label="支付时间">{formatTime(order.paid_at)}</Descriptions.Item>
          {order.cancelled_at && (
            <Descriptions.Item label="取消">
              {formatTime(order.cancelled_at)} {order.cancel_reason}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Card title="商品">
        <Table
          rowKey={(item) => `${item.goods_type}-${item.goods_id}`}
          pagination={false}
          dataSource={goods}
          columns={[
            {
              title: '类型',
              dataIndex: 'goods_type',
              width: 80,
              render: (type: string) => GOODS_TYPE_TEXT[type] ?? type,
            },
            { title: '商品', dataIndex: 'goods_name' },
            { title: '价格', dataIndex: 'goods_charge', width: 100, render: (value: number) => `¥${value}` },
            { title: '数量', dataIndex: 'num', width: 80 },
            {
              title: '有效期',
              dataIndex: 'expire_days',
              width: 100,
              render: (days: number, item) => (item.goods_type === 'ROLE' ? `${days} 天` : '永久'),
            },
          ]}
        />
      </Card>
      <Card title="退款记录">
        <Table
          rowKey="id"
          pagination={false}
          dataSource={refunds}
          locale={{ emptyText: <span style={{ color: MUTED }}>暂无退款</span> }}
          columns={[
            { title: '退款单号', dataIndex: 'out_refund_no', width: 230 },
            { title: '金额', dataIndex: 'amount', width: 90, render: (value: number) => `¥${value}` },
            {
              title: '状态',
              dataIndex: 'status',
              width: 100,
              render: (status: string, refund) => (
                <Space direction="vertical" size={0}>
                  <Tag color={REFUND_STATUS[status]?.color}>{REFUND_STATUS[status]?.text ?? status}</Tag>
                  {refund.failure_reason && (
                    <span style={{ fontSize: 12, color: MUTED }}>{refund.failure_reason}</span>
                  )}
                </Space>
              ),
            },
            {
              title: '渠道',
              dataIndex: 'gateway',
              width: 100,
              render: (gateway: string) => REFUND_GATEWAY_TEXT[gateway] ?? gateway,
            },
            { title: '渠道退款号', dataIndex: 'gateway_refund_no', render: (value: string) => value || '—' },
            { title: '原因', dataIndex: 'reason' },
            {
              title: '收回权益',
              dataIndex: 'revoked_goods',
              width: 90,
              render: (value: number) => (value ? '是' : '否'),
            },
            { title: '操作人', dataIndex: 'administrator', width: 120 },
            { title: '申请时间', dataIndex: 'created_at', width: 170, render: formatTime },
            { title: '完成时间', dataIndex: 'completed_at', width: 170, render: formatTime },
          ]}
        />
      </Card>
      <Card title="状态变更">
        <Table
          rowKey={(step) => `${step.created_at}-${step.event}-${step.to_status}`}
          pagination={false}
          dataSource={history}
          locale={{ emptyText: <span style={{ color: MUTED }}>暂无记录</span> }}
          columns={[
            { title: '时间', dataIndex: 'created_at', width: 170, render: formatTime },
            {
              title: '事件',
              dataIndex: 'event',
              width: 100,
              render: (event: string) => EVENT_TEXT[event] ?? event,
            },
            {
              title: '状态',
              key: 'status',
              width: 180,
              render: (_, step) => `${statusName(step.from_status)} → ${statusName(step.to_status)}`,
            },
            { title: '操作方', dataIndex: 'actor', width: 160 },
            { title: '备注', dataIndex: 'note' },
          ]}
        />
      </Card>
      <Card title="支付记录">
        <Table
          rowKey="id"
          pagination={false}
          dataSource={payments}
          locale={{ emptyText: <span style={{ color: MUTED }}>暂无记录</span> }}
          columns={[
            { title: '时间', dataIndex: 'created_at', width: 170, render: formatTime },
            { title: '渠道', dataIndex: 'gateway', width: 110 },
            {
              title: '结果',
              dataIndex: 'outcome',
              width: 100,
              render: (outcome: string) => OUTCOME_TEXT[outcome] ?? outcome,
            },
            { title: '渠道交易号', dataIndex: 'trade_no', render: (value: string) => value || '—' },
            {
              title: '金额',
              dataIndex: 'amount_cents',
              width: 100,
              render: (cents: number | null) => (cents === null ? '—' : `¥${fenToYuanText(cents)}`),
            },
            { title: '说明', dataIndex: 'reason' },
          ]}
        />
      </Card>
      {refunding && (
        <RefundDialog
          detail={detail.data}
          open={refunding}
          onClose={() => setRefunding(false)}
          onDone={() => {
            setRefunding(false);
            detail.reload();
          }}
        />
      )}
    </Space>
  );
}
