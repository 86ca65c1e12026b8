import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, testConfig } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const announcement = (id: number, title: string) => ({
  id,
  title,
  admin_id: 0,
  announcement: `<p>${title}的内容</p>`,
  view_times: 0,
  created_at: '2026-03-02T02:05:00.000000Z',
  updated_at: '2026-03-02T02:05:00.000000Z',
});

describe('announcements', () => {
  it('home shows the newest announcement, which opens its page', async () => {
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/viewBlock/page/blocks': () => ok([]),
      'GET /api/v2/announcement/latest': () => ok(announcement(3, '春节放假通知')),
      'GET /api/v2/announcement/3': () => ok(announcement(3, '春节放假通知')),
    });
    renderApp('/');
    const link = await screen.findByRole('link', { name: '春节放假通知' });
    expect(link).toHaveAttribute('href', '/announcement?id=3');
    const more = screen.getByRole('link', { name: '更多公告' });
    expect(more).toHaveAttribute('href', '/announcements');
    // The accessible name contains the visible text (speech control users say what they see).
    expect(more.getAttribute('aria-label')).toContain(more.textContent);
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { name: '春节放假通知' })).toBeInTheDocument();
    expect(screen.getByText('春节放假通知的内容')).toBeInTheDocument();
    const time = new Date('2026-03-02T02:05:00Z');
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(
      screen.getByText(
        `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())} ${pad(time.getHours())}:${pad(time.getMinutes())}`,
      ),
    ).toBeInTheDocument();
  });

  it('home shows no bar when there is no announcement', async () => {
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/viewBlock/page/blocks': () => ok([]),
      'GET /api/v2/announcement/latest': () => ok([]),
    });
    renderApp('/');
    expect(await screen.findByText('课栈提供技术支持')).toBeInTheDocument();
    expect(screen.queryByText('公告')).toBeNull();
  });

  it('lists announcements newest first; empty and missing states', async () => {
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/announcements': () =>
        ok({ data: [announcement(2, '新课上线'), announcement(1, '欢迎')], total: 2 }),
      'GET /api/v2/announcement/9': () => fail('资源不存在', 404),
    });
    renderApp('/announcements');
    expect(await screen.findByRole('link', { name: /新课上线/ })).toHaveAttribute(
      'href',
      '/announcement?id=2',
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('an unknown announcement says so instead of failing', async () => {
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/announcement/9': () => fail('资源不存在', 404),
    });
    renderApp('/announcement?id=9');
    expect(await screen.findByText('公告不存在或已删除')).toBeInTheDocument();
  });

  it('no announcements yet', async () => {
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/announcements': () => ok({ data: [], total: 0 }),
    });
    renderApp('/announcements');
    expect(await screen.findByText('暂无公告')).toBeInTheDocument();
  });
});
