import { describe, expect, it } from 'vitest';
import { renderFirstScreen } from './first-screen';

const ok = (data: unknown) => ({ code: 0, message: '', data });

const home = {
  config: ok({ name: '课栈学堂<script>alert(1)</script>' }),
  latestAnnouncement: ok({ id: 4, title: '国庆放假通知' }),
  homeBlocks: ok([
    { id: 1, sign: 'slider', config_render: [{ src: '/demo/b1.750x300.png', href: '/vod' }] },
    {
      id: 2,
      sign: 'h5-vod-v1',
      config_render: {
        title: '推荐课程',
        items: [{ id: 7, title: 'Python 入门', thumb: '/c7.png', charge: 0, is_free: 1, user_count: 12 }],
      },
    },
  ]),
};

function drawn(pathname: string, answers: Parameters<typeof renderFirstScreen>[1]) {
  const markup = renderFirstScreen(pathname, answers);
  expect(markup).not.toBeNull();
  const root = document.createElement('div');
  root.innerHTML = markup!;
  return root;
}

describe('the first screen drawn on the server', () => {
  it('draws the home page from its answers with the app components, text escaped', () => {
    const page = drawn('/', home);
    expect(page.querySelector('h1')?.textContent).toBe('课栈学堂<script>alert(1)</script>');
    expect(page.querySelector('script')).toBeNull();
    expect(page.querySelector('.kz-announcement-title')?.getAttribute('href')).toBe('/announcement?id=4');
    const banner = page.querySelector('.kz-slider-slide img')!;
    expect(banner.getAttribute('fetchpriority')).toBe('high');
    expect(banner.getAttribute('loading')).toBe('eager');
    expect(page.querySelector('.kz-slider-slide source')?.getAttribute('srcset')).toContain(
      '/demo/b1.750x300.w750.webp 750w',
    );
    expect(page.querySelector('.kz-course-item')?.getAttribute('href')).toBe('/vod/detail?id=7');
    expect([...page.querySelectorAll('.kz-tab-title')].map((t) => t.textContent)).toEqual([
      '首页',
      '在学',
      '我的',
    ]);
    expect(page.querySelector('.kz-tab--active')?.textContent).toBe('首页');
  });

  it('draws no 公告 bar when there is no announcement', () => {
    const page = drawn('/', { ...home, latestAnnouncement: ok([]) });
    expect(page.querySelector('.kz-announcement-bar')).toBeNull();
    expect(page.querySelector('.kz-slider-slide')).not.toBeNull();
  });

  it('draws the course list with its first courses and the end of the list', () => {
    const courses = Array.from({ length: 3 }, (_, i) => ({
      id: i + 1,
      title: `课程 ${i + 1}`,
      thumb: `/c${i}.png`,
      charge: 99,
      is_free: 0,
      user_count: 5,
    }));
    const page = drawn('/vod', { firstCoursePage: ok({ total: 3, data: courses }) });
    expect(page.querySelector('.kz-nav-title')?.textContent).toBe('录播课程');
    expect([...page.querySelectorAll('.kz-course-item-title')].map((t) => t.textContent)).toEqual([
      '课程 1',
      '课程 2',
      '课程 3',
    ]);
    expect(page.querySelector('.kz-course-item-meta')?.textContent).toBe('5人已购买￥99');
    expect(page.textContent).toContain('已经到底了');
  });

  it('draws nothing for other pages or without a successful answer', () => {
    expect(renderFirstScreen('/vod/detail', home)).toBeNull();
    expect(renderFirstScreen('/study', home)).toBeNull();
    expect(renderFirstScreen('/vod/video', {})).toBeNull();
    expect(
      renderFirstScreen('/', { ...home, homeBlocks: { code: 500, message: '错误', data: [] } }),
    ).toBeNull();
    expect(renderFirstScreen('/', { ...home, latestAnnouncement: undefined })).toBeNull();
    expect(renderFirstScreen('/vod', {})).toBeNull();
  });

  it("draws a course's page from a visitor's answer, leaving out what depends on the member", () => {
    const visitorCourse = ok({
      course: {
        id: 9,
        title: 'Figma 原型<b>设计</b>',
        thumb: '/storage/images/cover/0a1b2c3d.480x270.jpg',
        charge: 199,
        is_free: 0,
        user_count: 31,
        render_desc: '<p>课程介绍</p>',
      },
      chapters: [],
      videos: [],
      isBuy: false,
      isCollect: false,
    });
    const page = drawn('/vod/detail', { config: home.config, visitorCourse });
    expect(page.querySelector('.kz-nav-title')?.textContent).toBe('课程详情');
    expect(page.querySelector('.kz-detail-title')?.textContent).toBe('Figma 原型<b>设计</b>');
    expect(page.querySelector('.kz-detail-stats')?.textContent).toBe('￥19931人已购买');
    const cover = page.querySelector('.kz-detail-cover')!;
    expect(cover.getAttribute('fetchpriority')).toBe('high');
    expect(page.querySelector('.kz-picture source')?.getAttribute('sizes')).toBe(
      '(min-width: 750px) 750px, 100vw',
    );
    expect([...page.querySelectorAll('[role="tab"]')].map((t) => t.textContent)).toEqual([
      '介绍',
      '目录',
      '评论',
      '课件',
    ]);
    // Bought? Liked? Those buttons, and the introduction, come with the member's own answer.
    expect(page.querySelector('.kz-detail-bar')?.textContent).toBe('');
    expect(page.textContent).not.toContain('购买课程');
    expect(page.textContent).not.toContain('收藏');
    expect(page.textContent).not.toContain('课程介绍');
  });

  it("draws a lesson's page as it shows while loading: the site's poster where the player will be", () => {
    const config = ok({ name: '课栈', player: { cover: '/images/player-thumb.png' } });
    const page = drawn('/vod/video', { config });
    expect(page.querySelector('.kz-nav-title')?.textContent).toBe('视频播放');
    const poster = page.querySelector('.kz-player-box img')!;
    expect(poster.getAttribute('src')).toBe('/images/player-thumb.png');
    expect(poster.getAttribute('fetchpriority')).toBe('high');
    expect(page.querySelector('.kz-player-box')?.getAttribute('aria-label')).toBe('加载中');
  });

  it("draws the member centre with its menu and the member's card still to come", () => {
    const page = drawn('/member', {});
    expect(page.querySelector('.kz-member-card')?.getAttribute('aria-label')).toBe('加载中');
    expect(page.querySelector('.kz-member-avatar img')?.getAttribute('src')).toBe(
      '/images/default_avatar.png',
    );
    expect(page.textContent).not.toContain('请登录');
    expect(page.querySelector('.kz-member-vip-btn')?.textContent).toBe('');
    expect(
      [...page.querySelectorAll('.kz-member-menu a > span:first-child')].map((t) => t.textContent),
    ).toEqual(['我的订单', '我的消息', '个人资料', '关于平台']);
    expect(page.querySelector('.kz-tab--active')?.textContent).toBe('我的');
  });
});
