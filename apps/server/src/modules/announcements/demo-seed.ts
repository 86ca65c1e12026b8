import type { AppServices } from '../../services';
import { createAnnouncement } from './announcements-service';

/** One announcement, so the demo's home page shows the banner. */
export async function seedDemoAnnouncement({ db, now }: AppServices) {
  await createAnnouncement(
    db,
    {
      title: '欢迎来到课栈：新课上线与学习指南',
      body: '<p>欢迎来到课栈！</p><p>本周上线了多门新课，登录后即可开始学习；遇到问题请在“我的”页面联系客服。</p>',
    },
    now(),
  );
}
