import type { CommentList } from '@kezhan/contract/courses';
import { useEffect, useState } from 'react';
import { EmptyState, ListSkeleton, LoadFailed } from '@/shared/ui/list-states';
import { showToast } from '@/shared/ui/toast';
import { changeTime } from '@/shared/utils/time';
import { mapGet } from '../utils/outline';
import { decodeEntities } from '../utils/safe-html';
import { SizedImage } from '@/shared/ui/sized-image';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: CommentList };

export const DELETED_AUTHOR = '学员已注销';

/**
 * Comments of a course or a video, newest first; `version` bumps reload the list. An empty list
 * invites a first comment only when the reader may write one (`canComment`).
 */
export function Comments({
  load,
  version,
  canComment = true,
}: {
  load: () => Promise<CommentList>;
  version: number;
  canComment?: boolean;
}) {
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
  const comments = Array.isArray(state.data.comments) ? state.data.comments : [];
  if (comments.length === 0) return <EmptyState text={canComment ? '暂无评论，快来抢沙发吧' : '暂无评论'} />;
  return (
    <ul className="kz-comments">
      {comments.map((c) => {
        const author = mapGet(state.data.users, c.user_id);
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
