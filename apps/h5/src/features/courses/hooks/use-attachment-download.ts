import type { CourseAttachment } from '@kezhan/contract/courses';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { getApiBase } from '@/shared/http/api-base';
import { loginUrl } from '@/shared/layout/require-auth';
import { getToken } from '@/shared/storage/storage';
import { showToast } from '@/shared/ui/toast';
import { isWechat } from '@/shared/utils/user-agent';

export function attachmentUrl(
  id: number,
  token: string,
  base = getApiBase() || window.location.origin,
): string {
  return `${base}/api/v2/course/attach/${id}/download?token=${encodeURIComponent(token)}`;
}

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * 下载: visitors log in first; members who may not study a paid course are told to buy it;
 * inside WeChat (which cannot download) the link is copied, elsewhere it opens in a new window.
 */
export function useAttachmentDownload(canDownload: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    async (attachment: CourseAttachment) => {
      const token = getToken();
      if (!token) {
        navigate(loginUrl(location.pathname + location.search));
        return;
      }
      if (!canDownload) {
        void showToast('请购买课程');
        return;
      }
      const url = attachmentUrl(attachment.id, token);
      if (isWechat()) {
        void showToast((await copy(url)) ? '链接已复制，请使用浏览器下载' : '请在浏览器中打开后下载');
        return;
      }
      window.open(url, '_blank', 'noopener');
    },
    [canDownload, navigate, location.pathname, location.search],
  );
}
