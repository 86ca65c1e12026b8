import { Card, Col, Row, Statistic, Table, Typography } from 'antd';
import type { MemberStatistics } from '@kezhan/contract/admin/statistics';
import { PageHeader } from '@/shared/page-header';
import { useLoad } from '@/shared/use-load';
import { getMembers, type StatisticsQuery } from './api';
import {
  Answer,
  BarCell,
  EmptyCard,
  ExportButton,
  maxOf,
  MUTED,
  RangeBar,
  useStatisticsQuery,
} from './statistics-controls';

type Point = MemberStatistics['series'][number];
type Cohort = MemberStatistics['retention']['cohorts'][number];

const countColumn = (title: string, key: keyof Point, rows: Point[]) => ({
  title,
  dataIndex: key,
  align: 'right' as const,
  render: (value: number) => (
    <BarCell
      value={value}
      max={maxOf(rows, (row) => Number(row[key]))}
      text={value.toLocaleString('zh-CN')}
    />
  ),
});

function Retention({ data, query }: { data: MemberStatistics; query: StatisticsQuery }) {
  const { cohorts, cohort_bucket: bucket } = data.retention;
  const unit = bucket === 'month' ? '月' : '周';
  const longest = maxOf(cohorts, (cohort) => cohort.retained.length);
  const columns = [
    { title: `注册${unit}`, dataIndex: 'cohort' },
    { title: '注册学员', dataIndex: 'members', align: 'right' as const },
    ...Array.from({ length: longest }, (_value, k) => ({
      title: k === 0 ? `当${unit}` : `第${k}${unit}`,
      key: `k${k}`,
      align: 'right' as const,
      render: (_value: unknown, cohort: Cohort) => {
        const retained = cohort.retained[k];
        if (retained === undefined) return '';
        const share = cohort.members > 0 ? Math.round((retained / cohort.members) * 1000) / 10 : 0;
        return (
          <span
            title={`${retained} 人`}
            style={{ background: `rgba(11, 92, 173, ${share / 200})`, padding: '2px 6px' }}
          >
            {share}%
          </span>
        );
      },
    })),
  ];
  return (
    <Card
      title="留存（按注册时段分组，期间有学习记录的比例）"
      extra={<ExportButton table="retention" query={query} />}
    >
      {cohorts.length === 0 ? (
        <Typography.Text style={{ color: MUTED }}>所选时段没有新注册的学员。</Typography.Text>
      ) : (
        <Table
          rowKey="cohort"
          size="small"
          pagination={false}
          scroll={{ x: true }}
          dataSource={cohorts}
          columns={columns}
        />
      )}
    </Card>
  );
}

/** 学员统计: new, active and paying members per period, and retention by cohort. */
export default function MembersPage() {
  const { query, setQuery, key } = useStatisticsQuery();
  const loaded = useLoad(() => getMembers(query), key);
  return (
    <>
      <PageHeader title="学员统计" />
      <RangeBar query={query} onChange={setQuery} />
      <Answer loaded={loaded}>
        {(data) => {
          const { totals } = data;
          const empty =
            totals.new_members === 0 && totals.active_members === 0 && totals.paying_members === 0;
          const cards = [
            { title: '新增学员', value: totals.new_members, note: '期间注册的学员' },
            { title: '活跃学员', value: totals.active_members, note: '期间有学习记录的学员' },
            { title: '付费学员', value: totals.paying_members, note: '期间有支付订单的学员' },
          ];
          return (
            <>
              <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
                {cards.map((card) => (
                  <Col key={card.title} xs={24} sm={8}>
                    <Card>
                      <Statistic
                        title={<span style={{ color: MUTED }}>{card.title}</span>}
                        value={card.value}
                      />
                      <Typography.Text style={{ color: MUTED }}>{card.note}</Typography.Text>
                    </Card>
                  </Col>
                ))}
              </Row>
              {empty ? (
                <EmptyCard text="所选时段没有注册、学习或付费的学员。" />
              ) : (
                <>
                  <Card
                    title="学员走势"
                    extra={<ExportButton table="members" query={query} />}
                    style={{ marginBottom: 16 }}
                  >
                    <Table
                      rowKey="period"
                      size="small"
                      pagination={{ pageSize: 31, hideOnSinglePage: true, showSizeChanger: false }}
                      dataSource={data.series}
                      columns={[
                        { title: '时段', dataIndex: 'period' },
                        countColumn('新增学员', 'new_members', data.series),
                        countColumn('活跃学员', 'active_members', data.series),
                        countColumn('付费学员', 'paying_members', data.series),
                      ]}
                    />
                  </Card>
                  <Retention data={data} query={query} />
                </>
              )}
            </>
          );
        }}
      </Answer>
    </>
  );
}
