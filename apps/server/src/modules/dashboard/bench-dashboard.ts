// Times the dashboard's and the statistics pages' reads on a shop of BENCH_ORDERS (default
// 1,000,000) orders and 2,000,000 watch records over two years (npm run bench, part `dashboard`):
// a new database on DATABASE_URL's server, migrated, filled with INSERT … SELECT over
// generate_series with the rollup triggers off, then the rollups rebuilt once (`stats_rebuild()`,
// what the triggers keep afterwards), vacuumed; each read of each range (7 days, 30 days, 1 year,
// 2 years) run BENCH_RUNS times, one at a time. Prints p50/p95 per read and the load average.
// Drops the database unless BENCH_KEEP=1 (BENCH_DATABASE=<name> reuses a kept one).
import os from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Db } from '../../shared/db/database';
import { migrate } from '../../shared/db/migrate';
import { dashboardOverview } from './queries';
import {
  chinaDate,
  courseWatch,
  DAY_MS,
  goodsSales,
  lessonWatch,
  membersByPeriod,
  retentionByCohort,
  salesByGateway,
  salesByGoodsType,
  salesByPeriod,
  type StatsRange,
} from './statistics';
import {
  contentStatistics,
  lessonStatistics,
  memberStatistics,
  transactionStatistics,
} from './statistics-pages';

const base = process.env.DATABASE_URL;
if (!base) throw new Error('the dashboard bench needs DATABASE_URL (a PostgreSQL server)');
const ORDERS = Number(process.env.BENCH_ORDERS || 1_000_000);
const MEMBERS = Math.max(1000, Math.round(ORDERS / 10));
const COURSES = 200;
const VIDEOS_PER_COURSE = 10;
const WATCH_PER_MEMBER = 20;
const RUNS = Number(process.env.BENCH_RUNS || 20);
const BUDGET_MS = 200;
const RANGES: [string, number][] = [
  ['7d', 7],
  ['30d', 30],
  ['1y', 365],
  ['2y', 730],
];
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

const reuse = process.env.BENCH_DATABASE;
const name = reuse || `kezhan_bench_dashboard_${process.pid}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
if (!reuse) {
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
}
const url = new URL(base);
url.pathname = `/${name}`;
const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });

const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
try {
  let prepared = `database ${name} reused`;
  if (!reuse) {
    await migrate(handle);
    const seeding = performance.now();
    // Two years of history up to now; setseed makes every run the same shop.
    await handle.exec(`
      set session_replication_role = replica;
      select setseed(0.42);
      insert into users (mobile, nick_name, password, created_at)
        select '1' || lpad(g::text, 10, '0'), 'bench' || g, '-', now() - random() * interval '730 days'
        from generate_series(1, ${MEMBERS}) g;
      insert into courses (title, slug, charge, published_at)
        select '课程 ' || g, 'bench-' || g, (50 + g % 10 * 50) * 100, now() - interval '800 days'
        from generate_series(1, ${COURSES}) g;
      insert into videos (course_id, title, slug, duration, published_at)
        select 1 + (g - 1) / ${VIDEOS_PER_COURSE}, '视频 ' || g, 'bench-video-' || g, 1800, now() - interval '800 days'
        from generate_series(1, ${COURSES * VIDEOS_PER_COURSE}) g;
      insert into orders (order_id, user_id, charge, discount, amount, status, paid_at, refunded_amount, created_at, updated_at)
        select 'B' || g, 1 + (g::bigint * 7919) % ${MEMBERS}, price, 0, price,
          case when r < 0.80 then 9 when r < 0.83 then 11 when r < 0.95 then 7 else 1 end,
          case when r < 0.83 then at + interval '2 minutes' end,
          -- 2 % of the paid orders refunded in part, the refunded ones (status 11) in full.
          case when r < 0.80 and g % 50 = 0 then price / 2 when r >= 0.80 and r < 0.83 then price else 0 end,
          at, at
        from (
          select g, random() as r, now() - random() * interval '730 days' as at, (50 + (g % 10) * 50) * 100 as price
          from generate_series(1, ${ORDERS}) g
        ) s;
      insert into order_goods (order_id, goods_type, goods_id, goods_name, goods_charge, goods_ori_charge, created_at)
        select id, case when id % 10 = 0 then 'ROLE' else 'COURSE' end,
          case when id % 10 = 0 then 1 else 1 + (id * 31) % ${COURSES} end, '商品', amount, amount, created_at
        from orders;
      insert into video_watch_records (user_id, course_id, video_id, watch_seconds, watched_at, created_at, updated_at)
        select u, 1 + (v - 1) / ${VIDEOS_PER_COURSE}, v, (random() * 1800)::int,
          case when random() < 0.3 then at end, at, at
        from (
          select 1 + g % ${MEMBERS} as u,
            1 + ((g / ${MEMBERS}) * 97 + g % ${MEMBERS}) % ${COURSES * VIDEOS_PER_COURSE} as v,
            now() - random() * interval '730 days' as at
          from generate_series(0, ${MEMBERS * WATCH_PER_MEMBER - 1}) g
        ) s;
      reset session_replication_role;
    `);
    const seeded = seconds(seeding);
    await handle.exec('analyze');
    const rolling = performance.now();
    await handle.exec('select stats_rebuild()');
    const rolled = seconds(rolling);
    await handle.exec('vacuum analyze');
    prepared = `seeded in ${seeded} s; rollups rebuilt in ${rolled} s`;
  }
  const counts = await sql<{ orders: number; order_goods: number; users: number; watch: number }>`
    select (select count(*) from orders)::int as orders, (select count(*) from order_goods)::int as order_goods,
      (select count(*) from users)::int as users, (select count(*) from video_watch_records)::int as watch`.execute(
    handle.db,
  );
  const c = counts.rows[0];
  console.log(
    `\n== Dashboard queries on PostgreSQL (${c.orders.toLocaleString('en')} orders, ${c.order_goods.toLocaleString('en')} order goods, ${c.users.toLocaleString('en')} members, ${c.watch.toLocaleString('en')} watch records; ${prepared})`,
  );
  console.log(
    `${RUNS} runs each, one at a time; budget p95 ≤ ${BUDGET_MS} ms; load average ${loadAverage()}`,
  );
  console.log(
    `${'range'.padEnd(6)} ${'read'.padEnd(26)} ${'result rows'.padStart(12)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`,
  );

  const now = new Date();
  const today = chinaDate(now);
  const over: string[] = [];
  for (const [label, days] of RANGES) {
    const range: StatsRange = {
      first: chinaDate(new Date(Date.parse(`${today}T00:00:00+08:00`) - (days - 1) * DAY_MS)),
      last: today,
    };
    const reads: [string, (db: Db) => Promise<unknown>][] = [
      ['sales by day', (db) => salesByPeriod(db, range, 'day')],
      ['sales by month', (db) => salesByPeriod(db, range, 'month')],
      ['sales by gateway', (db) => salesByGateway(db, range)],
      ['sales by goods type', (db) => salesByGoodsType(db, range)],
      ['course sales', (db) => goodsSales(db, range, 'COURSE')],
      ['course watch', (db) => courseWatch(db, range)],
      ['lesson watch (1 course)', (db) => lessonWatch(db, range, 1)],
      ['members by day', (db) => membersByPeriod(db, range, 'day')],
      ['members by month', (db) => membersByPeriod(db, range, 'month')],
      ['members in range', (db) => membersByPeriod(db, range, null)],
      ['retention by month', (db) => retentionByCohort(db, range, 'month')],
      ['page: transactions (day)', (db) => transactionStatistics(db, range, 'day')],
      ['page: members (day)', (db) => memberStatistics(db, range, 'day')],
      ['page: members (month)', (db) => memberStatistics(db, range, 'month')],
      ['page: content', (db) => contentStatistics(db, range)],
      ['page: lessons', (db) => lessonStatistics(db, range, 1)],
    ];
    // The members page groups cohorts by week up to 92 days, by month beyond.
    if (days <= 92) reads.push(['retention by week', (db) => retentionByCohort(db, range, 'week')]);
    if (label === '7d' || label === '30d')
      reads.push(['dashboard', (db) => dashboardOverview(db, label, now)]);
    for (const [name, read] of reads) {
      const size = (answer: unknown) =>
        Array.isArray(answer) ? answer.length : answer instanceof Map ? answer.size : 1;
      let rows = size(await read(handle.db));
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const from = performance.now();
        rows = size(await read(handle.db));
        times.push(performance.now() - from);
      }
      times.sort((x, y) => x - y);
      const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
      const p95 = at(0.95);
      if (p95 > BUDGET_MS) over.push(`${label} ${name}`);
      console.log(
        `${label.padEnd(6)} ${name.padEnd(26)} ${String(rows).padStart(12)} ${at(0.5).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)}${p95 > BUDGET_MS ? '  ✗ OVER BUDGET' : ''}`,
      );
    }
  }
  console.log(`load average after: ${loadAverage()}`);
  if (over.length > 0) {
    console.error(`\n✗ statistics reads over ${BUDGET_MS} ms at p95: ${over.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await handle.close();
  if (process.env.BENCH_KEEP === '1' || reuse) console.log(`database kept: ${name}`);
  else await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
