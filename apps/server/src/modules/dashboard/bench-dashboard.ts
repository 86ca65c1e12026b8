// Times the dashboard's queries on a shop of BENCH_ORDERS (default 1,000,000) orders (npm run bench,
// part `dashboard`): a new database on DATABASE_URL's server, migrated, filled with INSERT … SELECT
// over generate_series, analysed, the course-sales rollup job run once (its first run covers the
// whole history), vacuumed; each query of each range run BENCH_RUNS times, as the API runs it (in a
// transaction with parallel workers off). Prints the table; with BENCH_EXPLAIN=1 also the plan of
// each 30-day query. Drops the database unless BENCH_KEEP=1 (BENCH_DATABASE=<name> reuses a kept one).
import { sql, type Compilable } from 'kysely';
import pg from 'pg';
import { DASHBOARD_RANGES } from '@kezhan/contract/admin/dashboard';
import { openDatabase } from '../../shared/db/database';
import { migrate } from '../../shared/db/migrate';
import { DASHBOARD_QUERIES, dashboardWindow, serially } from './queries';
import { courseSalesRolledThrough, rollUpCourseSales } from './rollup';

const base = process.env.DATABASE_URL;
if (!base) throw new Error('the dashboard bench needs DATABASE_URL (a PostgreSQL server)');
const ORDERS = Number(process.env.BENCH_ORDERS || 1_000_000);
const MEMBERS = Math.max(1000, Math.round(ORDERS / 10));
const COURSES = 200;
const VIDEOS_PER_COURSE = 10;
const WATCH_PER_MEMBER = 20;
const RUNS = Number(process.env.BENCH_RUNS || 30);
const BUDGET_MS = 200;

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
      insert into video_watch_records (user_id, course_id, video_id, watch_seconds, created_at, updated_at)
        select u, 1 + (v - 1) / ${VIDEOS_PER_COURSE}, v, (random() * 1800)::int, at, at
        from (
          select 1 + g % ${MEMBERS} as u,
            1 + ((g / ${MEMBERS}) * 97 + g % ${MEMBERS}) % ${COURSES * VIDEOS_PER_COURSE} as v,
            now() - random() * interval '365 days' as at
          from generate_series(0, ${MEMBERS * WATCH_PER_MEMBER - 1}) g
        ) s;
    `);
    const seeded = seconds(seeding);
    await handle.exec('analyze');
    const rolling = performance.now();
    const rollup = await rollUpCourseSales(handle.db, new Date());
    const rolled = seconds(rolling);
    await handle.exec('vacuum analyze');
    prepared = `seeded in ${seeded} s; first rollup: ${rollup.rows.toLocaleString('en')} course-days in ${rolled} s`;
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
  console.log(`${RUNS} runs each, one at a time; budget p95 ≤ ${BUDGET_MS} ms`);
  console.log(
    `${'range'.padEnd(6)} ${'query'.padEnd(18)} ${'rows in range'.padStart(14)} ${'result rows'.padStart(12)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`,
  );

  const now = new Date();
  const through = await courseSalesRolledThrough(handle.db);
  const over: string[] = [];
  for (const range of DASHBOARD_RANGES) {
    const w = dashboardWindow(range, now, through);
    const inRange = await sql<{ orders: number; users: number; watch: number }>`
      select
        (select count(*) from orders where status in (9, 11) and paid_at >= ${w.start} and paid_at < ${w.end})::int as orders,
        (select count(*) from users where created_at >= ${w.start} and created_at < ${w.end})::int as users,
        (select count(*) from video_watch_records where updated_at >= ${w.start} and updated_at < ${w.end})::int as watch`.execute(
      handle.db,
    );
    const scanned = inRange.rows[0];
    const source: Record<keyof typeof DASHBOARD_QUERIES, number> = {
      ordersByBucket: scanned.orders,
      membersByBucket: scanned.users,
      activeLearners: scanned.watch,
      topCoursesBySales: scanned.orders,
      topCoursesByWatch: scanned.watch,
    };
    for (const [key, build] of Object.entries(DASHBOARD_QUERIES) as [
      keyof typeof DASHBOARD_QUERIES,
      (typeof DASHBOARD_QUERIES)[keyof typeof DASHBOARD_QUERIES],
    ][]) {
      type Query = Compilable<unknown> & { execute(): Promise<unknown[]> };
      const read = () =>
        serially(handle.db, async (trx) => (await (build(trx, w) as Query).execute()).length);
      let rows = await read();
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const from = performance.now();
        rows = await read();
        times.push(performance.now() - from);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
      const p95 = at(0.95);
      if (p95 > BUDGET_MS) over.push(`${range} ${key}`);
      console.log(
        `${range.padEnd(6)} ${key.padEnd(18)} ${source[key].toLocaleString('en').padStart(14)} ${String(rows).padStart(12)} ${at(0.5).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)}${p95 > BUDGET_MS ? '  ✗ OVER BUDGET' : ''}`,
      );
      if (process.env.BENCH_EXPLAIN === '1' && range === '30d') {
        const plan = await serially(handle.db, (trx) => {
          const compiled = (build(trx, w) as Query).compile();
          return trx.executeQuery<{ 'QUERY PLAN': string }>({
            ...compiled,
            sql: `explain (analyze, buffers) ${compiled.sql}`,
          });
        });
        for (const line of plan.rows) console.log(`    ${line['QUERY PLAN']}`);
      }
    }
  }
  if (over.length > 0) {
    console.error(`\n✗ dashboard queries over ${BUDGET_MS} ms at p95: ${over.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await handle.close();
  if (process.env.BENCH_KEEP === '1' || reuse) console.log(`database kept: ${name}`);
  else await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
