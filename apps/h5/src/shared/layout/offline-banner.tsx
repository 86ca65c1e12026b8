import { useEffect, useSyncExternalStore } from 'react';
import { invalidate } from '@/shared/data/query';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it is online (true where it cannot tell). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine !== false,
    () => true,
  );
}

/**
 * Shown while the device is offline: what is on screen is what was loaded before, and the app
 * loads again by itself when the network is back (the app root refetches every screen then).
 */
export function OfflineBanner() {
  const online = useOnline();
  useEffect(() => {
    const reload = () => invalidate([]);
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  if (online) return null;
  return (
    <div className="kz-offline-banner" role="status">
      网络已断开，当前显示的是之前加载的内容，联网后会自动刷新
    </div>
  );
}
