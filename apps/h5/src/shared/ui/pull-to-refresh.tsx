import { useLatest } from 'ahooks';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import './pull-to-refresh.css';

type Status = 'idle' | 'pulling' | 'release' | 'refreshing' | 'done';

const HEAD = 40;
const THRESHOLD = 60;
const DONE_DELAY = 500;
const TEXT: Record<Exclude<Status, 'idle'>, string> = {
  pulling: '下拉刷新',
  release: '释放立即刷新',
  refreshing: '加载中...',
  done: '刷新成功',
};

/** Scrolled away from the top: the window or any scrolling box around the touched element. */
function scrolledDown(target: EventTarget | null): boolean {
  for (let node = target instanceof Element ? target : null; node; node = node.parentElement) {
    if (node.scrollTop > 0) return true;
  }
  return window.scrollY > 0;
}

/** The further the finger goes, the less the head follows (as a rubber band). */
function damped(distance: number): number {
  const max = HEAD * 5;
  return (distance * max * 0.5) / (max + 0.5 * distance);
}

/**
 * Pull down at the top of the list to reload it (a touch gesture, as antd-mobile's PullToRefresh,
 * whose spring and gesture libraries weigh about 23 KB gzipped; this head slides with CSS).
 * The status text is announced politely while it refreshes.
 */
export function PullToRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const root = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [height, setHeight] = useState(0);
  const [dragging, setDragging] = useState(false);
  const refresh = useLatest(onRefresh);

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    let startY: number | null = null;
    let pulled = 0;
    let busy = false;

    const reset = () => {
      setHeight(0);
      setStatus('idle');
    };
    const run = async () => {
      busy = true;
      setHeight(HEAD);
      setStatus('refreshing');
      try {
        await refresh.current();
        setStatus('done');
        await new Promise((resolve) => window.setTimeout(resolve, DONE_DELAY));
      } catch {
        // The list shows why it failed; the head just closes.
      }
      busy = false;
      reset();
    };

    const onStart = (event: TouchEvent) => {
      startY =
        !busy && event.touches.length === 1 && !scrolledDown(event.target) ? event.touches[0]!.clientY : null;
      pulled = 0;
    };
    const onMove = (event: TouchEvent) => {
      if (startY === null) return;
      const distance = event.touches[0]!.clientY - startY;
      if (distance <= 0 && pulled === 0) {
        startY = null;
        return;
      }
      if (event.cancelable) event.preventDefault();
      pulled = Math.max(0, Math.round(damped(distance)));
      setDragging(true);
      setHeight(pulled);
      setStatus(pulled > THRESHOLD ? 'release' : 'pulling');
    };
    const onEnd = () => {
      if (startY === null) return;
      startY = null;
      setDragging(false);
      if (pulled > THRESHOLD) void run();
      else reset();
      pulled = 0;
    };

    element.addEventListener('touchstart', onStart, { passive: true });
    element.addEventListener('touchmove', onMove, { passive: false });
    element.addEventListener('touchend', onEnd);
    element.addEventListener('touchcancel', onEnd);
    return () => {
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchmove', onMove);
      element.removeEventListener('touchend', onEnd);
      element.removeEventListener('touchcancel', onEnd);
    };
  }, [refresh]);

  return (
    <div ref={root} className="kz-ptr">
      <div className={dragging ? 'kz-ptr-head kz-ptr-head--dragging' : 'kz-ptr-head'} style={{ height }}>
        <div className="kz-ptr-text" role="status">
          {status === 'refreshing' || status === 'done' ? (
            TEXT[status]
          ) : status === 'idle' ? null : (
            <span aria-hidden="true">{TEXT[status]}</span>
          )}
        </div>
      </div>
      <div className="kz-ptr-content">{children}</div>
    </div>
  );
}
