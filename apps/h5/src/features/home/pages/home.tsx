import { useEffect } from 'react';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { settleContinueSlot } from '@/shared/layout/continue-slot';
import { useFirstScreenReady } from '@/shared/layout/screen-handover';
import { useAppStore } from '@/shared/store/app-store';
import { ContinueLearning } from '@/shared/ui/continue-learning';
import { useLastLearned, useLatestAnnouncement, usePageBlocks } from '../api/queries';
import { HomeScreen } from '../components/home-screen';
import './home.css';

function HomeSkeleton() {
  return (
    <div className="kz-home-skeleton" role="status" aria-label="加载中">
      <span className="kz-home-skeleton-banner" />
      <span className="kz-home-skeleton-grid">
        {Array.from({ length: 5 }, (_, i) => (
          <span key={i} />
        ))}
      </span>
      <span className="kz-home-skeleton-row" />
      <span className="kz-home-skeleton-row" />
    </div>
  );
}

export default function HomePage() {
  const name = useAppStore((s) => s.config.name);
  useDocumentTitle(name || '首页');
  const blocks = usePageBlocks();
  const announcement = useLatestAnnouncement();
  const isLogin = useAppStore((s) => s.isLogin);
  const memberId = useAppStore((s) => s.user?.id ?? null);
  const lastLearned = useLastLearned(isLogin ? memberId : null);
  const last = lastLearned.data ?? null;
  const settled = !isLogin || lastLearned.data !== undefined || lastLearned.error !== undefined;
  useEffect(() => {
    // A visitor's page keeps no place; a member's answer (card or not) is remembered for next time.
    if (settled) settleContinueSlot(last !== null, isLogin && lastLearned.error === undefined);
  }, [settled, last, isLogin, lastLearned.error]);
  // The 公告 bar sits above the blocks: both are in before the page replaces the server's drawing.
  useFirstScreenReady(!blocks.loading && !announcement.loading);

  const notice = (
    <>
      {blocks.loading ? <HomeSkeleton /> : null}
      {blocks.error !== undefined ? (
        <div className="kz-home-failed" role="alert">
          <p>首页内容加载失败，请检查网络后重试</p>
          <button type="button" onClick={blocks.refetch}>
            重新加载
          </button>
        </div>
      ) : null}
    </>
  );

  return (
    <HomeScreen
      name={name}
      announcement={announcement.data ?? null}
      continueCard={last ? <ContinueLearning data={last} /> : null}
      notice={notice}
      blocks={blocks.data}
    />
  );
}
