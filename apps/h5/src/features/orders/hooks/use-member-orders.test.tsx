import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '@/test/mock-api';
import { useMemberOrders } from './use-member-orders';

afterEach(() => {
  vi.unstubAllGlobals();
});

const item = (id: number) => ({ id, order_id: String(id), goods: [] });
const ids = (list: { id: number }[]) => list.map((o) => o.id);
const full = (from: number) => Array.from({ length: 10 }, (_, i) => item(from + i));

describe('useMemberOrders (pull to refresh and paging)', () => {
  it('refresh reloads page 1 and restarts paging; a page started before the refresh is dropped', async () => {
    let version = 1;
    let releasePage2: () => void = () => {};
    mockApi({
      'GET /api/v2/member/orders': ({ url }) => {
        const page = url.searchParams.get('page');
        if (page === '1') return ok({ data: version === 1 ? full(1) : full(101) });
        return new Promise((resolve) => {
          releasePage2 = () => resolve(ok({ data: [item(11)] }));
        });
      },
    });
    const { result } = renderHook(() => useMemberOrders());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(ids(result.current.orders)).toEqual(ids(full(1)));
    expect(result.current.hasMore).toBe(true);

    let more: Promise<void> = Promise.resolve();
    act(() => {
      more = result.current.loadMore();
    });
    version = 2;
    await act(async () => {
      await result.current.refresh();
    });
    expect(ids(result.current.orders)).toEqual(ids(full(101)));
    await act(async () => {
      releasePage2();
      await more;
    });
    expect(ids(result.current.orders)).toEqual(ids(full(101)));
    expect(result.current.status).toBe('ready');
  });

  it('a failed refresh keeps the list on screen', async () => {
    let down = false;
    mockApi({
      'GET /api/v2/member/orders': () => (down ? new Response('', { status: 500 }) : ok({ data: [item(1)] })),
    });
    const { result } = renderHook(() => useMemberOrders());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.hasMore).toBe(false);
    down = true;
    await act(async () => {
      await result.current.refresh();
    });
    expect(result.current.status).toBe('ready');
    expect(ids(result.current.orders)).toEqual([1]);
  });
});
