import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PullToRefresh } from './pull-to-refresh';

afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});

function pull(element: Element, distance: number) {
  fireEvent.touchStart(element, { touches: [{ clientY: 100 }] });
  fireEvent.touchMove(element, { touches: [{ clientY: 100 + distance / 2 }] });
  fireEvent.touchMove(element, { touches: [{ clientY: 100 + distance }] });
}

describe('PullToRefresh', () => {
  it('a long pull asks to release, then reloads, announces 加载中... and 刷新成功, and closes', async () => {
    vi.useFakeTimers();
    let finish = () => {};
    const onRefresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(
      <PullToRefresh onRefresh={onRefresh}>
        <p>列表</p>
      </PullToRefresh>,
    );
    const list = screen.getByText('列表');
    pull(list, 40);
    expect(screen.getByText('下拉刷新')).toBeInTheDocument();
    pull(list, 300);
    expect(screen.getByText('释放立即刷新')).toBeInTheDocument();
    fireEvent.touchEnd(list);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('加载中...');

    // A second pull while it reloads changes nothing.
    pull(list, 300);
    fireEvent.touchEnd(list);
    expect(onRefresh).toHaveBeenCalledTimes(1);

    await act(async () => finish());
    expect(screen.getByRole('status')).toHaveTextContent('刷新成功');
    await act(async () => void vi.advanceTimersByTime(500));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('a short pull, an upward swipe or a pull while the page is scrolled down does not reload', () => {
    const onRefresh = vi.fn(async () => {});
    render(
      <PullToRefresh onRefresh={onRefresh}>
        <p>列表</p>
      </PullToRefresh>,
    );
    const list = screen.getByText('列表');
    pull(list, 60);
    fireEvent.touchEnd(list);
    pull(list, -300);
    fireEvent.touchEnd(list);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 200 });
    pull(list, 300);
    fireEvent.touchEnd(list);
    expect(onRefresh).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
