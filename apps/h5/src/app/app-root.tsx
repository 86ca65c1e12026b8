import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { invalidate } from '@/shared/data/query';
import { onUnauthorized } from '@/shared/http/client';
import { setNavigator } from '@/shared/http/navigation';
import { PageLoading } from '@/shared/layout/page-loading';
import { ScrollToTop } from '@/shared/layout/scroll-to-top';
import { useAppStore } from '@/shared/store/app-store';
import { preloadToast } from '@/shared/ui/toast';
import { useStartup } from './startup';
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

/** Root of every route: startup gate, router-aware HTTP navigation, scroll reset, lazy pages. */
export function AppRoot() {
  const navigate = useNavigate();
  const { status, retry } = useStartup();
  // Logging in changes many answers (isBuy, isCollect, progress): what is on screen fetches again.
  // (Logging out leaves member screens, and a member query must not run without its token.)
  useEffect(
    () =>
      useAppStore.subscribe((state, previous) => {
        if (state.isLogin && !previous.isLogin) invalidate([]);
      }),
    [],
  );

  useEffect(() => {
    setNavigator((to, options) => navigate(to, options));
    onUnauthorized(() => useAppStore.setState({ isLogin: false, user: null }));
    const idle = window.setTimeout(() => void preloadToast(), 1500);
    return () => {
      window.clearTimeout(idle);
      setNavigator(null);
      onUnauthorized(null);
    };
  }, [navigate]);

  if (status === 'loading' || status === 'leaving') return <PageLoading />;

  return (
    <main className="kz-main">
      <ScrollToTop />
      {status === 'config-failed' ? <ConfigFailedBanner onRetry={retry} /> : null}
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
