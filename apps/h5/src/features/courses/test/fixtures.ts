import type {
  CourseChapter,
  CourseDetail,
  CourseListItem,
  CourseVideo,
  PlayInfo,
  VideoDetail,
} from '@kezhan/contract/courses';

/** Test data for the courses feature, shaped like the server's answers. */
export function listItem(id: number, overrides: Partial<CourseListItem> = {}): CourseListItem {
  return {
    id,
    title: `课程 ${id}`,
    slug: '',
    thumb: `/c${id}.png`,
    charge: 99,
    short_description: '',
    seo_keywords: '',
    seo_description: '',
    published_at: '2024-01-01 10:00:00',
    is_rec: 0,
    is_show: 1,
    user_count: 10,
    category_id: 1,
    is_free: 0,
    is_vip_free: 1,
    videos_count: 4,
    category: { id: 1, name: '后端' },
    ...overrides,
  };
}

export function laravelPage<T>(items: T[], page = 1) {
  return {
    current_page: page,
    data: items,
    first_page_url: '',
    from: null,
    last_page: 1,
    last_page_url: '',
    links: [],
    next_page_url: null,
    path: 'api/v2/courses',
    per_page: 10,
    prev_page_url: null,
    to: null,
    total: items.length,
  };
}

export function video(id: number, chapterId: number, overrides: Partial<CourseVideo> = {}): CourseVideo {
  return {
    id,
    course_id: 5,
    title: `第${id}课`,
    slug: '',
    view_num: 0,
    seo_keywords: '',
    seo_description: '',
    published_at: '2024-01-01 10:00:00',
    charge: 0,
    chapter_id: chapterId,
    duration: 125,
    is_ban_sell: 0,
    is_free: 0,
    free_seconds: 0,
    ban_drag: 0,
    ...overrides,
  };
}

export const CHAPTERS: CourseChapter[] = [
  { id: 11, course_id: 5, title: '第一章 准备开始' },
  { id: 12, course_id: 5, title: '第二章 基础语法' },
];

export function courseDetail(
  overrides: Partial<CourseDetail> = {},
  course: Partial<CourseDetail['course']> = {},
): CourseDetail {
  return {
    course: {
      ...listItem(5),
      title: 'Python 零基础入门',
      charge: 99,
      is_free: 0,
      user_count: 1280,
      render_desc: '<p>这门课带你从零开始学习 <strong>Python</strong>。</p><script>window.__x = 1</script>',
      ...course,
    },
    chapters: CHAPTERS,
    videos: {
      '11': [video(101, 11, { free_seconds: 30 }), video(102, 11)],
      '12': [video(103, 12, { duration: 3725 })],
    },
    isBuy: false,
    isCollect: false,
    videoWatchedProgress: [],
    attach: [{ id: 9, name: '讲义.pdf', size: 2048, extension: 'pdf' }],
    buyVideos: [],
    ...overrides,
  };
}

export function videoDetail(id: number, overrides: Partial<VideoDetail> = {}): VideoDetail {
  const detail = courseDetail();
  const all = Object.values(detail.videos as Record<string, CourseVideo[]>).flat();
  return {
    video: all.find((v) => v.id === id) ?? video(id, 11),
    videos: detail.videos,
    chapters: detail.chapters,
    course: detail.course,
    is_watch: true,
    video_watched_progress: [],
    buy_videos: [],
    ...overrides,
  };
}

export const playInfo = (overrides: Partial<PlayInfo> = {}): PlayInfo => ({
  urls: [{ url: 'http://media.test/lesson.mp4', format: 'mp4', duration: 125, name: '' }],
  trial_seconds: 0,
  ...overrides,
});
