import { act, render, screen, waitFor } from '@testing-library/react';
import { useApiQuery } from '@/shared/data/query';
import { LoadFailed } from '@/shared/ui/list-states';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from './offline-banner';

afterEach(() => vi.restoreAllMocks());

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

describe('offline banner', () => {
  it('shows while the device is offline and goes when the network is back', () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent(
      '网络已断开，当前显示的是之前加载的内容，联网后会自动刷新',
    );
    goOffline(false);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a failed load offline blames the network, not the server', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<LoadFailed onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('网络已断开，联网后会自动重新加载');
  });

  it('when the network is back every screen on show loads again by itself', async () => {
    const fetch = vi.fn(async () => 'answer');
    function Screen() {
      useApiQuery(['offline-test'], fetch);
      return null;
    }
    render(
      <>
        <OfflineBanner />
        <Screen />
      </>,
    );
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    goOffline(true);
    goOffline(false);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  });
});
