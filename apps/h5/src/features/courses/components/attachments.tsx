import type { CourseAttachment } from '@kezhan/contract/courses';
import { EmptyState } from '@/shared/ui/list-states';

function sizeText(bytes: number): string {
  if (!bytes) return '';
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)}MB`;
}

/** Course files with a 下载 action each. */
export function Attachments({
  items,
  onDownload,
}: {
  items: CourseAttachment[];
  onDownload: (a: CourseAttachment) => void;
}) {
  if (!items.length) return <EmptyState text="暂无课件" />;
  return (
    <ul className="kz-attachments">
      {items.map((a) => (
        <li key={a.id} className="kz-attachment">
          <span className="kz-attachment-ext" aria-hidden="true">
            {(a.extension || 'file').slice(0, 4).toUpperCase()}
          </span>
          <span className="kz-attachment-name">
            {a.name}
            {a.size ? <small>{sizeText(a.size)}</small> : null}
          </span>
          <button
            type="button"
            className="kz-attachment-download"
            aria-label={`下载 ${a.name}`}
            onClick={() => onDownload(a)}
          >
            下载
          </button>
        </li>
      ))}
    </ul>
  );
}
