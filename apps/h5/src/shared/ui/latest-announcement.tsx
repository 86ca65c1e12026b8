import type { Announcement } from '@kezhan/contract/announcements';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { getLatestAnnouncement } from '@/shared/api/get-latest-announcement';
import './latest-announcement.css';

/** The home page's 公告 bar: the newest announcement's title, opening its page; nothing when none. */
export function LatestAnnouncement() {
  const [latest, setLatest] = useState<Announcement | null>(null);
  useEffect(() => {
    let alive = true;
    getLatestAnnouncement({ quiet: true })
      .then((res) => {
        if (alive) setLatest(!Array.isArray(res.data) && res.data.id ? res.data : null);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  if (!latest) return null;
  return (
    <div className="kz-announcement-bar">
      <span className="kz-announcement-tag">公告</span>
      <Link className="kz-announcement-title" to={`/announcement?id=${latest.id}`}>
        {latest.title}
      </Link>
      <Link className="kz-announcement-more" to="/announcements" aria-label="全部公告">
        更多
      </Link>
    </div>
  );
}
