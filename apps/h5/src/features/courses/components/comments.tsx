import type { CommentListV3, CommentReply, CommentThread } from '@kezhan/contract/comments';
import { useEffect, useState } from 'react';
import { EmptyState, ListSkeleton, LoadFailed } from '@/shared/ui/list-states';
import { showToast } from '@/shared/ui/toast';
import { changeTime } from '@/shared/utils/time';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: CommentListV3 };

export const DELETED_AUTHOR = '学员已注销';
export const PENDING_TEXT = '评论审核中';

export interface CommentsProps {
  load: () => Promise<CommentListV3>;
  /** Every top-level comment (查看全部), and every reply of one thread (查看全部回复). */
  loadAll: () => Promise<CommentThread[]>;
  loadReplies: (parentId: string) => Promise<CommentReply[]>;
  version: number;
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

function Thread({
  thread,
  loadReplies,
}: {
  thread: CommentThread;
  loadReplies: CommentsProps['loadReplies'];
}) {
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
          onClick={() => void loadReplies(thread.id).then(setReplies, () => undefined)}
        >
          查看全部{thread.replies_count}条回复
        </button>
      ) : null}
    </CommentItem>
  );
}

/**
 * Comments of a course or a video, newest first, each with its first replies; `version` bumps
 * reload the list. An empty list invites a first comment only when the reader may write one.
 */
export function Comments({ load, loadAll, loadReplies, version, canComment = true }: CommentsProps) {
  const [state, setState] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    load()
      .then((data) => alive && setState({ status: 'ready', data }))
      .catch(() => alive && setState({ status: 'error' }));
    return () => {
      alive = false;
    };
  }, [load, version, attempt]);

  if (state.status === 'loading') return <ListSkeleton rows={2} thumb={false} />;
  if (state.status === 'error') {
    return (
      <LoadFailed
        onRetry={() => {
          setState({ status: 'loading' });
          setAttempt((a) => a + 1);
        }}
      />
    );
  }
  const { data: threads, total } = state.data;
  if (threads.length === 0) return <EmptyState text={canComment ? '暂无评论，快来抢沙发吧' : '暂无评论'} />;
  const showAll = () =>
    void loadAll().then(
      (all) => setState({ status: 'ready', data: { data: all, total } }),
      () => undefined,
    );
  return (
    <>
      <ul className="kz-comments">
        {threads.map((thread) => (
          <Thread key={thread.id} thread={thread} loadReplies={loadReplies} />
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
