import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, testConfig } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { Highlight, keywordTerms } from '../utils/highlight';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Result links by their visible text (highlight marks split the accessible name). */
async function resultLink(text: string) {
  await waitFor(() =>
    expect(screen.getAllByRole('link').some((a) => a.textContent?.includes(text))).toBe(true),
  );
  return screen.getAllByRole('link').find((a) => a.textContent?.includes(text))!;
}

const hit = (id: number, type: 'vod' | 'video', title: string, p = '') => ({
  id,
  resource_type: type,
  resource_id: id,
  title,
  thumb: '',
  short_desc: '',
  charge: 0,
  desc: null,
  created_at: '',
  updated_at: '',
  p,
});

describe('search page', () => {
  it('searches the keywords of the URL, highlights them as text and links by resource', async () => {
    const seen: URLSearchParams[] = [];
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v3/search': ({ url }) => {
        seen.push(url.searchParams);
        return ok({
          data: [
            hit(3, 'vod', '用 Python 做数据分析', '<img src=x onerror=alert(1)> 数据清洗'),
            hit(8, 'video', '读取与清洗数据'),
          ],
          total: 2,
        });
      },
    });
    renderApp('/search?keywords=%E6%95%B0%E6%8D%AE');
    expect(await screen.findByRole('heading', { name: '搜索' })).toBeInTheDocument();
    const course = await resultLink('用 Python 做数据分析');
    expect(course).toHaveAttribute('href', '/vod/detail?id=3');
    expect(within(course).getByText('录播课')).toBeInTheDocument();
    expect(Array.from(course.querySelectorAll('mark')).map((m) => m.textContent)).toEqual(['数据', '数据']);
    expect(course.querySelector('img')).toBeNull();
    expect(course).toHaveTextContent('<img src=x onerror=alert(1)> 数据清洗');
    expect(await resultLink('读取与清洗数据')).toHaveAttribute('href', '/vod/video?id=8');
    expect(screen.getByPlaceholderText('搜索关键词')).toHaveValue('数据');
    expect(seen[0].get('keywords')).toBe('数据');
    expect(seen[0].get('type')).toBe('0');
    expect(seen[0].get('size')).toBe('10');
    expect(await screen.findByText('已经到底了')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: '录播视频' }));
    await waitFor(() => expect(seen.at(-1)!.get('type')).toBe('video'));
  });

  it('a new search on the page reloads; empty input toasts; nothing found says so', async () => {
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v3/search': ({ url }) =>
        ok(
          url.searchParams.get('keywords') === 'SQL'
            ? { data: [hit(4, 'vod', 'SQL 实战')], total: 1 }
            : { data: [], total: 0 },
        ),
    });
    const { router } = renderApp('/search?keywords=%E4%B8%8D%E5%AD%98%E5%9C%A8');
    expect(await screen.findByText('没有找到相关内容，换个关键词试试')).toBeInTheDocument();
    const input = screen.getByPlaceholderText('搜索关键词');
    fireEvent.change(input, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('请输入关键字后再搜索')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'SQL' } });
    fireEvent.submit(input);
    expect(await screen.findByRole('link', { name: /SQL 实战/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?keywords=SQL');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keeps a search history in localStorage, reuses it and clears it', async () => {
    localStorage.setItem('kezhan-search-history', JSON.stringify(['Python']));
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v3/search': () => ok({ data: [], total: 0 }),
    });
    const { router } = renderApp('/search');
    expect(screen.queryByText('null')).toBeNull();
    expect(await screen.findByPlaceholderText('搜索关键词')).toHaveValue('');
    const history = screen.getByRole('region', { name: '搜索历史' });
    fireEvent.click(within(history).getByRole('button', { name: 'Python' }));
    await waitFor(() => expect(router.state.location.search).toBe('?keywords=Python'));
    fireEvent.change(screen.getByPlaceholderText('搜索关键词'), { target: { value: 'Go' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(router.state.location.search).toBe('?keywords=Go'));
    expect(JSON.parse(localStorage.getItem('kezhan-search-history')!)).toEqual(['Go', 'Python']);

    await router.navigate('/search', { replace: true });
    const region = await screen.findByRole('region', { name: '搜索历史' });
    expect(
      within(region)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['清空', 'Go', 'Python']);
    fireEvent.click(within(region).getByRole('button', { name: '清空' }));
    expect(screen.getByText('暂无搜索历史')).toBeInTheDocument();
    expect(localStorage.getItem('kezhan-search-history')).toBeNull();
  });
});

describe('Highlight', () => {
  it('marks every keyword case-insensitively, regex characters included', () => {
    const { container } = render(<Highlight text="C++ and c++ or Go (go)" keywords="c++ go" />);
    expect(Array.from(container.querySelectorAll('mark')).map((m) => m.textContent)).toEqual([
      'C++',
      'c++',
      'Go',
      'go',
    ]);
    expect(container.textContent).toBe('C++ and c++ or Go (go)');
    expect(keywordTerms(' a  bb a ')).toEqual(['bb', 'a']);
  });
});
