import { createElement, type ReactNode } from 'react';
import type { NavigateFunction } from 'react-router-dom';
import { getMemberDetail } from '@/shared/api/get-member-detail';
import type { MemberDetail, SiteConfig } from '@/shared/api/types';
import { clearFaceVerify, clearToken, getToken, saveTmpToken } from '@/shared/storage/storage';
import { useAppStore } from '@/shared/store/app-store';
import { dialogContainer } from '@/shared/ui/dialog-container';
import { withFocusReturn } from '@/shared/ui/focus-return';
import { beginFaceVerify, FACE_VERIFY_FAILED } from '@/shared/verification/face-verify';
import { agreeAgreements } from '../api/agree-agreements';

export const GATE_TEXT = {
  bindTitle: '绑定手机号',
  bindContent: '登录前请绑定手机号',
  bindConfirm: '立即绑定',
  faceTitle: '实名认证',
  faceContent: '登录前请完成实名认证',
  faceConfirm: '立即认证',
  agreementTitle: '协议更新',
  agreementConfirm: '同意并继续',
  cancel: '退出登录',
  faceFailed: FACE_VERIFY_FAILED,
} as const;

export function needsMobileBind(config: SiteConfig, user: MemberDetail): boolean {
  return Number(config.member.enabled_mobile_bind_alert) === 1 && user.is_bind_mobile !== 1;
}

export function needsFaceVerify(config: SiteConfig, user: MemberDetail): boolean {
  return config.member.enabled_face_verify === true && user.is_face_verify === false;
}

/** The titles of the agreements the member has not accepted in their published version. */
export function agreementsToAccept(user: MemberDetail): string[] {
  const status = user.agreement_status;
  if (!status) return [];
  return [
    ...(status.user_agreement_agreed ? [] : ['用户协议']),
    ...(status.privacy_policy_agreed ? [] : ['隐私协议']),
  ];
}

function logoutToMember(navigate: NavigateFunction) {
  useAppStore.getState().logoutAction();
  navigate('/member', { replace: true });
}

/**
 * The "ShowModel" of the original: a centred dialog whose cancel button always reads
 * 退出登录 and logs the visitor out.
 */
export async function askOrLogout(
  navigate: NavigateFunction,
  texts: { title: string; content: ReactNode; confirmText: string },
): Promise<boolean> {
  // Loaded on demand: most visits never need this dialog, and the home route stays small.
  const { default: Dialog } = await import('antd-mobile/es/components/dialog');
  const confirmed = await withFocusReturn(() =>
    Dialog.confirm({
      title: texts.title,
      'aria-label': texts.title,
      getContainer: dialogContainer,
      content: texts.content,
      confirmText: texts.confirmText,
      cancelText: GATE_TEXT.cancel,
    }),
  );
  if (!confirmed) logoutToMember(navigate);
  return confirmed;
}

export async function showFaceVerifyModal(navigate: NavigateFunction): Promise<void> {
  const confirmed = await askOrLogout(navigate, {
    title: GATE_TEXT.faceTitle,
    content: GATE_TEXT.faceContent,
    confirmText: GATE_TEXT.faceConfirm,
  });
  if (confirmed) await beginFaceVerify();
}

/**
 * Bind modal after a normal login: the token is parked as the temporary token so
 * /bind-mobile can send it in the body and promote it back on success.
 */
export async function showBindMobileModal(navigate: NavigateFunction): Promise<void> {
  const confirmed = await askOrLogout(navigate, {
    title: GATE_TEXT.bindTitle,
    content: GATE_TEXT.bindContent,
    confirmText: GATE_TEXT.bindConfirm,
  });
  if (!confirmed) return;
  const token = getToken();
  if (token) saveTmpToken(token);
  clearToken();
  useAppStore.setState({ isLogin: false, user: null });
  navigate('/bind-mobile');
}

/**
 * A new version of the user agreement or privacy policy that the operator marked as needing
 * consent: the member reads it (links to the published pages) and agrees, or is logged out.
 */
export async function showAgreementModal(
  navigate: NavigateFunction,
  config: SiteConfig,
  titles: string[],
): Promise<void> {
  const pages: Record<string, string> = {
    用户协议: config.user_protocol,
    隐私协议: config.user_private_protocol,
  };
  const links = titles.flatMap((title, index) => [
    ...(index > 0 ? ['和'] : []),
    createElement(
      'a',
      { key: title, href: pages[title], target: '_blank', rel: 'noreferrer' },
      `《${title}》`,
    ),
  ]);
  const confirmed = await askOrLogout(navigate, {
    title: GATE_TEXT.agreementTitle,
    content: createElement('span', null, '我们更新了', ...links, '，请阅读并同意后继续使用。'),
    confirmText: GATE_TEXT.agreementConfirm,
  });
  if (confirmed) await recordAgreement();
}

/** Records the member's agreement to the published versions and refreshes the member. */
async function recordAgreement(): Promise<void> {
  await agreeAgreements();
  const user = (await getMemberDetail({ quiet: true })).data;
  useAppStore.getState().loginAction(user);
}

export type GateResult = 'bind' | 'face' | 'done';

/**
 * After login or at startup: bind modal first, then face verification, else done
 * (and the face-verification keys are forgotten).
 */
export function runLoginGate(
  navigate: NavigateFunction,
  config: SiteConfig,
  user: MemberDetail,
  options: {
    skipBind?: boolean;
    skipFace?: boolean;
    /**
     * The member has just ticked 同意 beside the agreements on the login page: their agreement is
     * recorded rather than asked for a second time.
     */
    agreedOnThisPage?: boolean;
  } = {},
): GateResult {
  if (!options.skipBind && needsMobileBind(config, user)) {
    void showBindMobileModal(navigate);
    return 'bind';
  }
  if (needsFaceVerify(config, user)) {
    if (!options.skipFace) void showFaceVerifyModal(navigate);
    return 'face';
  }
  clearFaceVerify();
  // Asked on top of whatever page comes next: it does not hold up the login's own navigation.
  const titles = agreementsToAccept(user);
  if (titles.length > 0) {
    void (options.agreedOnThisPage ? recordAgreement() : showAgreementModal(navigate, config, titles));
  }
  return 'done';
}
