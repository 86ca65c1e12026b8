import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useCallback, useState, type ChangeEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MemberDetail as ContractMember } from '@kezhan/contract/member';
import { beginFaceVerify } from '@/shared/verification/face-verify';
import { useFreshMember } from '@/shared/api/queries';
import type { MemberDetail } from '@/shared/api/types';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { NavHeader } from '@/shared/layout/nav-header';
import { useAppStore } from '@/shared/store/app-store';
import { showToast } from '@/shared/ui/toast';
import { maskMobile } from '@/shared/utils/mobile';
import { isWechat } from '@/shared/utils/user-agent';
import { destroyAccount } from '../api/destroy-account';
import { unbindSocialite } from '../api/unbind-socialite';
import { uploadAvatar } from '../api/upload-avatar';
import { DefaultAvatar } from '../components/default-avatar';
import { useRefreshUser } from '../hooks/use-refresh-user';
import { useSocialBindReturn } from '../hooks/use-social-bind-return';
import { checkAvatarSource } from '../utils/image-crop';
import { APP_LABEL, socialBindUrl, type BindApp } from '../utils/social-bind';
import { getBindTicket } from '../api/get-bind-ticket';
import './member.css';
import { confirmDialog, lazyDialog } from '@/shared/ui/lazy-dialog';
import { useConfirmLogout } from '../hooks/use-confirm-logout';
import { SizedImage } from '@/shared/ui/sized-image';
import { ErrorState } from '@/shared/ui/list-states';

export const PROFILE_TEXT = {
  destroyConfirm: '确认注销账号？确认之后账号将在7天后自动注销，期间内登录账号将会自动取消账号注销。',
} as const;

const AvatarCropper = lazyDialog(
  () => import('../components/avatar-cropper').then((module) => module.AvatarCropper),
  (props) => props.file !== null,
);
const NicknameDialog = lazyDialog(() =>
  import('../components/nickname-dialog').then((module) => module.NicknameDialog),
);

type Member = MemberDetail & Partial<Pick<ContractMember, 'is_bind_qq' | 'is_bind_wechat'>>;

function Value({ children, unset }: { children: ReactNode; unset?: boolean }) {
  return (
    <span className={unset ? 'kz-profile-value kz-profile-value--unset' : 'kz-profile-value'}>
      {children}
    </span>
  );
}

/** Profile: avatar, nickname, bindings, real name, password, deletion, logout. */
export default function ProfilePage() {
  useDocumentTitle('个人资料');
  const navigate = useNavigate();
  const logout = useConfirmLogout();
  const user = useAppStore((s) => s.user) as Member | null;
  const config = useAppStore((s) => s.config);
  const refreshUser = useRefreshUser();
  const fresh = useFreshMember({ quiet: false });
  const loadFailed = fresh.error !== undefined;
  const [picked, setPicked] = useState<File | null>(null);
  const [nicknameOpen, setNicknameOpen] = useState(false);

  const refreshQuietly = useCallback(() => void refreshUser().catch(() => undefined), [refreshUser]);
  useSocialBindReturn(refreshQuietly);

  if (!user) {
    return (
      <div className="kz-page">
        <NavHeader title="个人资料" />
        {loadFailed ? (
          <ErrorState title="加载失败" description="请检查网络后重试">
            <Button color="primary" onClick={fresh.refetch}>
              重试
            </Button>
          </ErrorState>
        ) : (
          <div className="kz-profile-skeleton" aria-label="加载中">
            <Skeleton animated className="kz-profile-skeleton-avatar" />
            <Skeleton.Paragraph lineCount={6} animated />
          </div>
        )}
      </div>
    );
  }

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = checkAvatarSource(file);
    if (problem) {
      showToast(problem);
      return;
    }
    setPicked(file);
  };

  const saveAvatar = async (avatar: Blob) => {
    await uploadAvatar(avatar);
    setPicked(null);
    showToast('上传头像成功');
    refreshQuietly();
  };

  const editNickname = () => {
    if (user.is_set_nickname === 1) {
      showToast('您已经设置过昵称了哦');
      return;
    }
    setNicknameOpen(true);
  };

  const inWechat = isWechat();
  const socialRows: BindApp[] = [];
  if (inWechat && Number(config.socialites.wechat_oauth) === 1) socialRows.push('wechat');
  if (!inWechat && Number(config.socialites.qq) === 1) socialRows.push('qq');

  const toggleSocial = async (app: BindApp, bound: boolean) => {
    if (!bound) {
      // The client has already shown why a ticket could not be had.
      const ticket = await getBindTicket().then(
        ({ data }) => data.ticket,
        () => null,
      );
      if (ticket) window.location.href = socialBindUrl(app, config, ticket);
      return;
    }
    const confirmed = await confirmDialog({
      'aria-label': '解除绑定',
      content: `是否解除绑定${APP_LABEL[app]}？`,
    });
    if (!confirmed) return;
    try {
      await unbindSocialite(app);
    } catch {
      return;
    }
    showToast('解绑成功');
    refreshQuietly();
  };

  const mobileBound = user.is_bind_mobile === 1;

  const changePassword = () => {
    if (!mobileBound) {
      showToast('请绑定手机号');
      return;
    }
    navigate('/member/password');
  };

  const requestDeletion = async () => {
    const confirmed = await confirmDialog({
      title: '账号注销',
      'aria-label': '账号注销',
      content: PROFILE_TEXT.destroyConfirm,
    });
    if (!confirmed) return;
    try {
      await destroyAccount();
    } catch {
      return;
    }
    showToast('注销成功');
    useAppStore.getState().logoutAction();
    navigate('/member', { replace: true });
  };

  return (
    <div className="kz-page">
      <NavHeader title="个人资料" />
      <section className="kz-profile-avatar">
        <label className="kz-profile-avatar-pick">
          <span className="kz-member-avatar">
            {user.avatar ? (
              <SizedImage src={user.avatar} alt="头像" width={64} height={64} sizes="64px" loading="eager" />
            ) : (
              <DefaultAvatar />
            )}
          </span>
          <span className="kz-profile-avatar-caption">点击更换头像</span>
          <input
            className="kz-visually-hidden"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            aria-label="更换头像"
            onChange={onPick}
          />
        </label>
      </section>

      <h2 className="kz-profile-section">账户信息</h2>
      <List className="kz-profile-list">
        <List.Item
          onClick={editNickname}
          arrowIcon={user.is_set_nickname !== 1}
          extra={<Value>{user.nick_name}</Value>}
        >
          昵称
        </List.Item>
        {socialRows.map((app) => {
          const bound = (app === 'qq' ? user.is_bind_qq : user.is_bind_wechat) === 1;
          return (
            <List.Item
              key={app}
              onClick={() => void toggleSocial(app, bound)}
              extra={<Value unset={!bound}>{bound ? '已绑定' : '点击绑定'}</Value>}
            >
              绑定{APP_LABEL[app]}
            </List.Item>
          );
        })}
        <List.Item
          onClick={() => navigate(mobileBound ? '/member/mobileVerify' : '/member/mobile')}
          extra={<Value unset={!mobileBound}>{mobileBound ? maskMobile(user.mobile) : '点击绑定'}</Value>}
        >
          绑定手机号
        </List.Item>
        <List.Item
          onClick={() => (user.is_face_verify ? navigate('/auth/faceSuccess') : void beginFaceVerify())}
          extra={<Value unset={!user.is_face_verify}>{user.is_face_verify ? '已认证' : '未认证'}</Value>}
        >
          实名认证
        </List.Item>
        <List.Item
          onClick={changePassword}
          extra={
            <Value unset={user.is_password_set !== 1}>
              {user.is_password_set === 1 ? '已设置' : '设置密码'}
            </Value>
          }
        >
          修改密码
        </List.Item>
        <List.Item onClick={() => void requestDeletion()}>账号注销</List.Item>
      </List>

      <button type="button" className="kz-logout" onClick={() => void logout()}>
        退出登录
      </button>

      <AvatarCropper file={picked} onCancel={() => setPicked(null)} onConfirm={saveAvatar} />
      <NicknameDialog
        visible={nicknameOpen}
        initial={user.is_set_nickname === 1 ? user.nick_name : ''}
        onClose={() => setNicknameOpen(false)}
        onSaved={refreshQuietly}
      />
    </div>
  );
}
