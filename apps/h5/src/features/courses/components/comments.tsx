import type { CommentListV3, CommentReply, CommentThread } from '@kezhan/contract/comments';
import { useState } from 'react';
import type { Query } from '@/shared/data/query';
import { EmptyState, ListSkeleton, LoadFailed } from '@/shared/ui/list-states';
import { showToast } from '@/shared/ui/toast';
import { changeTime } from '@/shared/utils/time';
import { getCommentReplies, type CommentTarget } from '../api/get-comments';
import { useComments } from '../api/queries';

export const DELETED_AUTHOR = '学员已注销';
export const PENDING_TEXT = '评论审核中';

export interface CommentsProps {
  query: Query<CommentListV3>;
  /** What the comments are about: 查看全部 and 查看全部回复 ask for the rest of them. */
  target: CommentTarget;
  canComment?: boolean;
}

type Author = CommentReply['user'];
const authorName = (user: Author | undefined) =>
  user && !Array.isArray(user) ? user.nick_name : DELETED_AUTHOR;

function CommentItem({ comment, children }: { comment: CommentReply; children?: React.ReactNode }) {
  const user = Array.isArray(comment.user) ? null : comment.user;
  return (
    <li className="kz-comment">
      {user?.avatar ? (
        <img className="kz-comment-avatar" src={user.avatar} alt="" width={32} height={32} loading="lazy" />
      ) : (
        <span className="kz-comment-avatar" aria-hidden="true" />
      )}
      <div className="kz-comment-body">
        <div className="kz-comment-head">
          <span className="kz-comment-name">
            {authorName(comment.user)}
            {comment.reply_user ? ` 回复 ${authorName(comment.reply_user)}` : ''}
          </span>
          <time dateTime={comment.created_at}>{changeTime(comment.created_at)}</time>
        </div>
        <p className="kz-comment-text">{comment.is_check === 1 ? comment.content : PENDING_TEXT}</p>
        {comment.ip_province ? <span className="kz-comment-place">{comment.ip_province}</span> : null}
        {children}
      </div>
    </li>
  );
}

function Thread({ thread, target }: { thread: CommentThread; target: CommentTarget }) {
  const [replies, setReplies] = useState(thread.replies);
  const more = thread.replies_count - replies.length;
  return (
    <CommentItem comment={thread}>
      {replies.length > 0 ? (
        <ul className="kz-comment-replies">
          {replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} />
          ))}
        </ul>
      ) : null}
      {more > 0 ? (
        <button
          type="button"
          className="kz-comment-more"
          onClick={() =>
            void getCommentReplies(target, thread.id).then(
              (res) => setReplies(res.data.data),
              () => undefined,
            )
          }
        >
          查看全部{thread.replies_count}条回复
        </button>
      ) : null}
    </CommentItem>
  );
}

/**
 * Comments of a course or a video, newest first, each with its first replies (a posted comment
 * makes the query fetch again). An empty list invites a first comment only when the reader may
 * write one.
 */
export function Comments({ query, target, canComment = true }: CommentsProps) {
  // 查看全部评论 replaces the first page with every top-level comment, for the answer it extends.
  const [all, setAll] = useState<{ of: CommentListV3; threads: CommentThread[] } | null>(null);
  if (query.error !== undefined) return <LoadFailed onRetry={query.refetch} />;
  if (!query.data) return <ListSkeleton rows={2} thumb={false} />;
  const { total } = query.data;
  const threads = all?.of === query.data ? all.threads : query.data.data;
  if (threads.length === 0) return <EmptyState text={canComment ? '暂无评论，快来抢沙发吧' : '暂无评论'} />;
  const answer = query.data;
  const showAll = () =>
    void getCommentReplies(target, '').then(
      (res) => setAll({ of: answer, threads: res.data.data as CommentThread[] }),
      () => undefined,
    );
  return (
    <>
      <ul className="kz-comments">
        {threads.map((thread) => (
          <Thread key={thread.id} thread={thread} target={target} />
        ))}
      </ul>
      {total > threads.length ? (
        <button type="button" className="kz-comment-more" onClick={showAll}>
          查看全部{total}条评论
        </button>
      ) : null}
    </>
  );
}

/** Mounted when its tab is first opened, so the comments are fetched only then. */
export function CourseComments({ id, canComment }: { id: number; canComment: boolean }) {
  const target: CommentTarget = { rt: 1, rid: id };
  return <Comments query={useComments(target)} target={target} canComment={canComment} />;
}

export function VideoComments({ id, canComment }: { id: number; canComment: boolean }) {
  const target: CommentTarget = { rt: 2, rid: id };
  return <Comments query={useComments(target)} target={target} canComment={canComment} />;
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
