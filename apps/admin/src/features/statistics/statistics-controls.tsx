import { useState, type ReactNode } from 'react';
import { Button, Card, DatePicker, Empty, Flex, Segmented, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { StatisticsBucket, StatisticsTable } from '@kezhan/contract/admin/statistics';
import { LoadError, PageLoading } from '@/shared/states';
import type { Loaded } from '@/shared/use-load';
import { exportUrl, type StatisticsQuery } from './api';

/** antd's secondary grey is below 4.5:1 on a white card; this one is not. */
export const MUTED = 'rgba(0, 0, 0, 0.65)';

const BUCKETS: { label: string; value: StatisticsBucket }[] = [
  { label: '按天', value: 'day' },
  { label: '按周', value: 'week' },
  { label: '按月', value: 'month' },
];

/** The range the pages open on: the last 30 Shanghai days, today included. */
export function useStatisticsQuery() {
  const [query, setQuery] = useState<StatisticsQuery>(() => ({
    from: dayjs().subtract(29, 'day').format('YYYY-MM-DD'),
    to: dayjs().format('YYYY-MM-DD'),
    bucket: 'day',
  }));
  return { query, setQuery, key: `${query.from}|${query.to}|${query.bucket}` };
}

/** 日期范围 (up to two years: the server refuses longer in Chinese) and, when asked, 按天/周/月. */
export function RangeBar({
  query,
  onChange,
  withBucket = true,
}: {
  query: StatisticsQuery;
  onChange: (query: StatisticsQuery) => void;
  withBucket?: boolean;
}) {
  const change = (dates: [Dayjs | null, Dayjs | null] | null) => {
    if (!dates?.[0] || !dates[1]) return;
    onChange({ ...query, from: dates[0].format('YYYY-MM-DD'), to: dates[1].format('YYYY-MM-DD') });
  };
  return (
    <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
      <DatePicker.RangePicker
        aria-label="统计日期范围"
        allowClear={false}
        placeholder={['开始日期', '结束日期']}
        value={[dayjs(query.from), dayjs(query.to)]}
        onChange={(dates) => change(dates)}
        presets={[
          { label: '近7天', value: [dayjs().subtract(6, 'day'), dayjs()] },
          { label: '近30天', value: [dayjs().subtract(29, 'day'), dayjs()] },
          { label: '近一年', value: [dayjs().subtract(364, 'day'), dayjs()] },
          { label: '近两年', value: [dayjs().subtract(729, 'day'), dayjs()] },
        ]}
      />
      {withBucket && (
        <Segmented
          aria-label="统计粒度"
          options={BUCKETS}
          value={query.bucket}
          onChange={(bucket) => onChange({ ...query, bucket })}
        />
      )}
    </Flex>
  );
}

export function ExportButton({
  table,
  query,
  courseId,
}: {
  table: StatisticsTable;
  query: StatisticsQuery;
  courseId?: number;
}) {
  return (
    <Button size="small" href={exportUrl(table, query, courseId)} download>
      导出 CSV
    </Button>
  );
}

/** The page's answer: loading, its error with 重试, or the content (greyed while a new range loads). */
export function Answer<T>({ loaded, children }: { loaded: Loaded<T>; children: (data: T) => ReactNode }) {
  if (loaded.error) return <LoadError error={loaded.error} onRetry={loaded.reload} />;
  if (!loaded.data) return <PageLoading />;
  return <Spin spinning={loaded.loading}>{children(loaded.data)}</Spin>;
}

export function EmptyCard({ text }: { text: string }) {
  return (
    <Card>
      <Empty description={<span style={{ color: MUTED }}>{text}</span>} />
    </Card>
  );
}

/** A number with a bar as long as its share of the column's largest (a chart without a chart library). */
export function BarCell({ value, max, text }: { value: number; max: number; text: string }) {
  const width = max > 0 ? Math.max(0, Math.round((value / max) * 100)) : 0;
  return (
    <Flex align="center" gap={8} justify="flex-end">
      <div aria-hidden style={{ width: 120, height: 8, background: '#f0f0f0', borderRadius: 4 }}>
        <div style={{ width: `${width}%`, height: 8, background: '#0b5cad', borderRadius: 4 }} />
      </div>
      <span style={{ minWidth: 88, textAlign: 'right' }}>{text}</span>
    </Flex>
  );
}

export const yuan = (value: number) => `￥${value.toLocaleString('zh-CN')}`;

/** 3725 → 1小时2分 */
export function duration(seconds: number) {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return `${hours.toLocaleString('zh-CN')}小时${minutes}分`;
  return minutes > 0 ? `${minutes}分${seconds % 60}秒` : `${seconds}秒`;
}

export const percentText = (value: number) => `${value}%`;

export const maxOf = <T,>(rows: T[], pick: (row: T) => number) => Math.max(0, ...rows.map(pick));
