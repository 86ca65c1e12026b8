import { getLatestAnnouncement } from '@/shared/api/get-latest-announcement';
import { useApiQuery } from '@/shared/data/query';
import { continueCard, continueFromRow } from '@/shared/ui/continue-learning';
import { announcementFrom } from '@/shared/ui/latest-announcement';
import { getLastLearned } from './get-last-learned';
import { getPageBlocks } from './get-page-blocks';

/** Typed hooks over the home page's endpoints. */
export function usePageBlocks() {
  return useApiQuery(['page-blocks', 'h5-home'], async (signal) => {
    const { data } = await getPageBlocks({ quiet: true, signal });
    return Array.isArray(data) ? data : [];
  });
}

/** The newest announcement for the 公告 bar, null when there is none. */
export function useLatestAnnouncement() {
  return useApiQuery(['announcement', 'latest'], async (signal) =>
    announcementFrom((await getLatestAnnouncement({ quiet: true, signal })).data),
  );
}

/** The last lesson the member studied (继续学习); nothing for visitors (`memberId` null). */
export function useLastLearned(memberId: number | null) {
  return useApiQuery(
    ['last-learned', memberId],
    async (signal) => {
      const row = (await getLastLearned({ quiet: true, signal })).data.data?.[0];
      return continueCard(row ? continueFromRow(row) : null, signal);
    },
    { enabled: memberId !== null },
  );
}
