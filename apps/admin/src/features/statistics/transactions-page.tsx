import { Card, Col, Row, Statistic, Table, Typography } from 'antd';
import type { TransactionStatistics } from '@kezhan/contract/admin/statistics';
import { PageHeader } from '@/shared/page-header';
import { useLoad } from '@/shared/use-load';
import { getTransactions } from './api';
import {
  Answer,
  BarCell,
  EmptyCard,
  ExportButton,
  maxOf,
  MUTED,
  RangeBar,
  useStatisticsQuery,
  yuan,
} from './statistics-controls';

type MoneyRow = { orders: number; gross: number; refunded: number; revenue: number };

const moneyColumns = (rows: MoneyRow[]) => [
  { title: '支付订单', dataIndex: 'orders', align: 'right' as const },
  { title: '成交', dataIndex: 'gross', align: 'right' as const, render: (value: number) => yuan(value) },
  { title: '已退款', dataIndex: 'refunded', align: 'right' as const, render: (value: number) => yuan(value) },
  {
    title: '收入',
    dataIndex: 'revenue',
    align: 'right' as const,
    render: (value: number) => (
      <BarCell value={value} max={maxOf(rows, (row) => row.revenue)} text={yuan(value)} />
    ),
  },
];

function Figures({ data }: { data: TransactionStatistics }) {
  const cards = [
    { title: '收入（元）', value: data.totals.revenue },
    { title: '成交（元）', value: data.totals.gross },
    { title: '已退款（元）', value: data.totals.refunded },
    { title: '支付订单', value: data.totals.orders },
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {cards.map((card) => (
        <Col key={card.title} xs={24} sm={12} xl={6}>
          <Card>
            <Statistic title={<span style={{ color: MUTED }}>{card.title}</span>} value={card.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** 交易统计: revenue net of refunds per period, by gateway and by goods type. */
export default function TransactionsPage() {
  const { query, setQuery, key } = useStatisticsQuery();
  const loaded = useLoad(() => getTransactions(query), key);
  return (
    <>
      <PageHeader title="交易统计" />
      <RangeBar query={query} onChange={setQuery} />
      <Answer loaded={loaded}>
        {(data) => (
          <>
            <Figures data={data} />
            {data.totals.orders === 0 ? (
              <EmptyCard text="所选时段没有支付订单。" />
            ) : (
              <>
                <Card
                  title="收入走势"
                  extra={<ExportButton table="revenue" query={query} />}
                  style={{ marginBottom: 16 }}
                >
                  <Table
                    rowKey="period"
                    size="small"
                    pagination={{ pageSize: 31, hideOnSinglePage: true, showSizeChanger: false }}
                    dataSource={data.series}
                    columns={[{ title: '时段', dataIndex: 'period' }, ...moneyColumns(data.series)]}
                  />
                </Card>
                <Row gutter={[16, 16]}>
                  <Col xs={24} xl={12}>
                    <Card title="按支付方式" extra={<ExportButton table="gateways" query={query} />}>
                      <Table
                        rowKey="payment"
                        size="small"
                        pagination={false}
                        dataSource={data.by_gateway}
                        columns={[{ title: '支付方式', dataIndex: 'name' }, ...moneyColumns(data.by_gateway)]}
                      />
                    </Card>
                  </Col>
                  <Col xs={24} xl={12}>
                    <Card title="按商品类型" extra={<ExportButton table="goods_types" query={query} />}>
                      <Table
                        rowKey="goods_type"
                        size="small"
                        pagination={false}
                        dataSource={data.by_goods_type}
                        columns={[
                          { title: '商品类型', dataIndex: 'name' },
                          ...moneyColumns(data.by_goods_type),
                        ]}
                      />
                    </Card>
                  </Col>
                </Row>
              </>
            )}
            <Typography.Paragraph style={{ marginTop: 16, color: MUTED }}>
              按北京时间统计；收入为期间支付订单的金额减去这些订单已退款的金额。周从周一开始。
            </Typography.Paragraph>
          </>
        )}
      </Answer>
    </>
  );
}
