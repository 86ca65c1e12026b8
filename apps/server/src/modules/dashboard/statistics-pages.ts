import type {
  ContentStatistics,
  LessonStatistics,
  MemberStatistics,
  StatisticsBucket,
  StatisticsExportQuery,
  TransactionStatistics,
} from '@kezhan/contract/admin/statistics';
import type { Db } from '../../shared/db/database';
import { BusinessError } from '../../shared/http/errors';
import { fenToYuan } from '../../shared/money';
import { csvCell } from '../orders/admin-orders';
import { paymentText } from '../orders/payment-names';
import {
  courseWatch,
  goodsSales,
  lessonWatch,
  membersByPeriod,
  memberTotals,
  periodsOf,
  retentionByCohort,
  salesByGateway,
  salesByGoodsType,
  salesByPeriod,
  salesTotals,
  type SalesFigures,
  type StatsRange,
  type WatchFigures,
} from './statistics';

/** The statistics pages' answers (yuan on the wire) and their CSV tables, over the query layer. */

const GOODS_TYPE_TEXT: Record<string, string> = { COURSE: '课程', ROLE: '会员', VIDEO: '单节视频' };
const DELETED_COURSE = '（已删除的课程）';
const DELETED_LESSON = '（已删除的视频）';

const echo = (range: StatsRange) => ({
  from: range.first,
  to: range.last,
  time_zone: 'Asia/Shanghai' as const,
});

const money = (figures: SalesFigures) => ({
  orders: figures.orders,
  gross: fenToYuan(figures.paid),
  refunded: fenToYuan(figures.refunded),
  revenue: fenToYuan(figures.paid - figures.refunded),
});
const NO_SALES: SalesFigures = { orders: 0, paid: 0, refunded: 0 };
const NO_WATCH: WatchFigures = { seconds: 0, started: 0, completed: 0 };

const WEEKLY_COHORTS_UP_TO_DAYS = 92;
const rangeDays = (range: StatsRange) =>
  (Date.parse(`${range.last}T00:00:00Z`) - Date.parse(`${range.first}T00:00:00Z`)) / 86_400_000 + 1;

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

const learning = (figures: WatchFigures) => ({
  watch_seconds: figures.seconds,
  started: figures.started,
  completed: figures.completed,
  completion_percent: percent(figures.completed, figures.started),
});

export async function transactionStatistics(
  db: Db,
  range: StatsRange,
  bucket: StatisticsBucket,
): Promise<TransactionStatistics> {
  const [periods, totals, gateways, goodsTypes] = await Promise.all([
    salesByPeriod(db, range, bucket),
    salesTotals(db, range),
    salesByGateway(db, range),
    salesByGoodsType(db, range),
  ]);
  const byPeriod = new Map(periods.map((row) => [row.period, row]));
  return {
    ...echo(range),
    bucket,
    totals: money(totals),
    series: periodsOf(range, bucket).map((period) => ({
      period,
      ...money(byPeriod.get(period) ?? NO_SALES),
    })),
    by_gateway: gateways.map((row) => ({
      payment: row.payment,
      name: paymentText(row.payment) || row.payment || '未知',
      ...money(row),
    })),
    by_goods_type: goodsTypes.map((row) => ({
      goods_type: row.goods_type,
      name: GOODS_TYPE_TEXT[row.goods_type] ?? row.goods_type,
      ...money(row),
    })),
  };
}

export async function memberStatistics(
  db: Db,
  range: StatsRange,
  bucket: StatisticsBucket,
): Promise<MemberStatistics> {
  // Weekly cohorts of a long range would be a hundred rows of a hundred cells: months then.
  const cohortBucket = bucket === 'month' || rangeDays(range) > WEEKLY_COHORTS_UP_TO_DAYS ? 'month' : 'week';
  const [byPeriod, totals, cohorts] = await Promise.all([
    membersByPeriod(db, range, bucket),
    memberTotals(db, range),
    retentionByCohort(db, range, cohortBucket),
  ]);
  const figures = (row: { joined: number; active: number; paying: number } | undefined) => ({
    new_members: row?.joined ?? 0,
    active_members: row?.active ?? 0,
    paying_members: row?.paying ?? 0,
  });
  return {
    ...echo(range),
    bucket,
    totals: figures(totals),
    series: periodsOf(range, bucket).map((period) => ({ period, ...figures(byPeriod.get(period)) })),
    retention: { cohort_bucket: cohortBucket, cohorts },
  };
}

export async function contentStatistics(db: Db, range: StatsRange): Promise<ContentStatistics> {
  const [sales, watch] = await Promise.all([goodsSales(db, range, 'COURSE'), courseWatch(db, range)]);
  const ids = [...new Set([...sales.map((row) => row.goods_id), ...watch.map((row) => row.course_id)])];
  const titles = new Map(
    ids.length === 0
      ? []
      : (await db.selectFrom('courses').select(['id', 'title']).where('id', 'in', ids).execute()).map(
          (row) => [row.id, row.title] as const,
        ),
  );
  const salesOf = new Map(sales.map((row) => [row.goods_id, row]));
  const watchOf = new Map(watch.map((row) => [row.course_id, row]));
  const courses = ids.map((id) => ({
    course_id: id,
    title: titles.get(id) ?? DELETED_COURSE,
    ...money(salesOf.get(id) ?? NO_SALES),
    ...learning(watchOf.get(id) ?? NO_WATCH),
  }));
  courses.sort(
    (a, b) => b.revenue - a.revenue || b.watch_seconds - a.watch_seconds || a.course_id - b.course_id,
  );
  return { ...echo(range), courses };
}

export async function lessonStatistics(
  db: Db,
  range: StatsRange,
  courseId: number,
): Promise<LessonStatistics> {
  const course = await db
    .selectFrom('courses')
    .select(['id', 'title'])
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!course) throw new BusinessError('课程不存在');
  const videos = await db
    .selectFrom('videos')
    .select(['id', 'title'])
    .where('course_id', '=', courseId)
    .orderBy('published_at')
    .orderBy('id')
    .execute();
  const watch = await lessonWatch(db, range, courseId);
  const known = new Set(videos.map((video) => video.id));
  const gone = watch
    .filter((row) => !known.has(row.video_id))
    .map((row) => ({ id: row.video_id, title: DELETED_LESSON }));
  const lessons = [...videos, ...gone];
  const sales = await goodsSales(db, range, 'VIDEO', { goodsIds: lessons.map((lesson) => lesson.id) });
  const salesOf = new Map(sales.map((row) => [row.goods_id, row]));
  const watchOf = new Map(watch.map((row) => [row.video_id, row]));
  const firstStarted = watchOf.get(lessons[0]?.id)?.started ?? 0;
  let previousStarted = 0;
  return {
    ...echo(range),
    course_id: course.id,
    title: course.title,
    lessons: lessons.map((lesson, index) => {
      const figures = watchOf.get(lesson.id) ?? NO_WATCH;
      const dropOff =
        index === 0 || previousStarted === 0
          ? 0
          : Math.max(0, 100 - percent(figures.started, previousStarted));
      previousStarted = figures.started;
      return {
        video_id: lesson.id,
        title: lesson.title,
        ...money(salesOf.get(lesson.id) ?? NO_SALES),
        ...learning(figures),
        reach_percent: percent(figures.started, firstStarted),
        drop_off_percent: Math.round(dropOff * 10) / 10,
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// CSV

const csvLine = (cells: (string | number)[]) => `${cells.map(csvCell).join(',')}\r\n`;
const MONEY_HEADERS = ['支付订单', '成交(元)', '已退款(元)', '收入(元)'];
const moneyCells = (row: { orders: number; gross: number; refunded: number; revenue: number }) => [
  row.orders,
  row.gross,
  row.refunded,
  row.revenue,
];
const LEARNING_HEADERS = ['观看时长(秒)', '开始学习', '学完', '完成率(%)'];
const learningCells = (row: ReturnType<typeof learning>) => [
  row.watch_seconds,
  row.started,
  row.completed,
  row.completion_percent,
];

/** One table of a statistics page as CSV text (BOM for Excel), and the file name's subject. */
export async function statisticsCsv(db: Db, query: StatisticsExportQuery): Promise<string> {
  const range = { first: query.from, last: query.to };
  const rows: (string | number)[][] = [];
  switch (query.table) {
    case 'revenue': {
      const data = await transactionStatistics(db, range, query.bucket);
      rows.push(['时段', ...MONEY_HEADERS]);
      for (const point of data.series) rows.push([point.period, ...moneyCells(point)]);
      break;
    }
    case 'gateways': {
      const data = await transactionStatistics(db, range, query.bucket);
      rows.push(['支付方式', ...MONEY_HEADERS]);
      for (const row of data.by_gateway) rows.push([row.name, ...moneyCells(row)]);
      break;
    }
    case 'goods_types': {
      const data = await transactionStatistics(db, range, query.bucket);
      rows.push(['商品类型', ...MONEY_HEADERS]);
      for (const row of data.by_goods_type) rows.push([row.name, ...moneyCells(row)]);
      break;
    }
    case 'members': {
      const data = await memberStatistics(db, range, query.bucket);
      rows.push(['时段', '新增学员', '活跃学员', '付费学员']);
      for (const point of data.series)
        rows.push([point.period, point.new_members, point.active_members, point.paying_members]);
      break;
    }
    case 'retention': {
      const data = await memberStatistics(db, range, query.bucket);
      const unit = data.retention.cohort_bucket === 'month' ? '月' : '周';
      const longest = Math.max(0, ...data.retention.cohorts.map((cohort) => cohort.retained.length));
      rows.push(['注册时段', '注册学员', ...Array.from({ length: longest }, (_v, k) => `第${k}${unit}活跃`)]);
      for (const cohort of data.retention.cohorts)
        rows.push([cohort.cohort, cohort.members, ...cohort.retained]);
      break;
    }
    case 'courses': {
      const data = await contentStatistics(db, range);
      rows.push(['课程ID', '课程', ...MONEY_HEADERS, ...LEARNING_HEADERS]);
      for (const row of data.courses)
        rows.push([row.course_id, row.title, ...moneyCells(row), ...learningCells(row)]);
      break;
    }
    case 'lessons': {
      const data = await lessonStatistics(db, range, query.course_id ?? 0);
      rows.push(['视频ID', '视频', ...MONEY_HEADERS, ...LEARNING_HEADERS, '到达率(%)', '流失率(%)']);
      for (const row of data.lessons)
        rows.push([
          row.video_id,
          row.title,
          ...moneyCells(row),
          ...learningCells(row),
          row.reach_percent,
          row.drop_off_percent,
        ]);
      break;
    }
  }
  return `\uFEFF${rows.map(csvLine).join('')}`;
}
