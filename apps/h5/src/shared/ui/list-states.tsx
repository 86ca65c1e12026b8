import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './list-states.css';

/** Grey placeholder rows while the first page loads. */
export function ListSkeleton({ rows = 4, thumb = true }: { rows?: number; thumb?: boolean }) {
  return (
    <div className="kz-skeleton-list" role="status" aria-label="加载中">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="kz-skeleton-row">
          {thumb ? <span className="kz-skeleton kz-skeleton-thumb" /> : null}
          <span className="kz-skeleton-lines">
            <span className="kz-skeleton kz-skeleton-line" />
            <span className="kz-skeleton kz-skeleton-line kz-skeleton-line--short" />
          </span>
        </div>
      ))}
    </div>
  );
}

/** A failed load with a way to try again. */
export function LoadFailed({
  onRetry,
  text = '加载失败，请稍后重试',
}: {
  onRetry: () => void;
  text?: string;
}) {
  // Offline, the network is why: say so (the page loads again by itself when it is back).
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return (
    <div className="kz-load-failed" role="alert">
      <p>{offline ? '网络已断开，联网后会自动重新加载' : text}</p>
      <button type="button" onClick={onRetry}>
        重新加载
      </button>
    </div>
  );
}

function EmptyArt() {
  return (
    <svg className="kz-empty-art" viewBox="0 0 96 96" width="88" height="88" aria-hidden="true">
      <circle cx="48" cy="48" r="40" className="kz-empty-art-bg" />
      <rect x="28" y="30" width="40" height="34" rx="5" className="kz-empty-art-card" strokeWidth="3" />
      <path d="M36 42h24M36 50h16" className="kz-empty-art-line" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** Nothing to show: a small illustration and a sentence (never text inside an image). */
export function EmptyState({ text = '暂无数据', children }: { text?: string; children?: ReactNode }) {
  return (
    <div className="kz-empty">
      <EmptyArt />
      <p>{text}</p>
      {children}
    </div>
  );
}

/**
 * A page or block that cannot show its content: a title, an optional hint, and usually a 重试
 * button as children (antd-mobile's ErrorBlock would bring about 9 KB gzipped of pictures).
 */
export function ErrorState({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <div className="kz-empty kz-error-state">
      <EmptyArt />
      <p className="kz-error-state-title">{title}</p>
      {description ? <p className="kz-error-state-hint">{description}</p> : null}
      {children}
    </div>
  );
}

/** The next step from an empty list: a button-like link (去选课). */
export function EmptyAction({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="kz-empty-action">
      {children}
    </Link>
  );
}

/** Footer of an antd-mobile InfiniteScroll: loading, retry after a failure, or the end. */
export function infiniteFooter(hasMore: boolean, failed: boolean, retry: () => void) {
  if (!hasMore) return <span className="kz-list-end">已经到底了</span>;
  if (failed) {
    return (
      <span className="kz-list-end">
        加载失败，
        <button type="button" className="kz-link-button" onClick={retry}>
          重新加载
        </button>
      </span>
    );
  }
  return <span className="kz-list-end">加载中…</span>;
}
