import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { onUnauthorized } from '@/shared/http/client';
import { setNavigator } from '@/shared/http/navigation';
import { showAppScreen } from '@/shared/layout/screen-handover';
import { OfflineBanner } from '@/shared/layout/offline-banner';
import { PageLoading } from '@/shared/layout/page-loading';
import { ScrollToTop } from '@/shared/layout/scroll-to-top';
import { useAppStore } from '@/shared/store/app-store';
import { preloadToast } from '@/shared/ui/toast';
import { watchMemberChanges } from './member-changes';
import { useStartup, type StartupStatus } from './startup';
import './app.css';

function ConfigFailedBanner({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="kz-startup-error" role="alert">
      <span>站点配置加载失败，请检查网络后重试</span>
      <button type="button" onClick={onRetry}>
        重试
      </button>
    </div>
  );
}

/**
 * The server's drawing of the first page gives way to the app when the page says it is ready, and
 * also when startup fails or the visitor is sent to another page (e.g. a login gate).
 */
function useTakeOverWhenLeavingFirstPage(status: StartupStatus) {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  useLayoutEffect(() => {
    if (status === 'config-failed' || pathname !== firstPath.current) showAppScreen();
  }, [status, pathname]);
}

/** Root of every route: startup gate, router-aware HTTP navigation, scroll reset, lazy pages. */
export function AppRoot() {
  const navigate = useNavigate();
  const { status, retry } = useStartup();
  useTakeOverWhenLeavingFirstPage(status);
  useEffect(watchMemberChanges, []);

  useEffect(() => {
    setNavigator((to, options) => navigate(to, options));
    onUnauthorized(() => useAppStore.setState({ isLogin: false, user: null }));
    // Fetched at the member's first touch or key, not while the page loads (its links cost a long task).
    const preload = () => void preloadToast();
    const firstTouch = { once: true, passive: true, capture: true } as const;
    window.addEventListener('pointerdown', preload, firstTouch);
    window.addEventListener('keydown', preload, firstTouch);
    return () => {
      window.removeEventListener('pointerdown', preload, firstTouch);
      window.removeEventListener('keydown', preload, firstTouch);
      setNavigator(null);
      onUnauthorized(null);
    };
  }, [navigate]);

  if (status === 'loading' || status === 'leaving') return <PageLoading />;

  return (
    <main className="kz-main">
      <ScrollToTop />
      <OfflineBanner />
      {status === 'config-failed' ? <ConfigFailedBanner onRetry={retry} /> : null}
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
