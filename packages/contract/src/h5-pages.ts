import { COURSE_COVER_SIZES, COURSE_DETAIL_COVER_SIZES, HOME_BANNER_SIZES } from './images';

/**
 * The h5's page table: every address of the app, written once. The h5's router is built from it
 * (src/app/routes.tsx), the server preloads each page's chunks from it and, for the pages it draws
 * before the app runs, inlines the answers named here and draws the first screen with the h5's own
 * drawing of that page (src/first-screen). No zod here: the h5's entry imports it.
 */

/** The query with which the h5 asks for its home page blocks (`GET /api/v2/viewBlock/page/blocks`). */
export const H5_HOME_BLOCKS = { platform: 'h5', page_name: 'h5-page-index' } as const;

/** Courses per page of the h5's course list (`GET /api/v2/courses`). */
export const H5_COURSE_PAGE_SIZE = 10;

/** The first page of the course list without filters, as the h5 asks for it on `/vod`. */
export const H5_COURSE_LIST_FIRST_PAGE = {
  page: 1,
  page_size: H5_COURSE_PAGE_SIZE,
  category_id: 0,
  scene: '',
} as const;

/** A public GET answer a first screen needs, named by the address the h5 asks for it with. */
export interface H5BootAnswer {
  path: string;
  query?: Readonly<Record<string, string | number>>;
}

/** The public, member-independent answers a page can inline (each a MeEdu envelope). */
export const H5_BOOT_ANSWERS = {
  config: { path: '/api/v2/other/config' },
  homeBlocks: { path: '/api/v2/viewBlock/page/blocks', query: H5_HOME_BLOCKS },
  latestAnnouncement: { path: '/api/v2/announcement/latest' },
  courseCategories: { path: '/api/v2/course_categories' },
  firstCoursePage: { path: '/api/v2/courses', query: H5_COURSE_LIST_FIRST_PAGE },
} as const satisfies Record<string, H5BootAnswer>;

export type BootAnswerName = keyof typeof H5_BOOT_ANSWERS;

/**
 * The course detail as a visitor gets it (`{id}` from the page's `?id=`): drawn from, never
 * inlined, since a member's answer differs (bought, liked, progress).
 */
export const H5_VISITOR_COURSE_ANSWER = { path: '/api/v2/course/{id}' } as const;

/** The address of a boot answer as the h5 asks for it. */
export function bootAddress(answer: H5BootAnswer): string {
  if (!answer.query) return answer.path;
  const query = new URLSearchParams(Object.entries(answer.query).map(([key, value]) => [key, String(value)]));
  return `${answer.path}?${query}`;
}

/** Which picture a drawn page paints largest (the server preloads it at high priority). */
export type LargestImage =
  'firstBanner' | 'firstCourseCover' | 'courseCover' | 'playerPoster' | 'defaultAvatar';

/** How the server draws a page before the app runs. */
export interface H5FirstScreen {
  /** Answers inlined besides config. */
  inlines: readonly BootAnswerName[];
  /** The drawing shows the course of the address's `?id=` as a visitor sees it. */
  visitorCourse?: boolean;
  /** Drawn only for the address without a query (the answers are for the page without filters). */
  onlyWithoutQuery?: boolean;
  largestImage?: LargestImage;
  /**
   * The `sizes` the h5 shows that picture with, so the preload picks the copy the page will;
   * without it the picture is preloaded by its address as it is.
   */
  imageSizes?: string;
}

export interface H5Page {
  path: string;
  /**
   * The page's module as Vite's manifest names it: `src/features/<area>/pages/<name>.tsx`. The
   * router loads it lazily; the server preloads its chunks.
   */
  module: string;
  /** Visitors are sent to log in first. */
  needsLogin?: boolean;
  /** Shown with the tab bar (首页, 在学, 我的). */
  tabBar?: boolean;
  firstScreen?: H5FirstScreen;
}

/** An old or mistyped address answered by another page (the query is kept). */
export interface H5MovedPage {
  path: string;
  movedTo: string;
}

const page = <const P extends H5Page>(entry: P): P => entry;

export const H5_PAGES = [
  page({
    path: '/',
    module: 'src/features/home/pages/home.tsx',
    tabBar: true,
    firstScreen: {
      // The 公告 bar sits above the blocks: arriving later it would push them down.
      inlines: ['homeBlocks', 'latestAnnouncement'],
      largestImage: 'firstBanner',
      imageSizes: HOME_BANNER_SIZES,
    },
  }),
  page({
    path: '/member',
    module: 'src/features/member/pages/member-center.tsx',
    tabBar: true,
    firstScreen: { inlines: [], largestImage: 'defaultAvatar' },
  }),
  page({ path: '/study', module: 'src/features/study/pages/study.tsx', tabBar: true, needsLogin: true }),
  page({ path: '/login', module: 'src/features/auth/pages/login.tsx' }),
  page({ path: '/login-password', module: 'src/features/auth/pages/login-password.tsx' }),
  page({ path: '/password-reset', module: 'src/features/auth/pages/password-reset.tsx' }),
  page({ path: '/login-error', module: 'src/features/auth/pages/login-error.tsx' }),
  page({ path: '/bind-mobile', module: 'src/features/auth/pages/bind-mobile.tsx' }),
  page({ path: '/code-bind-mobile', module: 'src/features/auth/pages/code-bind-mobile.tsx' }),
  page({
    path: '/vod',
    module: 'src/features/courses/pages/course-list.tsx',
    firstScreen: {
      inlines: ['courseCategories', 'firstCoursePage'],
      onlyWithoutQuery: true,
      largestImage: 'firstCourseCover',
      imageSizes: COURSE_COVER_SIZES,
    },
  }),
  page({
    path: '/vod/detail',
    module: 'src/features/courses/pages/course-detail.tsx',
    firstScreen: {
      inlines: [],
      visitorCourse: true,
      largestImage: 'courseCover',
      imageSizes: COURSE_DETAIL_COVER_SIZES,
    },
  }),
  page({
    path: '/vod/video',
    module: 'src/features/courses/pages/video.tsx',
    needsLogin: true,
    // The player's poster, from the site's settings, stands where the lesson will play.
    firstScreen: { inlines: [], largestImage: 'playerPoster' },
  }),
  page({ path: '/role', module: 'src/features/role/pages/role.tsx', needsLogin: true }),
  page({ path: '/order', module: 'src/features/orders/pages/checkout.tsx', needsLogin: true }),
  page({ path: '/order/pay', module: 'src/features/orders/pages/pay.tsx', needsLogin: true }),
  page({ path: '/order/success', module: 'src/features/orders/pages/order-success.tsx', needsLogin: true }),
  page({ path: '/member/order', module: 'src/features/orders/pages/my-orders.tsx', needsLogin: true }),
  page({ path: '/messages', module: 'src/features/messages/pages/messages.tsx', needsLogin: true }),
  page({ path: '/member/setting', module: 'src/features/member/pages/setting.tsx' }),
  page({ path: '/member/profile', module: 'src/features/member/pages/profile.tsx', needsLogin: true }),
  page({
    path: '/member/mobileVerify',
    module: 'src/features/member/pages/mobile-verify.tsx',
    needsLogin: true,
  }),
  page({
    path: '/member/password',
    module: 'src/features/member/pages/change-password.tsx',
    needsLogin: true,
  }),
  page({ path: '/member/mobile', module: 'src/features/member/pages/change-mobile.tsx', needsLogin: true }),
  page({ path: '/search', module: 'src/features/search/pages/search.tsx' }),
  page({ path: '/announcements', module: 'src/features/announcements/pages/announcements.tsx' }),
  page({ path: '/announcement', module: 'src/features/announcements/pages/announcement.tsx' }),
  page({ path: '/auth/faceSuccess', module: 'src/features/auth/pages/face-success.tsx' }),
  page({ path: '/error', module: 'src/features/errors/pages/not-found.tsx' }),
] as const;

export const H5_MOVED_PAGES: readonly H5MovedPage[] = [{ path: '/member/orders', movedTo: '/member/order' }];

/** What every other address shows. */
export const H5_NOT_FOUND_MODULE = 'src/features/errors/pages/not-found.tsx';

/** The addresses whose first screen the server draws. */
export type FirstScreenPath = Extract<(typeof H5_PAGES)[number], { firstScreen: H5FirstScreen }>['path'];
