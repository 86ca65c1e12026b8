import {
  H5_COURSE_PAGE_SIZE,
  type FirstScreenAnswers,
  type FirstScreenPath,
  type NamedBootAnswers,
  type RenderFirstScreen,
} from '@kezhan/contract/browser';
import type { Announcement } from '@kezhan/contract/announcements';
import type { SiteConfig } from '@kezhan/contract/config';
import type { CourseCategory, CourseDetail, CourseListItem, ViewBlock } from '@kezhan/contract/courses';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router-dom';
import { CourseDetailPending } from '@/features/courses/components/course-detail-head';
import { CourseListScreen } from '@/features/courses/components/course-list-screen';
import { VideoPending } from '@/features/courses/components/video-pending';
import { HomeScreen } from '@/features/home/components/home-screen';
import { MemberCentreScreen } from '@/features/member/components/member-centre-screen';
import type { PagedList } from '@/shared/hooks/use-paged-list';
import { TabBarLayout } from '@/shared/layout/tab-bar-layout';
import { announcementFrom } from '@/shared/ui/latest-announcement';

/**
 * The first screen of the pages every visitor sees alike, drawn on the server from the answers it
 * inlines (built with `vite build --ssr` into dist-ssr/first-screen.js; the API server loads it).
 * The markup is the app's own components, so what the visitor sees before the app starts is what
 * the app then shows. It is a picture only: the app renders off the document and takes its place
 * (src/shared/layout/screen-handover.ts).
 */

/** The data of a successful MeEdu envelope, else undefined (the page is then not drawn). */
function dataOf<T>(answer: unknown): T | undefined {
  const envelope = answer as { code?: unknown; data?: unknown } | undefined;
  return envelope?.code === 0 ? (envelope.data as T) : undefined;
}

function draw(pathname: string, page: ReactElement, withTabBar = false): string {
  return renderToStaticMarkup(
    <StaticRouter location={pathname}>
      <main className="kz-main">
        <Routes>
          {withTabBar ? (
            <Route element={<TabBarLayout />}>
              <Route path={pathname} element={page} />
            </Route>
          ) : (
            <Route path={pathname} element={page} />
          )}
        </Routes>
      </main>
    </StaticRouter>,
  );
}

/** A list whose first page is in and which nothing can change (there is no app yet). */
function shownList<T>(items: T[]): PagedList<T> {
  const idle = async () => undefined;
  return {
    items,
    status: 'ready',
    hasMore: items.length >= H5_COURSE_PAGE_SIZE,
    loadMore: idle,
    refresh: idle,
    retry: () => undefined,
    updateItems: () => undefined,
  };
}

function home(answers: NamedBootAnswers): string | null {
  const blocks = dataOf<ViewBlock[]>(answers.homeBlocks);
  const announcement = dataOf<Announcement | []>(answers.latestAnnouncement);
  if (!Array.isArray(blocks) || announcement === undefined) return null;
  const name = dataOf<SiteConfig>(answers.config)?.name ?? '';
  return draw(
    '/',
    <HomeScreen name={name} announcement={announcementFrom(announcement)} blocks={blocks} />,
    true,
  );
}

function courseList(answers: NamedBootAnswers): string | null {
  const courses = dataOf<{ data?: CourseListItem[] }>(answers.firstCoursePage)?.data;
  const categories = dataOf<CourseCategory[]>(answers.courseCategories);
  if (!Array.isArray(courses)) return null;
  return draw(
    '/vod',
    <CourseListScreen
      categories={Array.isArray(categories) ? categories : []}
      categoryId={0}
      scene=""
      list={shownList(courses)}
      onFilter={() => undefined}
    />,
  );
}

/** The course's page from a visitor's answer: what is the same for every member. */
function courseDetail(answers: FirstScreenAnswers): string | null {
  const course = dataOf<CourseDetail>(answers.visitorCourse)?.course;
  if (!course) return null;
  return draw('/vod/detail', <CourseDetailPending course={course} />);
}

/** A lesson's page is the member's own: drawn as it shows while the lesson loads. */
function video(answers: FirstScreenAnswers): string | null {
  const config = dataOf<SiteConfig>(answers.config);
  if (!config) return null;
  return draw('/vod/video', <VideoPending poster={config.player?.cover ?? ''} />);
}

/** The member centre with the member's card still to come. */
function memberCentre(): string {
  return draw('/member', <MemberCentreScreen viewer={{ kind: 'pending' }} />, true);
}

/** A drawing for each page the page table says the server draws (h5-pages.ts in the contract). */
const PAGES: Record<FirstScreenPath, (answers: FirstScreenAnswers) => string | null> = {
  '/': home,
  '/vod': courseList,
  '/vod/detail': courseDetail,
  '/vod/video': video,
  '/member': memberCentre,
};

const isFirstScreenPath = (pathname: string): pathname is FirstScreenPath => Object.hasOwn(PAGES, pathname);

export const renderFirstScreen: RenderFirstScreen = (pathname, answers) =>
  isFirstScreenPath(pathname) ? PAGES[pathname](answers) : null;
