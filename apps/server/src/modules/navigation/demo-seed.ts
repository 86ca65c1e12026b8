import type { AppServices } from '../../services';

/** The demo PC site's navigation, a friend link and a slider. */
export async function seedDemoNavigation({ db, now, siteContent }: AppServices) {
  const at = now();
  const stamp = { created_at: at, updated_at: at };
  await db
    .insertInto('navs')
    .values([
      { name: '首页', url: '/', sort: 1, active_routes: 'index', ...stamp },
      { name: '全部课程', url: '/courses', sort: 2, active_routes: 'courses,coursesDetail', ...stamp },
      { name: '会员中心', url: '/vip', sort: 3, active_routes: 'vip', ...stamp },
    ])
    .execute();
  await db
    .insertInto('links')
    .values({ name: '课栈', url: 'https://kezhan.example', sort: 1, ...stamp })
    .execute();
  await db
    .insertInto('sliders')
    .values({ thumb: '/demo/banners/banner-1.png', url: '/courses', sort: 1, ...stamp })
    .execute();
  siteContent.invalidate();
}
