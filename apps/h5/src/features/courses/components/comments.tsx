import type { CommentList } from '@kezhan/contract/courses';
import { useState } from 'react';
import type { Query } from '@/shared/data/query';
import { EmptyState, ListSkeleton, LoadFailed } from '@/shared/ui/list-states';
import { showToast } from '@/shared/ui/toast';
import { changeTime } from '@/shared/utils/time';
import { useCourseComments, useVideoComments } from '../api/queries';
import { mapGet } from '../utils/outline';
import { decodeEntities } from '../utils/safe-html';
import { SizedImage } from '@/shared/ui/sized-image';

export const DELETED_AUTHOR = '学员已注销';

/**
 * Comments of a course or a video, newest first (a posted comment makes the query fetch again).
 * An empty list invites a first comment only when the reader may write one (`canComment`).
 */
export function Comments({ query, canComment = true }: { query: Query<CommentList>; canComment?: boolean }) {
  if (query.error !== undefined) return <LoadFailed onRetry={query.refetch} />;
  if (!query.data) return <ListSkeleton rows={2} thumb={false} />;
  const data = query.data;
  const comments = Array.isArray(data.comments) ? data.comments : [];
  if (comments.length === 0) return <EmptyState text={canComment ? '暂无评论，快来抢沙发吧' : '暂无评论'} />;
  return (
    <ul className="kz-comments">
      {comments.map((c) => {
        const author = mapGet(data.users, c.user_id);
        return (
          <li key={c.id} className="kz-comment">
            {author?.avatar ? (
              <SizedImage
                className="kz-comment-avatar"
                src={author.avatar}
                alt=""
                width={32}
                height={32}
                sizes="32px"
              />
            ) : (
              <span className="kz-comment-avatar" aria-hidden="true" />
            )}
            <div className="kz-comment-body">
              <div className="kz-comment-head">
                <span className="kz-comment-name">{author?.nick_name || DELETED_AUTHOR}</span>
                <time dateTime={c.created_at}>{changeTime(c.created_at)}</time>
              </div>
              <p className="kz-comment-text">{decodeEntities(c.render_content)}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Mounted when its tab is first opened, so the comments are fetched only then. */
export function CourseComments({ id, canComment }: { id: number; canComment: boolean }) {
  return <Comments query={useCourseComments(id)} canComment={canComment} />;
}

export function VideoComments({ id, canComment }: { id: number; canComment: boolean }) {
  return <Comments query={useVideoComments(id)} canComment={canComment} />;
}

export const COMMENT_MIN_LENGTH = 6;

/**
 * The comment box: 发布 does nothing while empty, asks for six characters, posts, toasts
 * 成功 and clears. `onSubmit` rejects when the server refuses (its message is already shown).
 */
export function CommentComposer({ onSubmit }: { onSubmit: (content: string) => Promise<void> }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const content = text.trim();
    if (!content || busy) return;
    if ([...content].length < COMMENT_MIN_LENGTH) {
      void showToast('评论内容不能少于6个字');
      return;
    }
    setBusy(true);
    try {
      await onSubmit(content);
      setText('');
    } catch {
      /* the HTTP client has shown the server's message */
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="kz-composer" onSubmit={submit}>
      <input
        aria-label="评论内容"
        placeholder="请输入评论内容"
        value={text}
        maxLength={1000}
        onChange={(e) => setText(e.target.value)}
        enterKeyHint="send"
      />
      <button
        type="submit"
        className={text.trim() ? 'kz-composer-send kz-composer-send--ready' : 'kz-composer-send'}
        disabled={busy}
      >
        发布
      </button>
    </form>
  );
}
