import type { CourseAttachment } from '@kezhan/contract/courses';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { loginUrl } from '@/shared/layout/require-auth';
import { getToken } from '@/shared/storage/storage';
import { showToast } from '@/shared/ui/toast';
import { isWechat } from '@/shared/utils/user-agent';
import { getAttachmentAddress } from '../api/get-attachment-address';

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
 * otherwise the server gives a download address with a single-use ticket (never the login token
 * in a URL). Inside WeChat (which cannot download) that address is copied, elsewhere it opens in
 * a new window.
 */
export function useAttachmentDownload(courseId: number | undefined, canDownload: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    async (attachment: CourseAttachment) => {
      if (!getToken()) {
        navigate(loginUrl(location.pathname + location.search));
        return;
      }
      if (!canDownload || !courseId) {
        void showToast('请购买课程');
        return;
      }
      const inWechat = isWechat();
      // Opened during the tap, before the request: browsers block windows opened later.
      const target = inWechat ? null : window.open('', '_blank');
      let address: string;
      try {
        address = (await getAttachmentAddress(courseId, attachment.id)).data.download_url;
      } catch {
        target?.close();
        return;
      }
      if (inWechat) {
        void showToast((await copy(address)) ? '链接已复制，请使用浏览器下载' : '请在浏览器中打开后下载');
      } else if (target) {
        target.opener = null;
        target.location.href = address;
      } else {
        window.location.href = address;
      }
    },
    [courseId, canDownload, navigate, location.pathname, location.search],
  );
}
