import { useState } from 'react';
import { Button, Card, Table, Typography } from 'antd';
import type { ContentStatistics, LessonStatistics } from '@kezhan/contract/admin/statistics';
import { PageHeader } from '@/shared/page-header';
import { useLoad } from '@/shared/use-load';
import { getContent, getLessons, type StatisticsQuery } from './api';
import {
  Answer,
  BarCell,
  duration,
  EmptyCard,
  ExportButton,
  maxOf,
  MUTED,
  percentText,
  RangeBar,
  useStatisticsQuery,
  yuan,
} from './statistics-controls';

type Figures = ContentStatistics['courses'][number] | LessonStatistics['lessons'][number];

const figureColumns = (rows: Figures[]) => [
  { title: '支付订单', dataIndex: 'orders', align: 'right' as const },
  {
    title: '收入',
    dataIndex: 'revenue',
    align: 'right' as const,
    render: (value: number) => (
      <BarCell value={value} max={maxOf(rows, (row) => row.revenue)} text={yuan(value)} />
    ),
  },
  {
    title: '观看时长',
    dataIndex: 'watch_seconds',
    align: 'right' as const,
    render: (value: number) => (
      <BarCell value={value} max={maxOf(rows, (row) => row.watch_seconds)} text={duration(value)} />
    ),
  },
  { title: '开始学习', dataIndex: 'started', align: 'right' as const },
  { title: '学完', dataIndex: 'completed', align: 'right' as const },
  { title: '完成率', dataIndex: 'completion_percent', align: 'right' as const, render: percentText },
];

function Lessons({ query, courseId }: { query: StatisticsQuery; courseId: number }) {
  const loaded = useLoad(() => getLessons(query, courseId), `${query.from}|${query.to}|${courseId}`);
  return (
    <Answer loaded={loaded}>
      {(data) => (
        <Card
          title={`课时：${data.title}`}
          extra={<ExportButton table="lessons" query={query} courseId={courseId} />}
          style={{ marginTop: 16 }}
        >
          <Table
            rowKey="video_id"
            size="small"
            pagination={false}
            dataSource={data.lessons}
            locale={{ emptyText: '这门课程还没有视频。' }}
            columns={[
              { title: '序号', key: 'index', width: 64, render: (_value, _row, index) => index + 1 },
              { title: '视频', dataIndex: 'title' },
              ...figureColumns(data.lessons),
              { title: '到达率', dataIndex: 'reach_percent', align: 'right' as const, render: percentText },
              {
                title: '流失率',
                dataIndex: 'drop_off_percent',
                align: 'right' as const,
                render: percentText,
              },
            ]}
          />
          <Typography.Paragraph style={{ marginTop: 12, color: MUTED }}>
            到达率：开始学习该课时的人次占第一课时的比例；流失率：上一课时开始学习的人次中没有继续到该课时的比例。
          </Typography.Paragraph>
        </Card>
      )}
    </Answer>
  );
}

/** 内容统计: sales, watch time and completion per course; a course's lessons with their drop-off. */
export default function ContentPage() {
  const { query, setQuery, key } = useStatisticsQuery();
  const loaded = useLoad(() => getContent(query), key);
  const [courseId, setCourseId] = useState<number>();
  return (
    <>
      <PageHeader title="内容统计" />
      <RangeBar query={query} onChange={setQuery} withBucket={false} />
      <Answer loaded={loaded}>
        {(data) =>
          data.courses.length === 0 ? (
            <EmptyCard text="所选时段没有课程销售和学习记录。" />
          ) : (
            <Card title="课程" extra={<ExportButton table="courses" query={query} />}>
              <Table
                rowKey="course_id"
                size="small"
                pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
                dataSource={data.courses}
                columns={[
                  { title: '课程', dataIndex: 'title' },
                  ...figureColumns(data.courses),
                  {
                    title: '操作',
                    key: 'lessons',
                    render: (_value, row) => (
                      <Button type="link" size="small" onClick={() => setCourseId(row.course_id)}>
                        查看课时
                      </Button>
                    ),
                  },
                ]}
              />
            </Card>
          )
        }
      </Answer>
      {courseId !== undefined && <Lessons query={query} courseId={courseId} />}
      <Typography.Paragraph style={{ marginTop: 16, color: MUTED }}>
        按北京时间统计；收入已减去退款；观看时长为期间学习进度前进的秒数；完成率为学完的课时人次占开始学习人次的比例。
      </Typography.Paragraph>
    </>
  );
}
