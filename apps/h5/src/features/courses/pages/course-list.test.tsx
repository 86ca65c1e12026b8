import type { CourseCategory } from '@kezhan/contract/courses';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, testConfig } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { laravelPage, listItem } from '../test/fixtures';
import { categoryOptions } from '../components/course-list-screen';

// antd-mobile's InfiniteScroll only loads when its footer has an offsetParent (jsdom has no layout).
const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get() {
      return this.parentNode;
    },
  });
});
afterAll(() => {
  if (offsetParent) Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const CATEGORIES: CourseCategory[] = [
  {
    id: 1,
    name: '编程开发',
    parent_id: 0,
    sort: 1,
    children: [{ id: 2, sort: 1, name: '后端开发', parent_id: 1 }],
  },
  { id: 3, name: '设计创意', parent_id: 0, sort: 2, children: [] },
];

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => listItem(from + i));

describe('course list', () => {
  it('loads pages of 10 until a short page and then says 已经到底了', async () => {
    const { calls } = mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/course_categories': () => ok(CATEGORIES),
      'GET /api/v2/courses': ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        return ok(laravelPage(page === 1 ? range(1, 10) : range(11, 3), page));
      },
    });
    renderApp('/vod');
    expect(await screen.findByRole('heading', { name: '录播课程' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /课程 1\b/ })).toHaveAttribute('href', '/vod/detail?id=1');
    expect(await screen.findByText('已经到底了')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(13);
    const pages = calls.filter((c) => c.key === 'GET /api/v2/courses');
    expect(pages).toHaveLength(2);
    await waitFor(() => expect(document.title).toBe('录播课程'));
  });

  it('filters by category (children indented, no |---- prefix) and by 免费, restarting at page 1', async () => {
    const seen: URLSearchParams[] = [];
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/course_categories': () => ok(CATEGORIES),
      'GET /api/v2/courses': ({ url }) => {
        seen.push(url.searchParams);
        const cat = url.searchParams.get('category_id');
        return ok(laravelPage(cat === '2' ? [listItem(50, { title: '后端课' })] : range(1, 2)));
      },
    });
    const { router } = renderApp('/vod');
    await screen.findByRole('link', { name: /课程 1\b/ });
    expect(seen[0].get('page_size')).toBe('10');
    expect(seen[0].get('category_id')).toBe('0');
    expect(seen[0].get('scene')).toBe('');

    fireEvent.click(screen.getByRole('button', { name: '筛选' }));
    const menu = screen.getByRole('menu', { name: '课程分类' });
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((b) => b.textContent),
    ).toEqual(['全部', '编程开发', '后端开发', '设计创意']);
    const child = within(menu).getByRole('menuitemradio', { name: '后端开发' });
    expect(child).toHaveClass('kz-filter-option--child');
    expect(within(menu).getByRole('menuitemradio', { name: '编程开发' })).not.toHaveClass(
      'kz-filter-option--child',
    );
    fireEvent.click(child);
    expect(await screen.findByRole('link', { name: /后端课/ })).toBeInTheDocument();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(router.state.location.search).toBe('?category_id=2');
    expect(seen.at(-1)!.get('category_id')).toBe('2');
    expect(seen.at(-1)!.get('page')).toBe('1');
    expect(screen.getByRole('button', { name: '筛选' })).toHaveClass('kz-filter-toggle--on');

    fireEvent.click(screen.getByRole('tab', { name: '免费' }));
    await waitFor(() => expect(seen.at(-1)!.get('scene')).toBe('free'));
    expect(screen.getByRole('tab', { name: '免费' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('never shows the answer of a filter the user already left', async () => {
    let releaseAll: (v: unknown) => void = () => {};
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/course_categories': () => ok([]),
      'GET /api/v2/courses': ({ url }) => {
        if (url.searchParams.get('scene') === '') {
          return new Promise((r) => {
            releaseAll = () => r(ok(laravelPage([listItem(1, { title: '旧的结果' })])));
          }) as unknown as Response;
        }
        return ok(laravelPage([listItem(2, { title: '免费课' })]));
      },
    });
    renderApp('/vod');
    fireEvent.click(await screen.findByRole('tab', { name: '免费' }));
    expect(await screen.findByRole('link', { name: /免费课/ })).toBeInTheDocument();
    await act(async () => releaseAll(null));
    expect(screen.queryByText('旧的结果')).toBeNull();
  });

  it('shows an empty state, and a retry after a failure', async () => {
    let fail = true;
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/course_categories': () => ok([]),
      'GET /api/v2/courses': () => (fail ? new Response('', { status: 500 }) : ok(laravelPage([]))),
    });
    renderApp('/vod?scene=free');
    expect(await screen.findByText('加载失败，请稍后重试')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('该分类下暂无课程')).toBeInTheDocument();
  });
});

describe('categoryOptions', () => {
  it('flattens parents and children', () => {
    expect(categoryOptions(CATEGORIES).map((o) => [o.id, o.label])).toEqual([
      [0, '全部'],
      [1, '编程开发'],
      [2, '后端开发'],
      [3, '设计创意'],
    ]);
  });
});
