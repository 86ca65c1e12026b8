import type { Announcement } from '@kezhan/contract/announcements';
import { Link } from 'react-router-dom';
import './latest-announcement.css';

/** The newest announcement from its answer (`[]` or an empty object when there is none). */
export function announcementFrom(answer: Announcement | [] | null | undefined): Announcement | null {
  return answer && !Array.isArray(answer) && answer.id ? answer : null;
}

/** The home page's 公告 bar: the newest announcement's title, opening its page; nothing when none. */
export function AnnouncementBar({ announcement }: { announcement: Announcement | null }) {
  if (!announcement) return null;
  return (
    <div className="kz-announcement-bar">
      <span className="kz-announcement-tag">公告</span>
      <Link className="kz-announcement-title" to={`/announcement?id=${announcement.id}`}>
        {announcement.title}
      </Link>
      <Link className="kz-announcement-more" to="/announcements" aria-label="更多公告">
        更多
      </Link>
    </div>
  );
}
