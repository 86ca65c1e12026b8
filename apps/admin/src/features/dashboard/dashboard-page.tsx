import { lazy, Suspense, useState } from 'react';
import { Card, Col, Empty, Flex, Row, Segmented, Spin, Statistic, Table, Typography } from 'antd';
import type { AdminDashboard, DashboardRange } from '@kezhan/contract/admin/dashboard';
import { api } from '@/shared/http';
import { LoadError, PageLoading } from '@/shared/states';
import { useLoad } from '@/shared/use-load';

const RevenueChart = lazy(() => import('./revenue-chart'));

const RANGES: { label: string; value: DashboardRange }[] = [
  { label: '今日', value: 'today' },
  { label: '近7天', value: '7d' },
  { label: '近30天', value: '30d' },
];

/** antd's secondary grey is below 4.5:1 on a white card; this one is not. */
const MUTED = 'rgba(0, 0, 0, 0.65)';

const yuan = (value: number) => `￥${value.toLocaleString('zh-CN')}`;

/** 3725 → 1小时2分 */
function duration(seconds: number) {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return `${hours.toLocaleString('zh-CN')}小时${minutes}分`;
  return minutes > 0 ? `${minutes}分${seconds % 60}秒` : `${seconds}秒`;
}

function Figures({ data }: { data: AdminDashboard }) {
  const { totals } = data;
  const cards = [
    {
      title: '收入（元）',
      value: totals.revenue,
      note: `成交 ${yuan(totals.gross)}，已退款 ${yuan(totals.refunded)}`,
    },
    { title: '支付订单', value: totals.paid_orders, note: '含之后退款的订单' },
    { title: '新增学员', value: totals.new_members, note: '期间注册的学员' },
    { title: '活跃学员', value: totals.active_learners, note: '期间有观看记录的学员' },
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {cards.map((card) => (
        <Col key={card.title} xs={24} sm={12} xl={6}>
          <Card>
            <Statistic title={<span style={{ color: MUTED }}>{card.title}</span>} value={card.value} />
            <Typography.Text style={{ color: MUTED }}>{card.note}</Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function Rankings({ data }: { data: AdminDashboard }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title="课程销售排行">
          <Table
            rowKey="course_id"
            size="small"
            pagination={false}
            dataSource={data.top_courses_by_sales}
            locale={{
              emptyText: <Empty description={<span style={{ color: MUTED }}>期间没有售出课程</span>} />,
            }}
            columns={[
              { title: '排名', key: 'rank', width: 64, render: (_value, _row, index) => index + 1 },
              { title: '课程', dataIndex: 'title' },
              { title: '订单数', dataIndex: 'orders', align: 'right' },
              { title: '销售额', dataIndex: 'sales', align: 'right', render: (value: number) => yuan(value) },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title="课程学习排行">
          <Table
            rowKey="course_id"
            size="small"
            pagination={false}
            dataSource={data.top_courses_by_watch}
            locale={{
              emptyText: <Empty description={<span style={{ color: MUTED }}>期间没有观看记录</span>} />,
            }}
            columns={[
              { title: '排名', key: 'rank', width: 64, render: (_value, _row, index) => index + 1 },
              { title: '课程', dataIndex: 'title' },
              { title: '学员', dataIndex: 'learners', align: 'right' },
              {
                title: '观看时长',
                dataIndex: 'watch_seconds',
                align: 'right',
                render: (value: number) => duration(value),
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}

export default function DashboardPage() {
  const [range, setRange] = useState<DashboardRange>('today');
  const overview = useLoad(
    () => api<AdminDashboard>('GET', '/api/admin/dashboard', { query: { range } }),
    range,
  );
  const { data } = overview;
  const empty =
    data !== undefined &&
    data.totals.paid_orders === 0 &&
    data.totals.new_members === 0 &&
    data.totals.active_learners === 0;
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
          数据概览
        </Typography.Title>
        <Segmented
          aria-label="统计范围"
          options={RANGES}
          value={range}
          onChange={(value) => setRange(value)}
        />
      </Flex>
      {overview.error && <LoadError error={overview.error} onRetry={overview.reload} />}
      {!data && !overview.error && <PageLoading />}
      {data && (
        <Spin spinning={overview.loading}>
          <Figures data={data} />
          {empty ? (
            <Card>
              <Empty
                description={
                  <span style={{ color: MUTED }}>
                    所选时段还没有订单、注册和学习记录。学员下单、注册或观看课程后，这里会显示统计。
                  </span>
                }
              />
            </Card>
          ) : (
            <>
              <Card
                title={data.bucket === 'hour' ? '收入与支付订单（按小时）' : '收入与支付订单（按天）'}
                style={{ marginBottom: 16 }}
              >
                <Suspense fallback={<div style={{ height: 280 }} />}>
                  <RevenueChart series={data.series} />
                </Suspense>
              </Card>
              <Rankings data={data} />
            </>
          )}
          <Typography.Paragraph style={{ marginTop: 16, color: MUTED }}>
            按北京时间统计；收入为期间支付订单的金额减去这些订单已退款的金额。
          </Typography.Paragraph>
        </Spin>
      )}
    </>
  );
}
