import { getCourse } from '@/shared/api/get-course';
import { courseProgressView, lessonOrder } from '@/shared/utils/next-lesson';
import type { ContinueLearningData } from './continue-learning-data';

/** The 继续学习 card after a finished lesson: the course's next unfinished lesson, or the course. */
export async function moveOn(card: ContinueLearningData, signal: AbortSignal): Promise<ContinueLearningData> {
  const { data } = await getCourse(card.courseId, { quiet: true, signal });
  const { next } = courseProgressView(
    lessonOrder(data.chapters, data.videos),
    data.videoWatchedProgress,
    card.videoId ?? undefined,
  );
  if (!next) return { ...card, videoId: null, resume: false, finished: false };
  return {
    ...card,
    videoId: next.id,
    videoTitle: next.title,
    resume: false,
    finished: false,
    watchSeconds: 0,
    duration: next.duration,
  };
}
