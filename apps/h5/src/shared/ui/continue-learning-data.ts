/** What the 继续学习 card shows; its own module so the card and its lazily loaded next step share it. */
export interface ContinueLearningData {
  courseId: number;
  courseTitle: string;
  thumb: string;
  /** Whole percent of the course done. */
  percent: number;
  /** The lesson the card opens; null when every lesson is finished (it opens the course). */
  videoId: number | null;
  videoTitle: string;
  /** true: the lesson seen last (上次学到, where it stopped); false: the next one (下一课). */
  resume: boolean;
  /** The lesson seen last is finished: the card should move on to the next one. */
  finished: boolean;
  watchSeconds: number;
  duration: number;
}
